import { describe, expect, it } from 'vitest';
import { FRIENDSHIP_STATUSES } from './friendship.ts';
import { friendshipChoices } from './friendship-choices.ts';

const ana = { name: 'Ana', isPublic: true };

describe('friendshipChoices', () => {
  it('offers nothing toward oneself', () => {
    expect(friendshipChoices('SELF', ana)).toEqual({ state: null, primary: null, others: [] });
  });

  it('asks for friendship first, and offers following only for a public profile', () => {
    expect(friendshipChoices('', ana).primary).toEqual({ action: 'FRIENDS', label: 'Add friend' });
    expect(friendshipChoices('', ana).others.map((c) => c.action)).toEqual(['FOLLOW', 'BLOCK']);
    const closed = friendshipChoices('', { ...ana, isPublic: false });
    expect(closed.primary).toEqual({ action: 'FRIENDS', label: 'Add friend' });
    expect(closed.others.map((c) => c.action)).toEqual(['BLOCK']);
  });

  it('answers a request by accepting (and following back), following only, or ignoring', () => {
    const choices = friendshipChoices('THEY_REQUESTED', ana);
    expect(choices.state).toBe('Wants to follow you');
    expect(choices.primary?.action).toBe('FRIENDS');
    expect(choices.others.map((c) => c.action)).toEqual(['ACCEPT', 'IGNORE', 'BLOCK']);
  });

  it.each([
    ['FRIENDS', 'Friends', 'DELETE', 'Unfriend'],
    ['FOLLOWING', 'Following', 'DELETE', 'Unfollow'],
    ['REQUESTED', 'Requested', 'CANCEL', 'Cancel request'],
  ] as const)('%s shows "%s" and offers %s as "%s"', (status, state, action, label) => {
    const choices = friendshipChoices(status, ana);
    expect(choices.state).toBe(state);
    expect(choices.primary).toBeNull();
    expect(choices.others[0]).toEqual({ action, label });
  });

  it('offers only unblocking to a blocker', () => {
    expect(friendshipChoices('BLOCKED', ana)).toEqual({
      state: 'Blocked',
      primary: { action: 'UNBLOCK', label: 'Unblock' },
      others: [],
    });
  });

  it('confirms every block, naming the person, and offers it for every status but SELF and BLOCKED', () => {
    for (const status of FRIENDSHIP_STATUSES) {
      const block = friendshipChoices(status, ana).others.find((c) => c.action === 'BLOCK');
      if (status === 'SELF' || status === 'BLOCKED') expect(block).toBeUndefined();
      else expect(block?.confirm).toMatch(/^Block Ana\? /);
    }
  });
});
