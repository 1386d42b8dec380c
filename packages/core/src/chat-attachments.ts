import type { ChatPermissionName, ChatPermissions } from './chat-permissions.ts';

/** Spec 3's message attachment kinds. */
export const ATTACHMENT_KINDS = [
  'audio',
  'image',
  'video',
  'irl/event',
  'irl/memix',
  'irl/poll',
  'irl/prompt',
] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

/** The media kinds a chat message may carry from an upload. */
export type ChatMediaKind = 'image' | 'video' | 'audio';

export interface PollOption {
  id: number;
  text: string;
}

/** An irl/poll attachment: the poll's definition; votes are stored apart (poll_votes). */
export interface PollAttachment {
  kind: 'irl/poll';
  title: string;
  multiple: boolean;
  options: PollOption[];
}

/** An irl/prompt attachment: a question people answer in the message's thread. */
export interface PromptAttachment {
  kind: 'irl/prompt';
  question: string;
}

/** An irl/event attachment: a plan shared into the chat, shown as its card to readers who may see it. */
export interface PlanAttachment {
  kind: 'irl/event';
  planId: number;
  planKey: string;
}

/** An uploaded image, video or audio clip, as the media domain describes it when attached. */
export interface MediaAttachment {
  kind: ChatMediaKind;
  /** The upload's key. */
  key: string;
  mime: string;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  /** The 1x picture, or the video or audio file. */
  url: string;
  /** A picture's 1x, 2x and 3x files; null for video and audio. */
  variants: { '1x': string; '2x': string; '3x': string } | null;
}

/**
 * An irl/memix attachment: one of the sender's pictures with a caption above and below it, drawn
 * over the picture by the clients (the picture itself is kept as uploaded and re-encoded).
 */
export interface MemixAttachment {
  kind: 'irl/memix';
  image: MediaAttachment;
  top: string;
  bottom: string;
}

/** Longest caption line of a memix. */
export const MEMIX_CAPTION_MAX = 80;

/** A memix's captions, trimmed and checked: each at most 80 characters, at least one given. */
export function checkMemixCaptions(top: string, bottom: string): { top: string; bottom: string } | string {
  const lines = { top: top.trim(), bottom: bottom.trim() };
  if (lines.top === '' && lines.bottom === '') return 'Write a caption above or below the picture.';
  if (lines.top.length > MEMIX_CAPTION_MAX || lines.bottom.length > MEMIX_CAPTION_MAX)
    return `Keep each caption to ${MEMIX_CAPTION_MAX} characters.`;
  return lines;
}

export type MessageAttachment =
  PollAttachment | PromptAttachment | MediaAttachment | PlanAttachment | MemixAttachment;

/** Most media a single message may carry. */
export const MESSAGE_MEDIA_MAX = 10;

/**
 * The permission an attachment needs (spec 6), in the main chat or in a thread. Prompts are asked
 * in the main chat only (their thread holds the answers), so a prompt in a thread has none.
 */
export function attachmentPermission(
  kind: MessageAttachment['kind'],
  inThread: boolean,
): ChatPermissionName | null {
  switch (kind) {
    case 'image':
      return inThread ? 'threadImage' : 'image';
    case 'video':
      return inThread ? 'threadVideo' : 'video';
    case 'audio':
      return inThread ? 'threadAudio' : 'audio';
    case 'irl/poll':
      return inThread ? 'threadPollCreate' : 'pollCreate';
    case 'irl/prompt':
      return inThread ? null : 'promptCreate';
    case 'irl/memix':
      return inThread ? 'threadMemix' : 'memix';
    case 'irl/event':
      // Sharing a plan is writing a message: whoever may write may share one.
      return inThread ? 'threadMessage' : 'sendMessage';
  }
}

/** Whether the holder of `permissions` may send a message (text and these attachment kinds). */
export function maySendMessage(
  permissions: ChatPermissions,
  kinds: readonly MessageAttachment['kind'][],
  inThread: boolean,
): boolean {
  if (!(inThread ? permissions.threadMessage : permissions.sendMessage)) return false;
  return kinds.every((kind) => {
    const needed = attachmentPermission(kind, inThread);
    return needed !== null && permissions[needed];
  });
}
