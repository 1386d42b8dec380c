import { Placeholder, sql, type SQL } from 'drizzle-orm';
import { idArrayValue } from '../../db/id-array.ts';
import type { RequestContext } from '../../graphql/context.ts';
import type { TextMatch, TextParams } from './text-query.ts';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/**
 * A value of a statement, or the placeholder it is filled in for: a viewer's page is built once per
 * shape with placeholders and filled with each search's values (search.ts); the shared rankings are
 * built with their values.
 */
export type Param<T> = T | Placeholder;

/** What `distance` reads of a place: its coordinates in millionths and the cosine of its latitude. */
export interface NearParams {
  latitudeE6: Param<number>;
  longitudeE6: Param<number>;
  cos: Param<number>;
}

/** `near` as distance reads it. */
export function nearParams(near: Coordinates): NearParams {
  return {
    latitudeE6: Math.round(near.latitude * 1e6),
    longitudeE6: Math.round(near.longitude * 1e6),
    cos: Math.cos((near.latitude * Math.PI) / 180),
  };
}

/** One list of search results: how its best public matches are ranked and how a viewer's page is cut. */
export interface SearchList<T> {
  name: 'plans' | 'groups' | 'people';
  /**
   * The best `limit` matches anyone may see (the signed-out rules): a ranking without the viewer,
   * kept for a while and shared by every viewer (rankedRows: `id`, `ord`, `bucket`).
   */
  ranked(input: { text: TextMatch; near: NearParams | null; limit: number }): SQL;
  /** The rule of `ranked` without the text: the row (as `alias`) is open to everyone. */
  open(alias: string): SQL;
  /**
   * One page for the viewer: the matches among `candidates` (ids of the shared ranking), rows
   * changed since `since`, and the rows that only this viewer sees or that their friends are
   * part of; ranked with the viewer's keys, only what the viewer may see. Answers `id`s, and the
   * keys named in rankedPage's `returning`.
   */
  page(input: PageInput): SQL;
  /**
   * The rows of the page's ids, in that order (`page`: its rows, with their returned keys), through
   * the request's loaders: the fields of the results read the same rows with the viewer's facts.
   */
  load(
    context: RequestContext,
    ids: readonly number[],
    page: ReadonlyArray<Record<string, unknown>>,
  ): Promise<T[]>;
}

export interface PageInput {
  text: TextParams;
  near: NearParams | null;
  viewerId: Param<number> | null;
  /** The viewer's friends (empty when signed out). */
  friends: Param<readonly number[]>;
  /**
   * Ids around the viewer to check besides the ranked ones: from their circle (circle.ts), those
   * the shared ranking matched and those not open to everyone; with their counts of friends.
   */
  around: { ids: Param<readonly number[]>; counts: Param<readonly number[]> };
  candidates: Param<readonly number[]>;
  since: Param<Date>;
  offset: Param<number>;
  limit: Param<number>;
}

/** Ids of a viewer's circle with the count of their friends behind each (circle.ts), in the same order. */
export interface Around {
  ids: readonly number[];
  counts: readonly number[];
}

/** A sort key: its value is selected as `name`, so a query sorted by it can be read in order. */
export interface SortKey {
  name: string;
  value: SQL;
  order: 'ASC' | 'DESC' | 'ASC NULLS LAST';
  /**
   * One of the leading keys that come before any key of a viewer's own (text tier, relevance,
   * distance): the shared ranking tells each id's bucket of them (ranking.ts).
   */
  bucket?: true;
}

/** Keys without the ones that are null (not in play for this search). */
export function keysOf(keys: Array<SortKey | null>): SortKey[] {
  return keys.filter((key): key is SortKey => key !== null);
}

/**
 * The shared ranking's statement: the best `limit` rows of `from` where `where`, ordered by `keys`
 * (ending with the id), as `id`, `ord` (1 for the best) and `bucket` (the dense rank of the keys
 * marked `bucket`).
 */
