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
 * 0006): following a private profile asks first; accepting a request also follows back, so the two
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
      return {
        state: null,
        primary: { action: 'FOLLOW', label: person.isPublic ? 'Follow' : 'Ask to follow' },
        others: [blockChoice(person.name)],
      };
  }
}
