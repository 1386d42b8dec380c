import { clockTime, monthDay, sameDay } from './chat-time.ts';

/** What the chat list needs of a chat's last message (spec 3 lastChat). */
export interface LastChatView {
  text: string;
  /** Milliseconds since the epoch. */
  timestamp: number;
  /** The message carries a picture (image, memix) and no text. */
  hasPicture?: boolean;
  /** The picture is an animated GIF. */
  isGiphy?: boolean;
  /** The message carries a poll, a prompt, a video or a voice note. */
  attachmentKind?: string | null;
}

export interface LastChatPreview {
  /** Clock time when the message is from today (in `timeZone`), else month and day. */
  when: string;
  text: string;
  /** Spec 4: a picture with no text shows a camera icon beside "Image!" or "GIF!". */
  showsCamera: boolean;
}

/** Clock time for today, else month and day ("Nov 21"), in the reader's zone. */
export function lastChatTime(timestamp: number, now: number, timeZone = 'UTC'): string {
  return sameDay(timestamp, now, timeZone) ? clockTime(timestamp, timeZone) : monthDay(timestamp, timeZone);
}

const KIND_LABELS: Record<string, string> = {
  'irl/poll': 'Poll',
  'irl/prompt': 'Prompt',
  'irl/event': 'Plan',
  video: 'Video',
  audio: 'Voice message',
};

/**
 * The last-message line of the chat list (spec 4): clock time if today, else month and day; with
 * no text but a picture, "Image!" or "GIF!" with a camera icon. Other attachments without text
 * name their kind ("Poll: …" comes from the text the caller passes).
 */
export function lastChatPreview(last: LastChatView, now: number, timeZone = 'UTC'): LastChatPreview {
  const when = lastChatTime(last.timestamp, now, timeZone);
  const text = last.text.replace(/\s+/g, ' ').trim();
  if (text !== '') return { when, text, showsCamera: false };
  if (last.hasPicture) return { when, text: last.isGiphy ? 'GIF!' : 'Image!', showsCamera: true };
  const label = last.attachmentKind ? KIND_LABELS[last.attachmentKind] : undefined;
  return { when, text: label ?? '', showsCamera: false };
}
