import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { intsOf } from '../../db/id-array.ts';
import { badUserInput } from '../../graphql/errors.ts';
import type { GroupRow } from '../groups/group-loaders.ts';
import type { PlanCard } from '../plans/plan-type.ts';
import { decodeMarker, encodeMarker } from '../social/list-people.ts';
import { rows } from '../social/social-sql.ts';
import type { RequestContext } from '../../graphql/context.ts';
import type { UserRow } from '../users/find-user.ts';
import { genericPlanShapedRows } from '../../db/shaped-statements.ts';
import { RankingCache, cacheOf } from './ranking-cache.ts';
import { groupList } from './search-groups.ts';
import { personList } from './search-people.ts';
import { planList } from './search-plans.ts';
import { NO_CIRCLE, circleOf, circleSize, type Circle } from './circle.ts';
import { pageCandidates, rankingOf, type Ranking } from './ranking.ts';
import { pageParameters, pageShape, pageWithPlaceholders, type PageValues } from './page-statement.ts';
import { RANKING_USABLE_MS, nearParams, type Coordinates, type SearchList } from './search-sql.ts';
import { exactMatch, queryWords, typoTolerantMatch, type TextMatch } from './text-query.ts';

export { prefixQuery } from './text-query.ts';

export type SearchContext = 'ALL' | 'GROUPS' | 'EVENTS' | 'PEOPLE';

export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_MAX_LIMIT = 50;
const MAX_TEXT = 200;
/**
 * A query's shared ranking is served for about a minute, then for up to 5 minutes while it is ranked
 * again in the background; rows changed since it was ranked are read afresh by every page.
 */
const RANKING_CACHE = { freshMs: 60_000, usableMs: RANKING_USABLE_MS, maxEntries: 2_000 };
/**
 * Ids a kept ranking holds: every public match of most queries, so a viewer's circle is placed in
 * it in memory (ranking.ts); a page deeper than that is ranked for its request alone. The circle's
 * ids a ranking cut short lacks are read by key when a page reaches its last bucket (before the
 * buckets, every page read them: at 20,000, "climbing club", whose near words 23,810 people match in
 * the generated world, read 12,850 friends of friends a page).
 */
const RANKING_DEPTH = 50_000;
/** Ids all kept rankings hold together (four int arrays each: 16 bytes an id, 32 MB in all). */
const RANKED_IDS_KEPT = 2_000_000;
/** Ids all kept circles hold together (two int arrays each: 8 bytes an id). */
const CIRCLE_IDS_KEPT = 4_000_000;
/** The typo-tolerant match is tried when the words as typed find fewer public matches than this. */
const TYPOS_BELOW = 50;
/** Ranked ids read beyond the page, standing in for ranked rows this viewer may not see. */
const SLACK = 10;

export interface SearchInput {
  text: string;
  context?: SearchContext | null;
  near?: Coordinates | null;
  marker?: string | null;
  limit?: number | null;
}

export interface SearchResults {
  groups: GroupRow[];
  plans: PlanCard[];
  people: UserRow[];
  nextMarker: string | null;
}

const cache = (db: Database) =>
  cacheOf(
    db,
    'rankings',
    () =>
      new RankingCache({
        ...RANKING_CACHE,
        maxWeight: RANKED_IDS_KEPT,
        weigh: (value) => (value as Partial<Ranking> | null)?.ids?.length ?? 0,
      }),
  );
/** Viewers' circles: kept like rankings; every page reads the rules afresh. */
const circles = (db: Database) =>
  cacheOf(
    db,
    'circles',
    () =>
      new RankingCache({
        ...RANKING_CACHE,
        maxWeight: CIRCLE_IDS_KEPT,
        weigh: (value) => (value ? circleSize(value as Circle) : 0),
      }),
  );

async function rankedIds<T>(
  db: Database,
  list: SearchList<T>,
  text: TextMatch,
  near: Coordinates | null,
  limit: number,
): Promise<{ ids: Int32Array; buckets: Int32Array; at: Date }> {
  // As texts (intsOf): up to 50,000 ids and buckets each.
  const [row] = await rows<{ at: Date | string; ids: string | null; buckets: string | null }>(
    db,
    sql`SELECT now() AS at, string_agg(id::text, ',' ORDER BY ord) AS ids,
      string_agg(bucket::text, ',' ORDER BY ord) AS buckets
      FROM (${list.ranked({ text, near: near && nearParams(near), limit })}) ranked`,
  );
  return { ids: intsOf(row!.ids), buckets: intsOf(row!.buckets), at: new Date(row!.at) };
}

