import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Images people uploaded (`POST /media/upload`); `key` names the 1x blob `<key>.webp`. */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** avatar (square) or image (kept in proportion). */
    kind: text('kind').notNull(),
    /** Blob keys of the 1x, 2x and 3x variants. */
    blobKeys: text('blob_keys').array().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_user').on(t.userId)],
);
