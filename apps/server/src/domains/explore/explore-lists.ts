import { sql, type SQL } from 'drizzle-orm';
import type { Database, Store } from '../../db/client.ts';
import { anyOf, idArrayValue, textArrayValue } from '../../db/id-array.ts';
import { groups, type users } from '../../db/schema/index.ts';
import type { GroupRow } from '../groups/group-loaders.ts';
import { genericPlanShapedRows, shapedRows } from '../../db/shaped-statements.ts';
import { oncePer } from '../../once-per.ts';
import { prefixQuery } from '../search/text-query.ts';
import { RankingCache, cacheOf } from '../search/ranking-cache.ts';
import { RANKING_USABLE_MS, rankedOrChanged } from '../search/search-sql.ts';
import { boxAround } from '../places/coordinate-box.ts';
import {
  distanceKm,
  explorableGroupFor,
  explorablePerson,
  explorablePlan,
  followerCount,
  friendsWithPersonOnce,
  friendsInGroup,
  friendsInPlan,
  friendsWithPerson,
  goingCount,
  matchesQuery,
  memberCount,
  roundedKm,
  upcomingPlan,
  withinBox,
  type BoxParam,
  type Center,
  type CenterParam,
} from './explore-sql.ts';

export type ExploreSort = 'NEAREST' | 'SOONEST' | 'POPULAR';

/** One page of one explore list: what to show, where, in which order. */
export interface ListQuery {
  viewerId: number | null;
  /** Only rows within radiusKm of it, nearest first for NEAREST; null: anywhere. */
  center: Center | null;
  radiusKm: number;
  sort: ExploreSort;
  text?: string | null;
  /** More conditions over the list's row (hashtag, scope). */
  where?: (alias: string) => SQL;
  offset: number;
  limit: number;
}

/** Where the values of a list's statement go: placeholders, filled in per request (listValues). */
const P = {
  viewer: sql.placeholder('viewer'),
  center: { latitude: sql.placeholder('latitude'), longitude: sql.placeholder('longitude') },
  radiusKm: sql.placeholder('radiusKm'),
  latitudes: [sql.placeholder('latitudeMin'), sql.placeholder('latitudeMax')] as BoxParam['latitudes'],
  longitudes: [sql.placeholder('longitudeMin'), sql.placeholder('longitudeMax')] as NonNullable<
    BoxParam['longitudes']
  >,
  text: sql.placeholder('text'),
  offset: sql.placeholder('offset'),
  limit: sql.placeholder('limit'),
  /** The page's last row: offset + limit - 1. */
  last: sql.placeholder('last'),
  /** A shared cut's ids (int[]) and the time they were read (SharedCut). */
  shared: sql.placeholder('shared'),
  signatures: sql.placeholder('signatures'),
  since: sql.placeholder('since'),
};

/**
 * What a list statement's text depends on besides its list and order (its values are
 * placeholders): a statement per shape is built once (db/shaped-statements.ts).
 */
interface Shape {
  signedIn: boolean;
  center: boolean;
  text: boolean;
  /** The box around the center has no longitudes (it reaches a pole or the 180th meridian). */
  wide: boolean;
  /** Conditions of the caller's own (ListQuery.where): such a statement is not kept. */
  own: boolean;
}

/** The values of a list statement's placeholders, for `radiusKm` around the query's center. */
function listValues(query: ListQuery, radiusKm: number): { shape: Shape; values: Record<string, unknown> } {
  const box = query.center ? boxAround(query.center, radiusKm) : null;
  const text = query.text ? prefixQuery(query.text) : null;
  return {
    shape: {
      signedIn: query.viewerId !== null,
      center: query.center !== null,
      text: text !== null,
      wide: box !== null && box.longitudes === null,
      own: query.where !== undefined,
    },
    values: {
      viewer: query.viewerId,
      latitude: query.center?.latitude ?? null,
      longitude: query.center?.longitude ?? null,
      radiusKm,
      latitudeMin: box?.latitudes[0] ?? null,
      latitudeMax: box?.latitudes[1] ?? null,
      longitudeMin: box?.longitudes?.[0] ?? null,
      longitudeMax: box?.longitudes?.[1] ?? null,
      text,
      offset: query.offset,
      limit: query.limit,
      last: query.offset + query.limit - 1,
    },
  };
}

