import type { FriendshipAction, FriendshipStatus } from './friendship.ts';

export interface FriendshipChoice {
  action: FriendshipAction;
  label: string;
  /** Asked before the action runs, for the ones that are hard to take back. */
  confirm?: string;
}

export interface FriendshipChoices {
  /** The relation in words ("Friends", "Requested"...), or null when there is none to show. */
  state: string | null;
  /** The one action the profile offers first. */
  primary: FriendshipChoice | null;
  /** The other actions, least used last. */
  others: FriendshipChoice[];
}

function blockChoice(name: string): FriendshipChoice {
  return {
    action: 'BLOCK',
    label: 'Block',
    confirm: `Block ${name}? You will no longer see each other anywhere on Plaza, and every follow between you ends. They are not told.`,
  };
}

/**
 * What a profile offers the viewer for each friendship status (spec 4, transitions of decision
 * 0006): asking for friendship, or just following a public profile; a private profile is asked first; accepting a request also follows back, so the two
 * become friends at once; blocking is always there and always confirmed.
 */
export function friendshipChoices(
  status: FriendshipStatus,
  person: { name: string; isPublic: boolean },
): FriendshipChoices {
  switch (status) {
    case 'SELF':
      return { state: null, primary: null, others: [] };
    case 'FRIENDS':
      return {
        state: 'Friends',
        primary: null,
        others: [{ action: 'DELETE', label: 'Unfriend' }, blockChoice(person.name)],
      };
    case 'FOLLOWING':
      return {
        state: 'Following',
        primary: null,
        others: [{ action: 'DELETE', label: 'Unfollow' }, blockChoice(person.name)],
      };
    case 'REQUESTED':
      return {
        state: 'Requested',
        primary: null,
        others: [{ action: 'CANCEL', label: 'Cancel request' }, blockChoice(person.name)],
      };
    case 'THEY_REQUESTED':
      return {
        state: 'Wants to follow you',
        primary: { action: 'FRIENDS', label: 'Accept' },
        others: [
          { action: 'ACCEPT', label: 'Let them follow only' },
          { action: 'IGNORE', label: 'Ignore' },
          blockChoice(person.name),
        ],
      };
    case 'BLOCKED':
      return { state: 'Blocked', primary: { action: 'UNBLOCK', label: 'Unblock' }, others: [] };
    case '':
      // Asking for friendship (FRIENDS) follows and tells them "wants to be your friend"; a public
      // profile can also just be followed. A private one is always asked: their Accept makes friends.
      return {
        state: null,
        primary: { action: 'FRIENDS', label: 'Add friend' },
        others: person.isPublic
          ? [{ action: 'FOLLOW', label: 'Follow' }, blockChoice(person.name)]
          : [blockChoice(person.name)],
      };
  }
}
