import { Link } from 'react-router';
import type { ActivityType } from '@plaza/core/notifications';
import { Avatar } from '../../components/avatar.tsx';
import { BellIcon, CalendarIcon, ChatIcon, UsersIcon } from '../../components/icons.tsx';
import { safeActivityHref, type ActivityView } from './activity-data.ts';

const KIND_ICON: Partial<Record<ActivityType, typeof BellIcon>> = {
  PLAN_REMINDER: CalendarIcon,
  PLAN_UPDATED: CalendarIcon,
  PLAN_CANCELLED: CalendarIcon,
  GROUP_JOIN_APPROVED: UsersIcon,
  MENTION: ChatIcon,
  THREAD_REPLY: ChatIcon,
  POLL_RESULT: ChatIcon,
};

function KindBadge({ type }: { type: ActivityType }) {
  const Icon = KIND_ICON[type] ?? BellIcon;
  return (
    <span className="grid size-11 shrink-0 place-items-center rounded-full bg-sand text-ink">
      <Icon className="size-5" />
    </span>
  );
}

function Suggestion({ suggestion }: { suggestion: NonNullable<ActivityView['suggestion']> }) {
  if (suggestion.kind === 'POLL') {
    return (
      <div className="mt-2 rounded-2xl border border-line bg-white p-3">
        <p className="font-bold">{suggestion.title}</p>
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Options">
          {(suggestion.options ?? []).map((option) => (
            <li key={option} className="rounded-full bg-sand px-3 py-1 text-sm font-semibold">
              {option}
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <div className="mt-2 flex gap-3 rounded-2xl border border-line bg-white p-3">
      {suggestion.image ? (
        <img
          src={suggestion.image}
          alt=""
          className="size-16 shrink-0 rounded-xl object-cover"
          loading="lazy"
        />
      ) : (
        <span
          aria-hidden="true"
          className="grid size-16 shrink-0 place-items-center rounded-xl bg-lilac-soft text-2xl"
        >
          {suggestion.kind === 'GROUP' ? '👥' : '📅'}
        </span>
      )}
      <div className="min-w-0">
        <p className="truncate font-bold">{suggestion.title}</p>
        {suggestion.description ? (
          <p className="line-clamp-2 text-sm text-ink-soft">{suggestion.description}</p>
        ) : null}
        {suggestion.users.length > 0 ? (
          <p className="mt-1 flex items-center gap-1.5 text-sm text-ink-soft">
            <span className="flex -space-x-1.5">
              {suggestion.users.slice(0, 3).map((user) => (
                <Avatar key={user.id} person={user} size={1} className="ring-2 ring-white" />
              ))}
            </span>
            {suggestion.users.length === 1
              ? `${suggestion.users[0]!.fullName} is in`
              : `${suggestion.users.length} friends are in`}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** One activity of the feed: who, what, when; the whole row opens the activity's page. */
export function ActivityItem({ activity, isNew }: { activity: ActivityView; isNew: boolean }) {
  return (
    <li>
      <Link
        to={safeActivityHref(activity.href)}
        className={`flex gap-3 rounded-2xl px-3 py-3 transition-colors hover:bg-sand/70 ${isNew ? 'bg-coral-soft/35' : ''}`}
      >
        {activity.creator ? (
          <Avatar person={activity.creator} size={3} />
        ) : (
          <KindBadge type={activity.type} />
        )}
        <span className="min-w-0 flex-1">
          <span className="block text-[0.9375rem] leading-snug text-ink">
            {activity.message}
            {isNew ? <span className="sr-only"> (new)</span> : null}
          </span>
          <span className="mt-0.5 block text-sm text-ink-soft">
            <time dateTime={activity.createdAt}>{activity.timeAgo}</time>
          </span>
          {activity.suggestion ? <Suggestion suggestion={activity.suggestion} /> : null}
        </span>
        {isNew ? (
          <span aria-hidden="true" className="mt-2 size-2.5 shrink-0 rounded-full bg-coral-strong" />
        ) : null}
      </Link>
    </li>
  );
}