/** The key of a statement of `list` in `shape`; null for one with conditions of the caller's own. */
function shapeKey(list: string, shape: Shape): string | null {
  if (shape.own) return null;
  return `explore:${list}:${shape.signedIn}:${shape.center}:${shape.text}:${shape.wide}`;
}

/** The viewer's placeholder, or null when signed out. */
const viewerOf = (shape: Shape) => (shape.signedIn ? P.viewer : null);

/** The center's placeholders, or null without one. */
const centerOf = (shape: Shape): CenterParam | null => (shape.center ? P.center : null);

function conditions(alias: string, shape: Shape, query: ListQuery, own: SQL[]): SQL {
  const all = [...own];
  if (shape.center)
    all.push(
      withinBox(
        alias,
        P.center,
        { latitudes: P.latitudes, longitudes: shape.wide ? null : P.longitudes },
        P.radiusKm,
      ),
    );
  if (shape.text) all.push(matchesQuery(alias, P.text));
  if (query.where) all.push(query.where(alias));
  return sql.join(all, sql` AND `);
}

/** Nearer first, rows without coordinates last; no key at all without a center. */
const nearer = (alias: string, center: CenterParam | null): SQL[] =>
  center === null ? [] : [sql`${distanceKm(alias, center)} ASC NULLS LAST`];

const orderBy = (keys: SQL[]) => sql.join(keys, sql`, `);

/** What pageIds needs of a list: its table, conditions and keys. */
interface PageInput {
  /** Names the list's statement among explore's (with its shape). */
  list: string;
  table: 'plans' | 'groups' | 'users';
  alias: string;
  /** The list's conditions in a shape. */
  where: (shape: Shape) => SQL;
  leading: (shape: Shape) => SQL[];
  rest: (shape: Shape) => SQL[];
  /** Columns of the table that `rest` reads. */
  carry?: string[];
  /** More columns of the page's rows, as `expression AS name` (read under the table's alias). */
  select?: SQL[];
  /** Smaller circles first; `leading` starts with roundedKm around the center. */
  rings?: boolean;
}

/**
 * How a page statement reads (pageIds):
 * - `page`: the viewer's page from every row of the list;
 * - `cut`: for anyone (signed out), every row up to the page's cut row, ties included: the ids and
 *   their signatures (id and leading keys as text), one row whatever was found (SharedCut);
 * - `shared`: the viewer's page from the rows of a shared cut and the rows changed since it was
 *   read, with how many of the cut's rows are found as they were (`kept`: same signature).
 */
type Mode = 'page' | 'cut' | 'shared';

/**
 * A list's rows up to a page's cut near a place, as anyone may see them, kept for every viewer
 * (sharedCuts): `since` is when they were read (a few seconds before, for transactions that were
 * committing), `signatures` each row's id and leading keys as text.
 */
interface SharedCut {
  ids: number[];
  signatures: string[];
  since: string;
}

/**
 * How long explore's values kept for everyone (decision 0048) are served as they are (about a
 * minute), and at most while they are read again in the background, as search's rankings.
 */
export const EXPLORE_KEPT = { freshMs: 60_000, usableMs: RANKING_USABLE_MS } as const;

/**
 * Shared cuts (decision 0048): read for anyone about once a minute a list, place and page, and
 * served for up to RANKING_USABLE_MS while read again in the background, as search's rankings are.
 */
