import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A person's private calendar feed (decision 0011): the feed URL carries a long random secret, of
 * which only the SHA-256 is kept. One feed per person; making a new one replaces the old secret,
 * revoking deletes the row.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Hex SHA-256 of the secret in the feed URL. */
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
