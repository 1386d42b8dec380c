import type { FriendshipAction, FriendshipStatus } from './friendship.ts';

/**
 * The stored tie from one person to another. Friends are two people who follow each other; a
 * request waits for the other's answer; a block stands alone (it removes every other tie both ways).
 * The full table is docs/decisions/0006-friendship-transitions.md.
 */
export type Tie = 'none' | 'FOLLOWING' | 'REQUESTED' | 'BLOCKED';

/** The two ties between a person (`out`: theirs toward the other) and another (`in`: toward them). */
export interface TiePair {
  out: Tie;
  in: Tie;
}

export type FriendshipRefusalCode = 'BAD_USER_INPUT' | 'CONFLICT' | 'NOT_FOUND';

export type FriendshipTransition =
  { ok: true; pair: TiePair } | { ok: false; code: FriendshipRefusalCode; message: string };

/** The status a person sees toward another, from the ties between them (never SELF: that is by id). */
export function statusFromTies(pair: TiePair): FriendshipStatus {
  if (pair.out === 'BLOCKED') return 'BLOCKED';
  // The blocked person sees no relation; every query hides the blocker from them.
  if (pair.in === 'BLOCKED') return '';
  if (pair.out === 'FOLLOWING' && pair.in === 'FOLLOWING') return 'FRIENDS';
  // Their request comes first so the person can answer it.
  if (pair.in === 'REQUESTED') return 'THEY_REQUESTED';
  if (pair.out === 'REQUESTED') return 'REQUESTED';
  if (pair.out === 'FOLLOWING') return 'FOLLOWING';
  return '';
}

/** The same pair seen from the other person. */
export function flipPair(pair: TiePair): TiePair {
  return { out: pair.in, in: pair.out };
}

const refuse = (code: FriendshipRefusalCode, message: string): FriendshipTransition => ({
  ok: false,
  code,
  message,
});
const done = (out: Tie, tieIn: Tie): FriendshipTransition => ({ ok: true, pair: { out, in: tieIn } });

/**
 * What `action`, taken by a person toward another, does to the ties between them. `targetIsPublic`
 * says whether the other person's profile is public: following a private profile asks first.
 * `isSelf` is true when both are the same person, which is always refused.
 */
export function applyFriendshipAction(
  pair: TiePair,
  action: FriendshipAction,
  options: { targetIsPublic: boolean; isSelf?: boolean },
): FriendshipTransition {
  if (options.isSelf) return refuse('BAD_USER_INPUT', 'You cannot do that to yourself.');
  // Someone who blocked you does not exist for you.
  if (pair.in === 'BLOCKED') return refuse('NOT_FOUND', 'This person could not be found.');
  const followTie: Tie = options.targetIsPublic ? 'FOLLOWING' : 'REQUESTED';

  if (pair.out === 'BLOCKED') {
    if (action === 'UNBLOCK') return done('none', 'none');
    if (action === 'BLOCK') return refuse('CONFLICT', 'You have already blocked this person.');
    return refuse('CONFLICT', 'You blocked this person. Unblock them first.');
  }

  switch (action) {
    case 'BLOCK':
      return done('BLOCKED', 'none');
    case 'UNBLOCK':
      return refuse('CONFLICT', 'This person is not blocked.');
    case 'FOLLOW':
      if (pair.out === 'FOLLOWING') return refuse('CONFLICT', 'You already follow this person.');
      if (pair.out === 'REQUESTED')
        return refuse('CONFLICT', 'You have already asked to follow this person.');
      if (pair.in === 'REQUESTED')
        return refuse('CONFLICT', 'This person asked to follow you. Accept or ignore their request first.');
      return done(followTie, pair.in);
    case 'FRIENDS': {
      // Follow back, accepting their request first if they sent one; by asking, they let you follow
      // them at once even when their profile is private.
      if (pair.in === 'REQUESTED') return done('FOLLOWING', 'FOLLOWING');
      if (pair.out === 'FOLLOWING' && pair.in === 'FOLLOWING')
        return refuse('CONFLICT', 'You are already friends.');
      if (pair.out === 'FOLLOWING')
        return refuse('CONFLICT', 'You already follow this person; they need to follow you back.');
      if (pair.out === 'REQUESTED') return refuse('CONFLICT', 'You have already asked this person.');
      return done(followTie, pair.in);
    }
    case 'ACCEPT':
      if (pair.in !== 'REQUESTED') return refuse('CONFLICT', 'There is no request to accept.');
      return done(pair.out, 'FOLLOWING');
    case 'IGNORE':
      if (pair.in !== 'REQUESTED') return refuse('CONFLICT', 'There is no request to ignore.');
      return done(pair.out, 'none');
    case 'CANCEL':
      if (pair.out !== 'REQUESTED') return refuse('CONFLICT', 'There is no request to cancel.');
      return done('none', pair.in);
    case 'DELETE':
      // Unfollow, unfriend or remove a follower: every follow between the two ends; requests stay.
      if (pair.out !== 'FOLLOWING' && pair.in !== 'FOLLOWING')
        return refuse('CONFLICT', 'You are not connected with this person.');
      return done(pair.out === 'FOLLOWING' ? 'none' : pair.out, pair.in === 'FOLLOWING' ? 'none' : pair.in);
  }
}