const sharedCuts = (db: Database) =>
  cacheOf(
    db,
    'explore-cuts',
    () =>
      new RankingCache({
        ...EXPLORE_KEPT,
        maxEntries: 2_000,
        maxWeight: 200_000,
        weigh: (value) => (value as SharedCut).ids.length,
      }),
  );

/** How long a place's list asked once is remembered, and how many such are remembered at most. */
const ASKED = { withinMs: 60_000, max: 10_000 };

/**
 * When each list, place and page was last asked for (sharedPage): a cut is read for everyone only
 * when asked a second time within ASKED.withinMs, so a place asked once (someone's own coordinates
 * from "Use my location") costs one statement as before, not a cut and a viewer's page.
 */
const askedAt = oncePer((_db: Database) => new Map<string, number>());

/** Whether `key` was asked within ASKED.withinMs before now; notes that it is asked now. */
function askedBefore(db: Database, key: string): boolean {
  const asked = askedAt(db);
  const now = Date.now();
  const before = asked.get(key);
  asked.delete(key);
  asked.set(key, now);
  if (asked.size > ASKED.max) asked.delete(asked.keys().next().value!);
  return before !== undefined && now - before <= ASKED.withinMs;
}

/**
 * The ids of one page, ordered by `leading` keys (cheap, all ascending, never null) and then by
 * `rest` (the costly ones: friends involved, counts). Ranking every candidate by `rest` read a
 * subquery per row: near a city of the generated world that was ~20,000 rows and 1.7 s of database
 * CPU a request. So the candidates are cut first at the leading keys of the page's last row, ties
 * included, and only those (`page`) are ranked by `rest`: the same order, with the costly keys
 * read for about a page of rows instead of all of them.
 *
 * The candidates carry the columns `rest` reads (`carry`), and the ranking reads them from there
 * under the table's alias: joining the table back made PostgreSQL, which cannot estimate the cut,
 * expect thousands of rows and hash the whole table (100,000 people, ~80 ms) for a dozen; for the
 * same reason, an aggregate of the friends' counts joined to the page was made for every friend's
 * rows. Per-row counts in `rest` run for the page's rows alone.
 *
 * With `rings` (the first leading key is the distance in tenths of a km, roundedKm), circles of a
 * 64th, a 16th and a quarter of the radius are tried first: near a city of the generated world the
 * whole radius held 12,500 people, and every one of them was read and measured for a page of 7.
 * A smaller circle's page is the page when the circle holds the cut row (offset + limit rows) and
 * every row as near as the cut row is inside it: a row rounded to k0 tenths is nearer than
 * (k0 + 0.5) / 10 km, so the circle must reach that far. Otherwise the next circle is read.
 *
 * A list with rings and no conditions of the caller's own, asked again near the same place, is cut
 * once for everyone there (sharedPage, decision 0048); the rest, and a viewer the shared cut does
 * not serve, read their page here. The statement is built with placeholders, once per list, shape and mode
 * (shapedRows): every circle is the same statement with other values.
 */
async function pageIds(store: Store, query: ListQuery, input: PageInput): Promise<PageRow[]> {
  if (input.rings && query.center && !query.where) {
    const shared = await sharedPage(store, query, input);
    if (shared) return shared;
  }
  return readWithRings<PageRow>(store.db, query, input, 'page');
}

