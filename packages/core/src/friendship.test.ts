import { describe, it, expect } from 'vitest';
import {
  FRIENDSHIP_ACTIONS,
  FRIENDSHIP_STATUS,
  FRIENDSHIP_STATUSES,
  friendshipStatusToward,
  isFriendshipAction,
  isFriendshipStatus,
} from './friendship.ts';

describe('friendship status', () => {
  it('has the values of spec 4 with none as the empty string', () => {
    expect(FRIENDSHIP_STATUSES).toEqual([
      '',
      'SELF',
      'FRIENDS',
      'FOLLOWING',
      'REQUESTED',
      'BLOCKED',
      'THEY_REQUESTED',
    ]);
    expect(FRIENDSHIP_STATUS.none).toBe('');
  });

  it('recognises statuses', () => {
    expect(isFriendshipStatus('')).toBe(true);
    expect(isFriendshipStatus('THEY_REQUESTED')).toBe(true);
    expect(isFriendshipStatus('friends')).toBe(false);
    expect(isFriendshipStatus('ACCEPT')).toBe(false);
    expect(isFriendshipStatus(undefined)).toBe(false);
  });

  it('is SELF toward oneself whatever is stored, comparing ids as text', () => {
    expect(friendshipStatusToward(7, 7, 'FRIENDS')).toBe('SELF');
    expect(friendshipStatusToward('7', 7, undefined)).toBe('SELF');
  });

  it('is the stored status toward someone else, none when nothing is stored', () => {
    expect(friendshipStatusToward(7, 8, 'REQUESTED')).toBe('REQUESTED');
    expect(friendshipStatusToward(7, 8, null)).toBe('');
    expect(friendshipStatusToward(7, 8, undefined)).toBe('');
  });
});

describe('friendship actions', () => {
  it('has the actions of spec 4', () => {
    expect(FRIENDSHIP_ACTIONS).toEqual([
      'FRIENDS',
      'ACCEPT',
      'IGNORE',
      'CANCEL',
      'DELETE',
      'BLOCK',
      'UNBLOCK',
      'FOLLOW',
    ]);
  });

  it('recognises actions', () => {
    expect(isFriendshipAction('UNBLOCK')).toBe(true);
    expect(isFriendshipAction('SELF')).toBe(false);
    expect(isFriendshipAction('follow')).toBe(false);
  });
});
