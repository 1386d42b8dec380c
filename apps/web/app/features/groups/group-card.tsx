import { Link } from 'react-router';
import { uploadedImageSrcSet } from '@plaza/core/avatar';
import { appHostLink } from '@plaza/core/app-host-link';
import { formatCount } from '@plaza/core/count-format';
import { useRootData } from '../../root-data.ts';
import { groupHref, type GroupCard } from './group-data.ts';

/** A group in a grid: cover, name, size and the start of its description; the whole card is the link. */
export function GroupCardLink({ group, note }: { group: GroupCard; note?: string }) {
  const publicUrl = useRootData()?.publicUrl;
  // A group on another app host goes through that host's login with cookie-sync (spec 2.3).
  const target = publicUrl && group.shareUrl ? appHostLink(group.shareUrl, publicUrl) : groupHref(group);
  return (
    <li>
      <Link
        to={target}
        reloadDocument={!target.startsWith('/')}
        className="group flex h-full flex-col overflow-hidden rounded-3xl border border-line bg-white transition-shadow hover:shadow-lg hover:shadow-plum/10"
      >
        {group.image ? (
          <img
            src={group.image}
            srcSet={uploadedImageSrcSet(group.image)}
            alt=""
            className="aspect-[3/1] w-full object-cover"
            loading="lazy"
          />
        ) : (
          <span
            className="aspect-[3/1] w-full bg-gradient-to-br from-lilac-soft to-sky-soft"
            aria-hidden="true"
          />
        )}
        <span className="flex flex-1 flex-col gap-1 p-4">
          <span className="font-display text-lg font-extrabold text-ink group-hover:underline">
            {group.title}
          </span>
          <span className="text-sm text-ink-soft">
            {formatCount(group.memberCount)} {group.memberCount === 1 ? 'member' : 'members'} ·{' '}
            {group.isPublic ? 'Public' : 'Private'}
            {note ? ` · ${note}` : ''}
          </span>
          {group.description ? (
            <span className="line-clamp-2 text-sm text-ink-soft">{group.description}</span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}