/** The page statement of `input` in `shape` and `mode` (pageIds). */
function pageStatement(input: PageInput, shape: Shape, mode: Mode): SQL {
  const a = sql.raw(input.alias);
  const leading = input.leading(shape);
  const keys = leading.map((key, i) => sql`${key} AS ${sql.raw(`k${i}`)}`);
  /** The leading keys' column names (k0, k1, …), each after `prefix` (a row alias and its dot). */
  const keyNames = (prefix = '') => sql.raw(leading.map((_key, i) => `${prefix}k${i}`).join(', '));
  /** A row's id and leading keys as one text, to tell whether a shared cut's row is as it was. */
  const signature = (prefix: string) =>
    sql`CAST(${sql.raw(prefix)}id AS text) || ' ' || CAST(ROW(${keyNames(prefix)}) AS text)`;
  const names = keyNames();
  const carried = (input.carry ?? []).map((column) => sql.raw(`${input.alias}.${column}`));
  const table = sql.raw(input.table);
  // A shared cut's rows and those changed since, read by key: OFFSET 0 keeps the list's
  // conditions out of this scan, as search's candidateRows does.
  const from =
    mode === 'shared'
      ? sql`(SELECT * FROM ${table} WHERE id = ANY(ARRAY(SELECT id FROM (${rankedOrChanged(input.table, P.shared, P.since)}) c)) OFFSET 0)`
      : table;
  const chosen = sql`WITH candidates AS (
      SELECT ${sql.join([sql`${a}.id`, ...carried, ...keys], sql`, `)} FROM ${from} ${a}
      WHERE ${input.where(shape)}
    ), cut AS (
      SELECT ${names} FROM candidates ORDER BY ${names} LIMIT 1 OFFSET ${P.last}
    ), page AS (
      SELECT * FROM candidates c
      WHERE NOT EXISTS (SELECT 1 FROM cut) OR (${keyNames('c.')}) <= (SELECT ${names} FROM cut)
    )`;
  if (mode === 'cut')
    return sql`${chosen}
      SELECT coalesce(array_agg(${a}.id), '{}') AS ids, coalesce(array_agg(${signature(`${input.alias}.`)}), '{}') AS signatures,
        CAST(now() - interval '5 seconds' AS text) AS since, (SELECT k0 FROM cut) AS cut_k0
      FROM page ${a}`;
  // How many of the cut's rows are still there for this viewer with the same leading keys.
  const kept =
    mode === 'shared'
      ? [
          sql`(SELECT count(*) FROM candidates kc WHERE kc.id = ANY(CAST(${P.shared} AS int[]))
            AND ${signature('kc.')} = ANY(CAST(${P.signatures} AS text[]))) AS kept`,
        ]
      : [];
  return sql`${chosen}
    SELECT ${sql.join([sql`${a}.id`, ...carried, ...(input.select ?? []), ...kept], sql`, `)},
      (SELECT k0 FROM cut) AS cut_k0 FROM page ${a}
    ORDER BY ${keyNames(`${input.alias}.`)}, ${orderBy(input.rest(shape))}
    LIMIT ${P.limit} OFFSET ${P.offset}`;
}

/**
 * A page statement's rows in `mode` for the query's viewer, the smaller circles first when the list
 * has rings (pageIds), each circle the same statement with other values.
 */
async function readWithRings<T extends object>(
  db: Database,
  query: ListQuery,
  input: PageInput,
  mode: 'page' | 'cut',
): Promise<T[]> {
  const read = (radiusKm: number) => {
    const { shape, values } = listValues(query, radiusKm);
    return shapedRows<T>(
      db,
      shapeKey(`${input.list}:${mode}`, shape),
      () => pageStatement(input, shape, mode),
      values,
    );
  };
  for (const share of input.rings && query.center ? RING_SHARES : []) {
    const radiusKm = query.radiusKm * share;
    const found = await read(radiusKm);
    const cutTenths = (found[0] as { cut_k0?: unknown } | undefined)?.cut_k0;
    if (cutTenths !== null && cutTenths !== undefined && (Number(cutTenths) + 0.5) / 10 <= radiusKm)
      return found;
  }
  return read(query.radiusKm);
}

/** A Postgres array as the drivers give it: its items, texts where a driver left them unparsed. */
function arrayOf<T>(value: unknown, parse: (item: string) => T): T[] {
  if (Array.isArray(value))
    return value.map((item) => (typeof item === 'string' ? parse(item) : (item as T)));
  throw new TypeError(`Expected an array, not ${typeof value}`);
}