export function rankedRows(input: { from: SQL; where: SQL; keys: readonly SortKey[]; limit: number }): SQL {
  const { from, where, keys, limit } = input;
  const bucketKeys = keys.filter((key) => key.bucket);
  if (bucketKeys.length === 0) throw new Error('a ranking needs at least one bucket key');
  return sql`SELECT id, row_number() OVER (ORDER BY ${orderByNames(keys)}) AS ord,
      dense_rank() OVER (ORDER BY ${orderByNames(bucketKeys)}) AS bucket
    FROM (SELECT ${selectKeys(keys)} FROM ${from} WHERE ${where}
      ORDER BY ${orderByNames(keys)} LIMIT ${limit}) r`;
}

/** `alias`.name for every key (`alias` empty: the bare names). */
export function orderByNames(keys: readonly SortKey[], alias = ''): SQL {
  const prefix = alias ? `${alias}.` : '';
  return sql.join(
    keys.map((key) => sql.raw(`${prefix}${key.name} ${key.order}`)),
    sql`, `,
  );
}

export function selectKeys(keys: readonly SortKey[]): SQL {
  return sql.join(
    keys.map((key) => sql`${key.value} AS ${sql.raw(key.name)}`),
    sql`, `,
  );
}

/** Squared equirectangular distance to `near` (coordinates are stored in millionths); null without coordinates. */
export function distance(alias: string, near: NearParams): SQL {
  const a = sql.raw(alias);
  return sql`(power(CAST(${a}.latitude_e6 - CAST(${near.latitudeE6} AS int) AS double precision), 2)
    + power(CAST(${a}.longitude_e6 - CAST(${near.longitudeE6} AS int) AS double precision)
      * CAST(${near.cos} AS double precision), 2))`;
}

/** The ids as one int[] parameter (a placeholder to be filled with their idArrayValue). */
export function idArray(ids: Param<readonly number[]>): SQL {
  return sql`CAST(${ids instanceof Placeholder ? ids : idArrayValue(ids)} AS int[])`;
}

/** A repeating plan is upcoming until its end date has passed (its row keeps the first occurrence). */
export function upcoming(alias: string): SQL {
  const p = sql.raw(alias);
  return sql`(${p}.ends_at >= now() OR (${p}.recurrence IS NOT NULL
    AND (${p}.recurrence->>'endDate' IS NULL OR CAST(${p}.recurrence->>'endDate' AS date) >= CURRENT_DATE - 1)))`;
}

/** `friends AS (...)`: the viewer's friends as one int[] (`FRIEND_IDS`). */
export function withFriends(friends: Param<readonly number[]>): SQL {
  return sql`friends AS MATERIALIZED (SELECT ${idArray(friends)} AS ids)`;
}

/** The viewer's friends (needs `withFriends`). */
export const FRIEND_IDS = sql`CAST((SELECT ids FROM friends) AS int[])`;

/**
 * Whether `column` holds one of the viewer's friends (needs `withFriends`): the friends are made a
 * set once per statement (a hashed subplan) and probed per row. `= ANY(FRIEND_IDS)` walked the whole
 * array for every row of every per-row count (168 friends × ~80 follows for each of ~350 people a
 * page); the coalesce keeps PostgreSQL from pulling the test up into a join.
 */
export function isFriendId(column: SQL): SQL {
  return sql`coalesce(${column} IN (SELECT unnest(${FRIEND_IDS})), false)`;
}

/** Rows changed since a ranking read at most: the newest this many (the next ranking has the rest). */
const CHANGED_ROWS = 500;
/** A ranking is used at most this long after it was made (search.ts keeps them no longer). */
export const RANKING_USABLE_MS = 300_000;

/**
 * The ids of the shared ranking and the rows of `table` changed since it was ranked (they may rank
 * otherwise now). The changes are read newest first through the updated_at index, at most
 * CHANGED_ROWS. The second bound on updated_at never narrows `since` (twice as old as any ranking
 * used) but is one the planner can estimate in a prepared statement's generic plan, where `since`
 * is unknown: with it PostgreSQL keeps one plan per statement instead of planning every page.
 */
