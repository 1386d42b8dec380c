import { index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { hashtags } from './groups.ts';

/**
 * Hashtag categories of the explorer (spec 3 "Hashtag category", decision 0016): a built-in set
 * seeded by migration 0014, each with its hashtags in `hashtag_category_hashtags`.
 */
export const hashtagCategories = pgTable('hashtag_categories', {
  id: serial('id').primaryKey(),
  /** Stable name for clients, e.g. `food_drink`. */
  key: text('key').notNull().unique(),
  /** URL form, e.g. `food-and-drink`. */
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  emoji: text('emoji'),
  image: text('image'),
  /** A colour name the web draws the category card in. */
  variant: text('variant'),
  /** Categories are listed by position. */
  position: integer('position').notNull().default(0),
});

/** Which hashtags a category holds, in their order; a hashtag may sit in more than one. */
export const hashtagCategoryHashtags = pgTable(
  'hashtag_category_hashtags',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => hashtagCategories.id, { onDelete: 'cascade' }),
    hashtagId: integer('hashtag_id')
      .notNull()
      .references(() => hashtags.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.hashtagId] }),
    index('hashtag_category_hashtags_tag').on(t.hashtagId),
  ],
);