/**
 * The viewer's page from a shared cut (decision 0048): once a list, place and page is asked a second
 * time within a minute (askedBefore), the rows anyone may see up to the page's cut near the place
 * are read for everyone (sharedCuts), and the viewer's statement reads only
 * those and the rows changed since, with the viewer's rules and ranking. It gives the page the
 * viewer's own statement would when every row of the cut is still there for the viewer with the
 * same leading keys (a viewer sees a subset of what anyone sees: never themselves nor anyone a
 * block separates from them); otherwise (null) the viewer's page is read as before. A row that
 * changed since the cut was read is among the changed rows, so a new plan nearby shows at once.
 */
async function sharedPage(store: Store, query: ListQuery, input: PageInput): Promise<PageRow[] | null> {
  const db = store.db;
  const center = query.center!;
  const last = query.offset + query.limit - 1;
  const key = [input.list, center.latitude, center.longitude, query.radiusKm, query.text ?? '', last].join(
    '|',
  );
  if (!askedBefore(db, key)) return null;
  const cut = await sharedCuts(db).get<SharedCut>(key, async () => {
    const [row] = await readWithRings<{ ids: unknown; signatures: unknown; since: string; cut_k0: unknown }>(
      db,
      { ...query, viewerId: null },
      input,
      'cut',
    );
    if (!row) throw new Error('A shared cut read no row.');
    return {
      ids: arrayOf(row.ids, Number),
      signatures: arrayOf(row.signatures, String),
      since: String(row.since),
    };
  });
  const { shape, values } = listValues(query, query.radiusKm);
  const sharedValues = {
    ...values,
    shared: idArrayValue(cut.ids),
    signatures: textArrayValue(cut.signatures),
    since: cut.since,
  };
  // It reads the rows changed since the cut, as search's pages do: on the pool of generic plans,
  // which PostgreSQL would otherwise plan afresh at every request once a few hundred rows changed
  // in the last minutes (decision 0043's later note of 2026-12-06).
  const found = await genericPlanShapedRows<PageRow & { kept: unknown }>(
    store,
    shapeKey(`${input.list}:shared`, shape),
    () => pageStatement(input, shape, 'shared'),
    sharedValues,
    'explore_',
  );
  const first = found[0];
  // No row: the page is past the end, unless rows of the cut are gone (its end told otherwise).
  if (!first) return cut.ids.length > query.offset ? null : [];
  if (Number(first.kept) !== cut.ids.length) return null;
  return found.map(({ kept: _kept, ...row }) => row);
}

/** The rows of a list's statement ordered by `order` alone (shapedRows, as pageIds). */
function orderedRows<T>(
  db: Database,
  query: ListQuery,
  list: string,
  build: (shape: Shape) => SQL,
): Promise<T[]> {
  const { shape, values } = listValues(query, query.radiusKm);
  return shapedRows<T>(db, shapeKey(list, shape), () => build(shape), values);
}

/** A row of a page: its id, and the columns it carried (pageIds). */
type PageRow = { id: number } & Record<string, unknown>;

const idsOf = (found: ReadonlyArray<{ id: number }>) => found.map((row) => Number(row.id));

/** The smaller circles pageIds tries first, as shares of the radius. */
const RING_SHARES = [1 / 64, 1 / 16, 1 / 4];

/**
 * Plan ids, ordered: NEAREST by distance (in tenths of a km), then start, then friends involved;
 * SOONEST (and NEAREST without a place) by start, then friends involved, then distance; POPULAR
 * by people going plus friends involved, then start. `past` lists ended plans, latest first.
 */
export async function explorePlanIds(store: Store, query: ListQuery & { past?: boolean }): Promise<number[]> {
  return (await explorePlanPage(store, query)).map((plan) => plan.id);
}

