import { MESSAGE_MEDIA_MAX, type ChatMediaKind, type MediaAttachment } from '@plaza/core/chat-attachments';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { uploads } from '../../db/schema/index.ts';
import { badUserInput } from '../../graphql/errors.ts';

/**
 * One picture, video or audio uploaded for a chat (`POST /media/upload?kind=chat`), exactly as a
 * message attachment carries it (core's MediaAttachment):
 * `{ kind, key, mime, width, height, durationMs, url, variants }`.
 */
export type ChatMedia = MediaAttachment;
export type { ChatMediaKind };

type UploadRow = typeof uploads.$inferSelect;

export function chatMediaKindOf(mime: string): ChatMediaKind | null {
  if (mime.startsWith('image/')) return 'image';
  if (mime === 'video/mp4') return 'video';
  if (mime === 'audio/mp4') return 'audio';
  return null;
}

/** The attachment form of a chat upload row; null for avatars and profile pictures. */
export function chatMediaOf(row: UploadRow): ChatMedia | null {
  const kind = row.kind === 'chat' ? chatMediaKindOf(row.mime) : null;
  const [first, second, third] = row.blobKeys;
  if (!kind || !first) return null;
  const url = `/media/${first}`;
  return {
    key: row.key,
    kind,
    mime: row.mime,
    width: row.width,
    height: row.height,
    durationMs: row.durationMs,
    url,
    variants:
      kind === 'image' && second && third
        ? { '1x': url, '2x': `/media/${second}`, '3x': `/media/${third}` }
        : null,
  };
}

/**
 * The chat media named by `keys`, in that order, for a message `viewerId` sends. Refuses
 * (BAD_USER_INPUT, field mediaKeys) a key that names nothing, someone else's upload, an upload
 * that is not chat media, a key given twice, or more than MESSAGE_MEDIA_MAX keys.
 */
export async function findChatMedia(db: Database, viewerId: number, keys: string[]): Promise<ChatMedia[]> {
  if (keys.length === 0) return [];
  if (keys.length > MESSAGE_MEDIA_MAX) {
    throw badUserInput('mediaKeys', `A message can carry at most ${MESSAGE_MEDIA_MAX} files.`);
  }
  if (new Set(keys).size !== keys.length) {
    throw badUserInput('mediaKeys', 'The same file is attached twice.');
  }
  const rows = await db
    .select()
    .from(uploads)
    .where(and(inArray(uploads.key, keys), eq(uploads.userId, viewerId), eq(uploads.kind, 'chat')));
  const byKey = new Map(rows.map((row) => [row.key, chatMediaOf(row)]));
  return keys.map((key) => {
    const media = byKey.get(key);
    if (!media) {
      throw badUserInput('mediaKeys', 'An attached file could not be found. Please upload it again.');
    }
    return media;
  });
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isMediaPath = (value: unknown): value is string =>
  typeof value === 'string' && /^\/media\/[A-Za-z0-9][A-Za-z0-9._-]*$/.test(value);

/**
 * Reads a message attachment (messages.attachments item) back as ChatMedia; null for other
 * kinds (polls, events…) and for items that do not have the shape `findChatMedia` gives.
 */
export function chatMediaFromAttachment(item: unknown): ChatMedia | null {
  if (typeof item !== 'object' || item === null) return null;
  const a = item as Record<string, unknown>;
  if (a.kind !== 'image' && a.kind !== 'video' && a.kind !== 'audio') return null;
  if (typeof a.key !== 'string' || typeof a.mime !== 'string' || !isMediaPath(a.url)) return null;
  const v = a.variants as Record<string, unknown> | null | undefined;
  const variants =
    v && isMediaPath(v['1x']) && isMediaPath(v['2x']) && isMediaPath(v['3x'])
      ? { '1x': v['1x'], '2x': v['2x'], '3x': v['3x'] }
      : null;
  return {
    key: a.key,
    kind: a.kind,
    mime: a.mime,
    width: isCount(a.width) ? a.width : null,
    height: isCount(a.height) ? a.height : null,
    durationMs: isCount(a.durationMs) ? a.durationMs : null,
    url: a.url,
    variants,
  };
}
