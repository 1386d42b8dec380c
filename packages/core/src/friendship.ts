/** Friendship status of spec 4: the viewer's relation to another user. `none` is the empty string. */
export const FRIENDSHIP_STATUS = {
  none: '',
  SELF: 'SELF',
  FRIENDS: 'FRIENDS',
  FOLLOWING: 'FOLLOWING',
  REQUESTED: 'REQUESTED',
  BLOCKED: 'BLOCKED',
  THEY_REQUESTED: 'THEY_REQUESTED',
} as const;

export type FriendshipStatus = (typeof FRIENDSHIP_STATUS)[keyof typeof FRIENDSHIP_STATUS];

export const FRIENDSHIP_STATUSES = [
  '',
  'SELF',
  'FRIENDS',
  'FOLLOWING',
  'REQUESTED',
  'BLOCKED',
  'THEY_REQUESTED',
] as const satisfies readonly FriendshipStatus[];

/** Friendship actions of spec 4. Which status each leads to is decided by the server. */
export const FRIENDSHIP_ACTIONS = [
  'FRIENDS',
  'ACCEPT',
  'IGNORE',
  'CANCEL',
  'DELETE',
  'BLOCK',
  'UNBLOCK',
  'FOLLOW',
] as const;

export type FriendshipAction = (typeof FRIENDSHIP_ACTIONS)[number];

export function isFriendshipStatus(value: unknown): value is FriendshipStatus {
  return typeof value === 'string' && (FRIENDSHIP_STATUSES as readonly string[]).includes(value);
}

export function isFriendshipAction(value: unknown): value is FriendshipAction {
  return typeof value === 'string' && (FRIENDSHIP_ACTIONS as readonly string[]).includes(value);
}

/**
 * The status toward a user: SELF toward oneself (spec 4; the caller logs that case as an error),
 * otherwise the stored status, or none when there is no relation.
 */
export function friendshipStatusToward(
  viewerId: string | number,
  userId: string | number,
  stored: FriendshipStatus | null | undefined,
): FriendshipStatus {
  if (String(viewerId) === String(userId)) return 'SELF';
  return stored ?? '';
}
