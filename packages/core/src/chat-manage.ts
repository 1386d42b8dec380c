import type { ChatType } from './chat-permissions.ts';
import type { GroupRole } from './group-roles.ts';

/** Who may run a chat as a whole (decision 0012), apart from its message permissions. */
export interface ChatManagement {
  /** Remove the chat: its messages, thread states, votes and everyone's chat state. */
  remove: boolean;
  /** Set slow mode (the rate limit); never in a direct message. */
  setRateLimit: boolean;
}

export const NO_CHAT_MANAGEMENT: ChatManagement = Object.freeze({ remove: false, setRateLimit: false });

/**
 * A direct message may be removed by either of its two people (for both); a group chat by the
 * group's owner or admins, and slowed by them and its moderators; a plan chat by the plan's
 * creator, who also sets its rate limit. Someone who may not read the chat may do neither.
 */
export function chatManagement(input: {
  type: ChatType;
  read: boolean;
  groupRole?: GroupRole | null;
  isPlanCreator?: boolean;
}): ChatManagement {
  if (!input.read) return { ...NO_CHAT_MANAGEMENT };
  switch (input.type) {
    case 'd':
      return { remove: true, setRateLimit: false };
    case 'g': {
      const role = input.groupRole ?? null;
      const admin = role === 'owner' || role === 'admin';
      return { remove: admin, setRateLimit: admin || role === 'moderator' };
    }
    case 'p':
      return { remove: input.isPlanCreator === true, setRateLimit: input.isPlanCreator === true };
  }
}

export const RATE_LIMIT_MAX_SECONDS = 3600;
