import { asc, eq } from 'drizzle-orm';
import { HASHTAG_CATEGORIES_CACHE_SECONDS } from '@plaza/core/constants';
import type { Database, Store } from '../../db/client.ts';
import { hashtagCategories, hashtagCategoryHashtags, hashtags } from '../../db/schema/index.ts';

export type HashtagCategoryRow = typeof hashtagCategories.$inferSelect;

export interface HashtagView {
  id: number | null;
  name: string;
  emoji: string | null;
}

export interface HashtagCategory extends HashtagCategoryRow {
  hashtags: HashtagView[];
}

/**
 * The answers of hashtagCategories, kept per store for HASHTAG_CATEGORIES_CACHE_SECONDS (spec 7.1,
 * 9): they change only with a migration or an operator's edit. `now` is the cache's clock; tests
 * move it instead of waiting.
 */
export interface HashtagCategoryCache {
  now: () => number;
  entries: Map<boolean, { at: number; value: Promise<HashtagCategory[]> }>;
}

const caches = new WeakMap<Store, HashtagCategoryCache>();

export function hashtagCategoryCache(store: Store): HashtagCategoryCache {
  let cache = caches.get(store);
  if (!cache) {
    cache = { now: () => Date.now(), entries: new Map() };
    caches.set(store, cache);
  }
  return cache;
}

async function readCategories(db: Database, withHashtags: boolean): Promise<HashtagCategory[]> {
  const categories = await db
    .select()
    .from(hashtagCategories)
    .orderBy(asc(hashtagCategories.position), asc(hashtagCategories.id));
  if (!withHashtags) return categories.map((category) => ({ ...category, hashtags: [] }));
  const links = await db
    .select({
      categoryId: hashtagCategoryHashtags.categoryId,
      id: hashtags.id,
      name: hashtags.name,
      emoji: hashtags.emoji,
    })
    .from(hashtagCategoryHashtags)
    .innerJoin(hashtags, eq(hashtags.id, hashtagCategoryHashtags.hashtagId))
    .orderBy(asc(hashtagCategoryHashtags.position), asc(hashtags.id));
  return categories.map((category) => ({
    ...category,
    hashtags: links
      .filter((link) => link.categoryId === category.id)
      .map(({ id, name, emoji }) => ({ id, name, emoji })),
  }));
}

/** hashtagCategories(withHashtags): every category by position, each with its hashtags when asked. */
export function listHashtagCategories(store: Store, withHashtags: boolean): Promise<HashtagCategory[]> {
  const cache = hashtagCategoryCache(store);
  const now = cache.now();
  const cached = cache.entries.get(withHashtags);
  if (cached && now - cached.at < HASHTAG_CATEGORIES_CACHE_SECONDS * 1000) return cached.value;
  const value = readCategories(store.db, withHashtags);
  cache.entries.set(withHashtags, { at: now, value });
  // A failed read is not kept: the next call tries again.
  value.catch(() => {
    if (cache.entries.get(withHashtags)?.value === value) cache.entries.delete(withHashtags);
  });
  return value;
}
