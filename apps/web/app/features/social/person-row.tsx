import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../components/avatar.tsx';
import { FriendshipButtons } from './friendship-buttons.tsx';
import { profileHref, type PersonCard } from './people.ts';

export function VerifiedBadge({ className = 'size-4' }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 20 20"
      className={`${className} shrink-0 text-coral-strong`}
      role="img"
      aria-label="Verified"
    >
      <path
        fill="currentColor"
        d="m10 1 2.4 1.8 3-.2.9 2.9 2.5 1.7-1 2.8 1 2.8-2.5 1.7-.9 2.9-3-.2L10 19l-2.4-1.8-3 .2-.9-2.9-2.5-1.7 1-2.8-1-2.8 2.5-1.7.9-2.9 3 .2Z"
      />
      <path d="m6.5 10 2.3 2.3 4.7-4.6" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * One person in a list: photo, name (a link to the profile), username, an optional line such as a
 * suggestion's reason, and the friendship buttons when the viewer is signed in.
 */
export function PersonRow({
  person,
  detail,
  showsButtons,
  children,
}: {
  person: PersonCard;
  detail?: ReactNode;
  showsButtons: boolean;
  children?: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-center gap-3">
        <Avatar person={person} size={3} />
        <div className="min-w-0">
          <p className="flex items-center gap-1.5 font-bold text-ink">
            <Link to={profileHref(person.username)} className="truncate hover:underline">
              {person.fullName}
            </Link>
            {person.isVerified ? <VerifiedBadge /> : null}
          </p>
          <p className="truncate text-sm text-ink-soft">
            @{person.username}
            {detail ? <> · {detail}</> : null}
          </p>
        </div>
      </div>
      {children ??
        (showsButtons && person.friendshipStatus !== 'SELF' ? (
          <FriendshipButtons person={person} compact />
        ) : null)}
    </li>
  );
}