export function rankedOrChanged(
  table: string,
  candidates: Param<readonly number[]>,
  since: Param<Date>,
): SQL {
  const bound = sql.raw(`interval '${Math.ceil((2 * RANKING_USABLE_MS) / 60_000)} minutes'`);
  return sql`SELECT unnest(${idArray(candidates)}) AS id
    UNION ALL SELECT id FROM (SELECT id FROM ${sql.raw(table)}
      WHERE updated_at >= CAST(${since} AS timestamptz) AND updated_at >= now() - ${bound}
      ORDER BY updated_at DESC LIMIT ${sql.raw(String(CHANGED_ROWS))}) changed`;
}

/**
 * The rows of `table` (as `x`) whose id is among the candidates (repeats allowed), read by primary
 * key. The OFFSET 0 keeps the text match out of this scan: PostgreSQL would otherwise read every
 * match of a common word through the GIN index to intersect it with a few hundred candidates.
 */
export function candidateRows(table: string, candidates: SQL): SQL {
  return sql`(SELECT * FROM ${sql.raw(table)} WHERE id = ANY(ARRAY(SELECT id FROM ${candidates} cand)) OFFSET 0) x`;
}

/**
 * A signed-in viewer's candidates as rows (id, n): `plain` (a query of ids: the ranked and changed
 * rows, and others) without a count, and the circle's ids with theirs.
 */
export function candidatesAround(plain: SQL, around: PageInput['around']): SQL {
  return sql`SELECT id, CAST(NULL AS int) AS n FROM (${plain}) plain
    UNION ALL SELECT * FROM unnest(${idArray(around.ids)}, ${idArray(around.counts)}) AS around(id, n)`;
}

/**
 * As candidateRows, from candidates with counts (candidatesAround): each row once, with the count
 * of its id as `circle_n` (0 when the circle has none: no friend behind it), so a page ranks by a
 * count the circle read once instead of counting for every candidate. Read by primary key one id at
 * a time (the lateral subquery's OFFSET 0 keeps the text match out of it, as in candidateRows).
 */
export function countedRows(table: string, candidates: SQL): SQL {
  return sql`(SELECT k.circle_n, r.* FROM (
      SELECT id, coalesce(max(n), 0) AS circle_n FROM ${candidates} cand GROUP BY id) k
    CROSS JOIN LATERAL (SELECT * FROM ${sql.raw(table)} WHERE id = k.id OFFSET 0) r) x`;
}

/**
 * Keeps the rows of the ranked, sorted subquery `c` whose `table` row (as `alias`) meets
 * `condition`, read in order until the page is full: the exact visibility rule, costly per row,
 * runs for the rows read only. The OFFSET 0 keeps PostgreSQL from turning the EXISTS into a join
 * that would test every row of the table.
 */
export function visibleRow(table: string, alias: string, condition: SQL): SQL {
  const a = sql.raw(alias);
  return sql`EXISTS (SELECT 1 FROM ${sql.raw(table)} ${a} WHERE ${a}.id = c.id AND ${condition} OFFSET 0)`;
}

/** The last key of every list: the row's id, so the order is total and pages never overlap. */
export function idKey(alias: string): SortKey {
  return { name: 'id', value: sql.raw(`${alias}.id`), order: 'ASC' };
}

/**
 * One page of the candidates: `rows` (a FROM item `x` with its filters in `where`) ranked by `keys`
 * (ending with `idKey('x')`) in a sorted subquery `c`, then read in order keeping those `visible`
 * holds for.
 */
export function rankedPage(input: {
  ctes: SQL[];
  rows: SQL;
  where: SQL;
  keys: readonly SortKey[];
  visible: SQL;
  offset: Param<number>;
  limit: Param<number>;
  /** Keys the page answers besides the id (a group's member count, which its card shows). */
  returning?: string[];
}): SQL {
  const { ctes, rows, where, keys, visible, offset, limit } = input;
  const returned = ['id', ...(input.returning ?? [])].map((name) => `c.${name}`).join(', ');
  return sql`WITH ${sql.join(ctes, sql`, `)}
    SELECT ${sql.raw(returned)} FROM (
      SELECT ${selectKeys(keys)} FROM ${rows} WHERE ${where}
      ORDER BY ${orderByNames(keys)} OFFSET 0
    ) c
    WHERE ${visible}
    ORDER BY ${orderByNames(keys, 'c')}
    LIMIT CAST(${limit} AS int) OFFSET CAST(${offset} AS int)`;
}
