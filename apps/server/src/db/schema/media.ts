import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Files people uploaded (`POST /media/upload`). Avatars and images: `blobKeys` holds the 1x, 2x
 * and 3x WebP variants and `key` names the 1x blob `<key>.webp`. Chat uploads (kind `chat`,
 * decision 0013): images as above; a video or audio file is stored as it came, one blob.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** avatar (square), image (kept in proportion) or chat (an image, video or audio for a chat). */
    kind: text('kind').notNull(),
    /** Blob keys: the 1x, 2x and 3x variants of an image, or the one file of a video or audio. */
    blobKeys: text('blob_keys').array().notNull(),
    /** Type of the stored file, from its magic bytes (image/webp for re-encoded images). */
    mime: text('mime').notNull().default('image/webp'),
    /** Bytes of the stored file (the 1x variant for images); 0 for rows from before 0008. */
    byteSize: integer('byte_size').notNull().default(0),
    /** Null for audio, and for a video whose header did not say. */
    width: integer('width'),
    height: integer('height'),
    /** Length of a video or audio when its mp4 header says it; null otherwise. */
    durationMs: integer('duration_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_user').on(t.userId), index('uploads_user_created').on(t.userId, t.createdAt)],
);
