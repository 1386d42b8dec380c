import { memberNamesLabel } from '@plaza/core/name-list';
import { Avatar } from './avatar.tsx';

/** "Ana, Ben and 3 others are going": up to three faces and the names of friends in something. */
export function FriendSample({
  friends,
  count,
  what,
  className = '',
}: {
  friends: ReadonlyArray<{ id: number; fullName: string; username: string; image: string | null }>;
  count: number;
  /** The end of the sentence: "going", "in this group". */
  what: string;
  className?: string;
}) {
  if (friends.length === 0) return null;
  return (
    <p className={`flex items-center gap-2 text-sm text-ink-soft ${className}`}>
      <span className="flex -space-x-2">
        {friends.slice(0, 3).map((f) => (
          <Avatar key={f.id} person={f} size={1} className="ring-2 ring-cream" />
        ))}
      </span>
      {memberNamesLabel(
        friends.map((f) => f.fullName),
        count,
      )}{' '}
      {count === 1 ? 'is' : 'are'} {what}
    </p>
  );
}