/** explorePlanIds with each plan's creator, whose row the cards show. */
export async function explorePlanPage(
  store: Store,
  query: ListQuery & { past?: boolean },
): Promise<Array<{ id: number; creatorId: number }>> {
  const db = store.db;
  const page = (found: ReadonlyArray<PageRow>) =>
    found.map((row) => ({ id: Number(row.id), creatorId: Number(row.creator_id) }));
  const when = query.past ? sql`NOT ${upcomingPlan('p')}` : upcomingPlan('p');
  const friends = (shape: Shape) => friendsInPlan('p', viewerOf(shape));
  const where = (shape: Shape) => conditions('p', shape, query, [explorablePlan('p', viewerOf(shape)), when]);
  const pageQuery = { table: 'plans' as const, alias: 'p', where };
  if (!query.past && query.sort === 'NEAREST' && query.center)
    return page(
      await pageIds(store, query, {
        ...pageQuery,
        list: 'plans:nearest',
        leading: () => [roundedKm('p', P.center), sql`p.starts_at`],
        rest: (shape) => [sql`${friends(shape)} DESC`, sql`p.id ASC`],
        carry: ['creator_id'],
        rings: true,
      }),
    );
  if (!query.past && query.sort !== 'POPULAR')
    return page(
      await pageIds(store, query, {
        ...pageQuery,
        list: 'plans:soonest',
        leading: () => [sql`p.starts_at`],
        rest: (shape) => [sql`${friends(shape)} DESC`, ...nearer('p', centerOf(shape)), sql`p.id ASC`],
        carry: ['creator_id', 'latitude_e6', 'longitude_e6'],
      }),
    );
  // What is left: ended plans, or upcoming ones by popularity.
  const order = (shape: Shape): SQL[] =>
    query.past
      ? [sql`p.ends_at DESC`, sql`p.id DESC`]
      : [
          sql`(${goingCount('p')} + ${friends(shape)}) DESC`,
          sql`p.starts_at ASC`,
          ...nearer('p', centerOf(shape)),
          sql`p.id ASC`,
        ];
  const found = await orderedRows<PageRow>(
    db,
    query,
    `plans:${query.past ? 'past' : 'popular'}`,
    (shape) => sql`SELECT p.id, p.creator_id FROM plans p
      WHERE ${where(shape)}
      ORDER BY ${orderBy(order(shape))}
      LIMIT ${P.limit} OFFSET ${P.offset}`,
  );
  return page(found);
}

/**
 * Group rows, ordered: NEAREST by distance, then friends inside, then members; SOONEST (and
 * NEAREST without a place) by the group's next explorable plan, then friends, then distance;
 * POPULAR by members plus friends inside.
 */
export async function exploreGroupRows(store: Store, query: ListQuery): Promise<GroupRow[]> {
  return rowsInOrder(store.db, groups, await exploreGroupPage(store, query));
}

/**
 * The ids of exploreGroupRows' groups, in order, with each one's member count: the order reads it
 * for the page's rows, so the cards take it from here rather than count again.
 */
