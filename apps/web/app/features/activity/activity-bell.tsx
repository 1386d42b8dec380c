import { Link } from 'react-router';
import { badgeText } from '@plaza/core/notifications';
import { BellIcon } from '../../components/icons.tsx';
import { ACTIVITY_HREF } from './activity-data.ts';
import { useActivityLive } from './activity-live.ts';

/** The header's bell: a link to the feed with the unread count, updated as things happen. */
export function ActivityBell({ initialCount }: { initialCount: number }) {
  const { unreadCount } = useActivityLive(true);
  const count = unreadCount ?? initialCount;
  const label = count > 0 ? `Activity, ${count} unread` : 'Activity';
  return (
    <Link
      to={ACTIVITY_HREF}
      aria-label={label}
      className="relative grid size-10 shrink-0 place-items-center rounded-full text-ink hover:bg-ink/5"
    >
      <BellIcon className="size-5.5" />
      {count > 0 ? (
        <span
          data-testid="activity-badge"
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-coral-strong px-1 text-[0.6875rem] leading-none font-extrabold text-white ring-2 ring-cream"
        >
          {badgeText(count)}
        </span>
      ) : null}
    </Link>
  );
}
