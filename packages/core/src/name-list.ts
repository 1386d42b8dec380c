import { NAME_LIST_NAMES_SHOWN } from './constants.ts';

function others(count: number): string {
  return `${count} ${count === 1 ? 'other' : 'others'}`;
}

function listed(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * A member name list (spec 4 and 9): up to 2 names, then "and N others", or "+N" when compact.
 * `total` is the number of members, which may exceed the names at hand. One other is "1 other".
 */
export function memberNamesLabel(
  names: readonly string[],
  total: number = names.length,
  options: { compact?: boolean } = {},
): string {
  const shown = names.filter((name) => name.trim() !== '').slice(0, NAME_LIST_NAMES_SHOWN);
  const rest = Math.max(0, Math.floor(total) - shown.length);
  if (rest === 0) return listed(shown);
  if (options.compact) return shown.length === 0 ? `+${rest}` : `${shown.join(', ')} +${rest}`;
  return shown.length === 0 ? others(rest) : `${shown.join(', ')} and ${others(rest)}`;
}

export type UserId = string | number;

/**
 * The participant label of a chat thread (spec 4 "Chat"). Names show as @username, or "you" for
 * the viewer; `usernameOf` is asked only for the users named, so with more than 3 users only the
 * first 2 are looked up. The viewer alone is "only you"; two or three resolved users are listed
 * ("a and b", "a, b and c"); otherwise "names and N other(s)", or "others" when none resolve.
 */
export function threadParticipantsLabel(
  userIds: readonly UserId[],
  viewerId: UserId | null | undefined,
  usernameOf: (userId: UserId) => string | null | undefined,
): string {
  const unique = [...new Map(userIds.map((id) => [String(id), id])).values()];
  if (unique.length === 0) return '';
  const isViewer = (id: UserId) => viewerId != null && String(id) === String(viewerId);
  if (unique.length === 1 && isViewer(unique[0] as UserId)) return 'only you';

  const lookedUp = unique.length > 3 ? unique.slice(0, 2) : unique;
  const names = lookedUp.flatMap((id) => {
    if (isViewer(id)) return ['you'];
    const username = usernameOf(id)?.replace(/^@/, '');
    return username ? [`@${username}`] : [];
  });

  if (names.length === unique.length) return listed(names);
  if (names.length === 0) return 'others';
  return `${names.join(', ')} and ${others(unique.length - names.length)}`;
}