export async function exploreGroupPage(
  store: Store,
  query: ListQuery,
): Promise<Array<{ id: number; memberCount: number }>> {
  const db = store.db;
  const page = (found: ReadonlyArray<PageRow>) =>
    found.map((row) => ({ id: Number(row.id), memberCount: Number(row.member_count) }));
  const members = sql`${memberCount('g')} AS member_count`;
  const friends = (shape: Shape) => friendsInGroup('g', viewerOf(shape));
  const where = (shape: Shape) => conditions('g', shape, query, [explorableGroupFor('g', viewerOf(shape))]);
  if (query.sort === 'NEAREST' && query.center) {
    const ids = await pageIds(store, query, {
      list: 'groups:nearest',
      table: 'groups',
      alias: 'g',
      where,
      leading: () => [roundedKm('g', P.center)],
      rest: (shape) => [sql`${friends(shape)} DESC`, sql`${memberCount('g')} DESC`, sql`g.id ASC`],
      carry: ['member_count'],
      select: [members],
      rings: true,
    });
    return page(ids);
  }
  const order = (shape: Shape): SQL[] => {
    const center = centerOf(shape);
    if (query.sort === 'POPULAR')
      return [sql`(${memberCount('g')} + ${friends(shape)}) DESC`, ...nearer('g', center), sql`g.id ASC`];
    // SOONEST, and NEAREST without a place.
    const viewer = viewerOf(shape);
    const nextPlan = sql`(SELECT min(np.starts_at) FROM plans np WHERE np.group_id = g.id
      AND ${explorablePlan('np', viewer)} AND ${upcomingPlan('np')})`;
    return [
      sql`${nextPlan} ASC NULLS LAST`,
      sql`${friends(shape)} DESC`,
      ...nearer('g', center),
      sql`${memberCount('g')} DESC`,
      sql`g.id ASC`,
    ];
  };
  const found = await orderedRows<PageRow>(
    db,
    query,
    `groups:${query.sort === 'POPULAR' ? 'popular' : 'soonest'}`,
    (shape) => sql`SELECT g.id, ${members} FROM groups g
      WHERE ${where(shape)}
      ORDER BY ${orderBy(order(shape))}
      LIMIT ${P.limit} OFFSET ${P.offset}`,
  );
  return page(found);
}

/**
 * People, ordered: NEAREST and SOONEST (people have no time) by distance, then friends in common,
 * then the verified badge; POPULAR by followers plus friends in common, then distance.
 */
export async function explorePeopleIds(store: Store, query: ListQuery): Promise<number[]> {
  const db = store.db;
  const friends = (shape: Shape) => friendsWithPerson('u', viewerOf(shape));
  const where = (shape: Shape) => conditions('u', shape, query, [explorablePerson('u', viewerOf(shape))]);
  if (query.sort !== 'POPULAR' && query.center) {
    const ids = await pageIds(store, query, {
      list: 'people:nearest',
      table: 'users',
      alias: 'u',
      where,
      leading: () => [roundedKm('u', P.center)],
      rest: (shape) => [sql`${friends(shape)} DESC`, sql`u.is_verified DESC`, sql`u.id ASC`],
      carry: ['is_verified'],
      rings: true,
    });
    return idsOf(ids);
  }
  // Every person of the place (or of the world) is ranked here: friends in common are counted once
  // for all, not per person (friendsWithPersonOnce).
  const friendsOnce = (shape: Shape) => friendsWithPersonOnce('u', viewerOf(shape));
  const popular = query.sort === 'POPULAR';
  const order = (shape: Shape): SQL[] =>
    popular
      ? [
          sql`(${followerCount('u')} + ${friendsOnce(shape)}) DESC`,
          ...nearer('u', centerOf(shape)),
          sql`u.id ASC`,
        ]
      : // Without a place: friends in common first.
        [sql`${friendsOnce(shape)} DESC`, sql`u.is_verified DESC`, sql`u.id ASC`];
  const found = await orderedRows<{ id: number }>(
    db,
    query,
    `people:${popular ? 'popular' : 'nearest'}`,
    (shape) => sql`SELECT u.id FROM users u
      WHERE ${where(shape)}
      ORDER BY ${orderBy(order(shape))}
      LIMIT ${P.limit} OFFSET ${P.offset}`,
  );
  return idsOf(found);
}

/** Full rows in the order of `ids`. */
export async function rowsInOrder<T extends typeof groups | typeof users>(
  db: Database,
  table: T,
  ids: Array<{ id: number }>,
): Promise<T['$inferSelect'][]> {
  if (ids.length === 0) return [];
  const wanted = ids.map((row) => Number(row.id));
  const t = table as typeof groups;
  const found = (await db.select().from(t).where(anyOf(t.id, wanted))) as Array<T['$inferSelect']>;
  const byId = new Map(found.map((row) => [row.id, row]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}
