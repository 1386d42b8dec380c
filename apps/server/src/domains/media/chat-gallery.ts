import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { messages } from '../../db/schema/index.ts';
import { badUserInput } from '../../graphql/errors.ts';
import type { ChatRow } from '../chats/chat-access.ts';
import { chatMediaFromAttachment, type ChatMedia } from './chat-media.ts';

export const GALLERY_PAGE_DEFAULT = 30;
export const GALLERY_PAGE_MAX = 100;

/** One picture, video or audio of a chat, with the message that carries it. */
export interface GalleryItem extends ChatMedia {
  messageKey: string;
  seq: number;
  senderId: number;
  createdAt: Date;
}

export interface GalleryPage {
  items: GalleryItem[];
  /** Pass as `before` for older media; null when there is none. */
  nextBefore: string | null;
}

const HAS_MEDIA = sql`EXISTS (SELECT 1 FROM jsonb_array_elements(${messages.attachments}) AS a
  WHERE a->>'kind' IN ('image', 'video', 'audio'))`;

/**
 * The media of a chat's messages, newest message first (attachments in their order within a
 * message); deleted messages are left out. Pages by message: `limit` messages with media, before
 * the message keyed `before`. The caller has checked that the viewer may read `chat`.
 */
export async function listChatMedia(
  db: Database,
  chat: ChatRow,
  args: { before?: string | null; limit?: number | null },
): Promise<GalleryPage> {
  const limit = args.limit ?? GALLERY_PAGE_DEFAULT;
  if (!Number.isInteger(limit) || limit < 1 || limit > GALLERY_PAGE_MAX)
    throw badUserInput('limit', `Give a limit of 1 to ${GALLERY_PAGE_MAX}.`);
  let beforeSeq: number | null = null;
  if (args.before) {
    const [anchor] = await db
      .select({ seq: messages.seq })
      .from(messages)
      .where(and(eq(messages.chatId, chat.id), eq(messages.key, args.before)));
    if (!anchor) throw badUserInput('before', 'This message is not in the chat.');
    beforeSeq = anchor.seq;
  }
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.chatId, chat.id),
        isNull(messages.deletedAt),
        beforeSeq === null ? undefined : lt(messages.seq, beforeSeq),
        HAS_MEDIA,
      ),
    )
    .orderBy(desc(messages.seq))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const items = page.flatMap((message) =>
    message.attachments.flatMap((attachment) => {
      const media = chatMediaFromAttachment(attachment);
      return media
        ? [
            {
              ...media,
              messageKey: message.key,
              seq: message.seq,
              senderId: message.senderId,
              createdAt: message.createdAt,
            },
          ]
        : [];
    }),
  );
  return { items, nextBefore: rows.length > limit ? (page.at(-1)?.key ?? null) : null };
}
