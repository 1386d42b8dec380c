import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Link previews fetched by `getOpenGraph` (decision 0013), one row per URL as asked. Reused for
 * 24 hours after a successful fetch and for 1 hour after a failed or refused one.
 */
export const linkPreviews = pgTable('link_previews', {
  url: text('url').primaryKey(),
  /** ok, or why there is no preview: blocked, failed, timeout, too_large, not_html, invalid. */
  status: text('status').notNull(),
  title: text('title'),
  description: text('description'),
  image: text('image'),
  siteName: text('site_name'),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});