/** The words as typed (prefixes) when they find enough; else with near words for typos too. */
async function rank<T>(
  db: Database,
  list: SearchList<T>,
  words: string[],
  near: Coordinates | null,
  depth: number,
): Promise<Ranking> {
  let text = exactMatch(words);
  let found = await rankedIds(db, list, text, near, depth + 1);
  if (found.ids.length < TYPOS_BELOW) {
    const tolerant = await cache(db).get(`typos:${JSON.stringify(words)}`, () =>
      typoTolerantMatch(db, words),
    );
    if (tolerant) {
      text = tolerant;
      found = await rankedIds(db, list, text, near, depth + 1);
    }
  }
  return rankingOf(
    text,
    found.ids.slice(0, depth),
    found.buckets.slice(0, depth),
    found.ids.length <= depth,
    found.at,
  );
}

/**
 * One page of a list: the shared ranking (RANKING_CACHE) gives the public candidates, the
 * viewer's page adds their own and ranks with their keys. When too many ranked rows were hidden
 * from the viewer to fill the page, the ranking is read deeper.
 */
async function searchList<T>(
  context: RequestContext,
  list: SearchList<T>,
  query: {
    words: string[];
    near: Coordinates | null;
    viewerId: number | null;
    circle: Circle;
  },
  offset: number,
  limit: number,
): Promise<T[]> {
  const { words, near, viewerId, circle } = query;
  const db = context.store.db;
  const { friends } = circle;
  const key = `${list.name}:${JSON.stringify([words, near?.latitude, near?.longitude])}`;
  let depth = offset + limit + SLACK;
  for (;;) {
    const ranking =
      depth <= RANKING_DEPTH
        ? await cache(db).get(key, () => rank(db, list, words, near, RANKING_DEPTH))
        : await rank(db, list, words, near, depth);
    const rings = list.name === 'people' ? [circle.people, friends] : [circle[list.name]];
    const { candidates, around } = pageCandidates(
      ranking,
      rings,
      depth,
      list.name === 'people' ? friends : null,
    );
    const values: PageValues = {
      text: ranking.text,
      near,
      viewerId,
      friends: [...friends.open.ids, ...friends.closed.ids],
      around,
      candidates,
      since: ranking.at,
      offset,
      limit,
    };
    // Built once per shape with placeholders, filled with this page's values (page-statement.ts).
    // On the store's pool of generic plans where there is one (decision 0043).
    const page = await genericPlanShapedRows<{ id: number | string } & Record<string, unknown>>(
      context.store,
      `search-page:${pageShape(list.name, values)}`,
      () => list.page(pageWithPlaceholders(values)),
      pageParameters(values),
      'search_',
    );
    const ids = page.map((row) => Number(row.id));
    if (ids.length >= limit || (ranking.complete && depth >= ranking.ids.length)) {
      return list.load(context, ids, page);
    }
    depth *= 4;
  }
}

/**
 * search: plans, groups and people matching the text as the viewer may see them (decision 0015).
 * Each list pages by the same offset; nextMarker is set while any asked list has more.
 */
export async function search(requestContext: RequestContext, input: SearchInput): Promise<SearchResults> {
  const db = requestContext.store.db;
  const viewerId = requestContext.viewer?.id ?? null;
  const text = input.text.trim().slice(0, MAX_TEXT);
  if (text === '') throw badUserInput('text', 'A query must be provided.');
  const context = input.context ?? 'ALL';
  const limit = Math.min(Math.max(input.limit ?? SEARCH_PAGE_SIZE, 1), SEARCH_MAX_LIMIT);
  const list = `search:${context}`;
  let offset = 0;
  if (input.marker) {
    const decoded = decodeMarker(input.marker);
    if (decoded.list !== list) throw badUserInput('marker', 'This paging marker belongs to another search.');
    offset = decoded.offset;
  }
  const words = queryWords(text);
  const wants = (which: SearchContext) => words.length > 0 && (context === 'ALL' || context === which);
  const signedIn = viewerId !== null && words.length > 0;
  const circle = signedIn ? await circles(db).get(String(viewerId), () => circleOf(db, viewerId)) : NO_CIRCLE;
  const query = { words, near: input.near ?? null, viewerId, circle };
  // One row more than asked tells whether another page follows.
  const [plans, groupRows, people] = await Promise.all([
    wants('EVENTS') ? searchList(requestContext, planList, query, offset, limit + 1) : [],
    wants('GROUPS') ? searchList(requestContext, groupList, query, offset, limit + 1) : [],
    wants('PEOPLE') ? searchList(requestContext, personList, query, offset, limit + 1) : [],
  ]);
  const more = plans.length > limit || groupRows.length > limit || people.length > limit;
  return {
    plans: plans.slice(0, limit),
    groups: groupRows.slice(0, limit),
    people: people.slice(0, limit),
    nextMarker: more ? encodeMarker(list, offset + limit) : null,
  };
}
