import type { GroupPermissions, GroupRole } from './group-roles.ts';
import type { PlanPermissions } from './plan-access.ts';

/** Chat types of the routes of spec 2.1: direct message, group, plan. */
export const CHAT_TYPES = ['d', 'g', 'p'] as const;
export type ChatType = (typeof CHAT_TYPES)[number];

export function isChatType(value: unknown): value is ChatType {
  return typeof value === 'string' && (CHAT_TYPES as readonly string[]).includes(value);
}

/** The chat-able model's type name (spec 3) for each chat type. */
export const CHAT_TYPENAME: Record<ChatType, 'DirectMessage' | 'Group' | 'Plan'> = {
  d: 'DirectMessage',
  g: 'Group',
  p: 'Plan',
};

/** Longest message text, in characters (decision 0012). */
export const MESSAGE_TEXT_MAX = 4000;
/** Longest client id a sender may choose for a message. */
export const MESSAGE_CLIENT_ID_MAX = 64;

/** Spec 6's chat permission set, plus `read` (seeing the chat at all). */
export const CHAT_PERMISSION_NAMES = [
  'read',
  'sendMessage',
  'threadMessage',
  'image',
  'memix',
  'video',
  'audio',
  'promptCreate',
  'pollCreate',
  'pollVote',
  'threadImage',
  'threadMemix',
  'threadVideo',
  'threadAudio',
  'threadPollCreate',
  'deleteOwn',
  'updateOwn',
  'deleteOthers',
  'updateOthers',
  'slowmodeBypass',
] as const;
export type ChatPermissionName = (typeof CHAT_PERMISSION_NAMES)[number];
export type ChatPermissions = Record<ChatPermissionName, boolean>;

function all(value: boolean): ChatPermissions {
  return Object.fromEntries(CHAT_PERMISSION_NAMES.map((name) => [name, value])) as ChatPermissions;
}

export const NO_CHAT_PERMISSIONS: ChatPermissions = Object.freeze(all(false));

/** The writing abilities a model grants, spread over the matching chat and thread permissions. */
function fromAbilities(input: {
  read: boolean;
  message: boolean;
  image: boolean;
  video: boolean;
  poll: boolean;
  moderate: boolean;
}): ChatPermissions {
  if (!input.read) return { ...NO_CHAT_PERMISSIONS };
  const { message } = input;
  const image = message && input.image;
  const video = message && input.video;
  const poll = message && input.poll;
  return {
    read: true,
    sendMessage: message,
    threadMessage: message,
    image,
    memix: image,
    video,
    audio: video,
    promptCreate: poll,
    pollCreate: poll,
    pollVote: true,
    threadImage: image,
    threadMemix: image,
    threadVideo: video,
    threadAudio: video,
    threadPollCreate: poll,
    deleteOwn: true,
    updateOwn: message,
    deleteOthers: input.moderate,
    updateOthers: false,
    slowmodeBypass: input.moderate,
  };
}

/**
 * A direct message allows everything (spec 6), to its two people only, and only while no block
 * stands between them: a block leaves the history readable and nothing else. Writing also needs
 * `mayWrite`: the sender may message the other (canDm), or the other has written in this chat.
 * Nobody edits or deletes the other person's messages.
 */
export function directChatPermissions(input: {
  isParticipant: boolean;
  blocked: boolean;
  mayWrite: boolean;
}): ChatPermissions {
  if (!input.isParticipant) return { ...NO_CHAT_PERMISSIONS };
  if (input.blocked) return { ...NO_CHAT_PERMISSIONS, read: true };
  if (!input.mayWrite) return { ...NO_CHAT_PERMISSIONS, read: true, deleteOwn: true };
  return { ...all(true), deleteOthers: false, updateOthers: false };
}

/**
 * A group chat: members read it; writing follows the group's createChat* masks (as computed in
 * the group's permissions: message, image, poll, video; audio rides with video, memix with image,
 * prompts with polls); moderators and above delete others' messages and bypass slow mode.
 */
export function groupChatPermissions(input: {
  permissions: Pick<
    GroupPermissions,
    'createChatMessage' | 'createChatImage' | 'createChatPoll' | 'createChatVideo'
  >;
  isMember: boolean;
  role: GroupRole | null;
}): ChatPermissions {
  const moderate =
    input.isMember && (input.role === 'owner' || input.role === 'admin' || input.role === 'moderator');
  return fromAbilities({
    read: input.isMember,
    message: input.permissions.createChatMessage,
    image: input.permissions.createChatImage,
    video: input.permissions.createChatVideo,
    poll: input.permissions.createChatPoll,
    moderate,
  });
}

/**
 * A plan chat: readable when the plan's chat flag is on and the viewer may view the plan (spec 6,
 * `permissions.chat`); writing follows the plan's createChat* masks; the plan's creator deletes
 * others' messages and bypasses slow mode.
 */
export function planChatPermissions(input: {
  permissions: Pick<
    PlanPermissions,
    'chat' | 'createChatMessage' | 'createChatImage' | 'createChatPoll' | 'createChatVideo'
  >;
  isCreator: boolean;
}): ChatPermissions {
  return fromAbilities({
    read: input.permissions.chat,
    message: input.permissions.createChatMessage,
    image: input.permissions.createChatImage,
    video: input.permissions.createChatVideo,
    poll: input.permissions.createChatPoll,
    moderate: input.permissions.chat && input.isCreator,
  });
}

/** Whether the viewer may edit or delete a message, given who sent it. */
export function mayChangeMessage(
  permissions: ChatPermissions,
  action: 'update' | 'delete',
  own: boolean,
): boolean {
  if (action === 'update') return own ? permissions.updateOwn : permissions.updateOthers;
  return own ? permissions.deleteOwn : permissions.deleteOthers;
}
