import type { MediaAttachment } from '@plaza/core/chat-attachments';
import type { Database } from '../../db/client.ts';
import { findChatMedia } from '../media/chat-media.ts';

/**
 * Finds the sender's chat uploads named by `keys`, in order, as attachments; refuses a key that
 * names none of them (or too many, or one twice) with BAD_USER_INPUT (field mediaKeys).
 */
export type ChatMediaLookup = (db: Database, viewerId: number, keys: string[]) => Promise<MediaAttachment[]>;

/** The media domain's lookup (decision 0013): its answer is stored as the message's attachments. */
export const findChatMediaAttachments: ChatMediaLookup = (db, viewerId, keys) =>
  findChatMedia(db, viewerId, keys);
