import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { anyOf } from '../../db/id-array.ts';
import { groups, type users } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import type { GroupRow } from '../groups/group-loaders.ts';
import { planLoaders } from '../plans/plan-loaders.ts';
import { resolveOccurrence } from '../plans/plan-occurrence.ts';
import type { PlanCard } from '../plans/plan-type.ts';
import { planCardOf } from '../plans/plan-view.ts';
import { rows } from '../social/social-sql.ts';
import {
  distanceKm,
  explorableGroupFor,
  explorablePerson,
  explorablePlan,
  followerCount,
  friendsInGroup,
  friendsInPlan,
  friendsWithPerson,
  goingCount,
  memberCount,
  roundedKm,
  textMatch,
  upcomingPlan,
  withinKm,
  type Center,
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

function conditions(alias: string, query: ListQuery, own: SQL[]): SQL {
  const all = [...own];
  if (query.center) all.push(withinKm(alias, query.center, query.radiusKm));
  const text = textMatch(alias, query.text);
  if (text) all.push(text);
  if (query.where) all.push(query.where(alias));
  return sql.join(all, sql` AND `);
}

/** Nearer first, rows without coordinates last; no key at all without a center. */
const nearer = (alias: string, center: Center | null): SQL[] =>
  center === null ? [] : [sql`${distanceKm(alias, center)} ASC NULLS LAST`];

const orderBy = (keys: SQL[]) => sql.join(keys, sql`, `);

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
 */
async function pageIds(
  db: Database,
  input: {
    table: SQL;
    alias: string;
    where: SQL;
    leading: SQL[];
    rest: SQL[];
    /** Columns of the table that `rest` reads. */
    carry?: string[];
    /** More columns of the page's rows, as `expression AS name` (read under the table's alias). */
    select?: SQL[];
    offset: number;
    limit: number;
    /** `where` within a smaller circle; `leading` starts with roundedKm around its center. */
    rings?: { radiusKm: number; within: (radiusKm: number) => SQL };
  },
): Promise<PageRow[]> {
  const a = sql.raw(input.alias);
  const keys = input.leading.map((key, i) => sql`${key} AS ${sql.raw(`k${i}`)}`);
  /** The leading keys' column names (k0, k1, …), each after `prefix` (a row alias and its dot). */
  const keyNames = (prefix = '') => sql.raw(input.leading.map((_key, i) => `${prefix}k${i}`).join(', '));
  const names = keyNames();
  const carried = (input.carry ?? []).map((column) => sql.raw(`${input.alias}.${column}`));
  const last = input.offset + input.limit - 1;
  const read = (where: SQL) =>
    rows<PageRow & { cut_k0: string | number | null }>(
      db,
      sql`WITH candidates AS (
        SELECT ${sql.join([sql`${a}.id`, ...carried, ...keys], sql`, `)} FROM ${input.table} ${a}
        WHERE ${where}
      ), cut AS (
        SELECT ${names} FROM candidates ORDER BY ${names} LIMIT 1 OFFSET ${last}
      ), page AS (
        SELECT * FROM candidates c
        WHERE NOT EXISTS (SELECT 1 FROM cut) OR (${keyNames('c.')}) <= (SELECT ${names} FROM cut)
      )
      SELECT ${sql.join([sql`${a}.id`, ...carried, ...(input.select ?? [])], sql`, `)},
        (SELECT k0 FROM cut) AS cut_k0 FROM page ${a}
      ORDER BY ${keyNames(`${input.alias}.`)}, ${orderBy(input.rest)}
      LIMIT ${input.limit} OFFSET ${input.offset}`,
    );
  const { rings } = input;
  for (const share of rings ? RING_SHARES : []) {
    const radiusKm = rings!.radiusKm * share;
    const found = await read(rings!.within(radiusKm));
    const cutTenths = found[0]?.cut_k0;
    if (cutTenths !== null && cutTenths !== undefined && (Number(cutTenths) + 0.5) / 10 <= radiusKm)
      return found;
  }
  return read(input.where);
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
export async function explorePlanIds(db: Database, query: ListQuery & { past?: boolean }): Promise<number[]> {
  return (await explorePlanPage(db, query)).map((plan) => plan.id);
}

/** explorePlanIds with each plan's creator, whose row the cards show. */
export async function explorePlanPage(
  db: Database,
  query: ListQuery & { past?: boolean },
): Promise<Array<{ id: number; creatorId: number }>> {
  const page = (found: ReadonlyArray<PageRow>) =>
    found.map((row) => ({ id: Number(row.id), creatorId: Number(row.creator_id) }));
  const { viewerId, center } = query;
  const when = query.past ? sql`NOT ${upcomingPlan('p')}` : upcomingPlan('p');
  const friends = friendsInPlan('p', viewerId);
  const where = conditions('p', query, [explorablePlan('p', viewerId), when]);
  const pageQuery = { table: sql`plans`, alias: 'p', where, offset: query.offset, limit: query.limit };
  if (!query.past && query.sort === 'NEAREST' && center)
    return page(
      await pageIds(db, {
        ...pageQuery,
        leading: [roundedKm('p', center), sql`p.starts_at`],
        rest: [sql`${friends} DESC`, sql`p.id ASC`],
        carry: ['creator_id'],
        rings: {
          radiusKm: query.radiusKm,
          within: (radiusKm) =>
            conditions('p', { ...query, radiusKm }, [explorablePlan('p', viewerId), when]),
        },
      }),
    );
  if (!query.past && query.sort !== 'POPULAR')
    return page(
      await pageIds(db, {
        ...pageQuery,
        leading: [sql`p.starts_at`],
        rest: [sql`${friends} DESC`, ...nearer('p', center), sql`p.id ASC`],
        carry: ['creator_id', 'latitude_e6', 'longitude_e6'],
      }),
    );
  let order: SQL[];
  if (query.past) order = [sql`p.ends_at DESC`, sql`p.id DESC`];
  else if (query.sort === 'POPULAR')
    order = [
      sql`(${goingCount('p')} + ${friends}) DESC`,
      sql`p.starts_at ASC`,
      ...nearer('p', center),
      sql`p.id ASC`,
    ];
  else if (query.sort === 'NEAREST' && center)
    order = [sql`${roundedKm('p', center)} ASC`, sql`p.starts_at ASC`, sql`${friends} DESC`, sql`p.id ASC`];
  else order = [sql`p.starts_at ASC`, sql`${friends} DESC`, ...nearer('p', center), sql`p.id ASC`];
  const found = await rows<PageRow>(
    db,
    sql`SELECT p.id, p.creator_id FROM plans p
      WHERE ${where}
      ORDER BY ${orderBy(order)}
      LIMIT ${query.limit} OFFSET ${query.offset}`,
  );
  return page(found);
}

/** Cards of the plans, in order; a repeating plan shows its next occurrence. */
export async function planCards(context: RequestContext, ids: number[]): Promise<PlanCard[]> {
  const cards = await Promise.all(
    ids.map(async (id) => {
      const row = await planLoaders(context).row.load(id);
      return row ? planCardOf(context, row, await resolveOccurrence(context, row, null)) : null;
    }),
  );
  return cards.filter((card): card is PlanCard => card !== null);
}

/**
 * Group rows, ordered: NEAREST by distance, then friends inside, then members; SOONEST (and
 * NEAREST without a place) by the group's next explorable plan, then friends, then distance;
 * POPULAR by members plus friends inside.
 */
export async function exploreGroupRows(db: Database, query: ListQuery): Promise<GroupRow[]> {
  const page = await exploreGroupPage(db, query);
  const counts = new Map(page.map((group) => [group.id, group.memberCount]));
  return (await rowsInOrder(db, groups, page)).map((row) => ({ ...row, memberCount: counts.get(row.id)! }));
}

/**
 * The ids of exploreGroupRows' groups, in order, with each one's member count: the order reads it
 * for the page's rows, so the cards take it from here rather than count again.
 */
export async function exploreGroupPage(
  db: Database,
  query: ListQuery,
): Promise<Array<{ id: number; memberCount: number }>> {
  const page = (found: ReadonlyArray<PageRow>) =>
    found.map((row) => ({ id: Number(row.id), memberCount: Number(row.member_count) }));
  const members = sql`${memberCount('g')} AS member_count`;
  const { viewerId, center } = query;
  const friends = friendsInGroup('g', viewerId);
  const nextPlan = sql`(SELECT min(np.starts_at) FROM plans np WHERE np.group_id = g.id
    AND ${explorablePlan('np', viewerId)} AND ${upcomingPlan('np')})`;
  const where = conditions('g', query, [explorableGroupFor('g', viewerId)]);
  if (query.sort === 'NEAREST' && center) {
    const ids = await pageIds(db, {
      table: sql`groups`,
      alias: 'g',
      where,
      leading: [roundedKm('g', center)],
      rest: [sql`${friends} DESC`, sql`${memberCount('g')} DESC`, sql`g.id ASC`],
      select: [members],
      offset: query.offset,
      limit: query.limit,
      rings: {
        radiusKm: query.radiusKm,
        within: (radiusKm) => conditions('g', { ...query, radiusKm }, [explorableGroupFor('g', viewerId)]),
      },
    });
    return page(ids);
  }
  let order: SQL[];
  if (query.sort === 'POPULAR')
    order = [sql`(${memberCount('g')} + ${friends}) DESC`, ...nearer('g', center), sql`g.id ASC`];
  else if (query.sort === 'NEAREST' && center)
    order = [
      sql`${roundedKm('g', center)} ASC`,
      sql`${friends} DESC`,
      sql`${memberCount('g')} DESC`,
      sql`g.id ASC`,
    ];
  else
    order = [
      sql`${nextPlan} ASC NULLS LAST`,
      sql`${friends} DESC`,
      ...nearer('g', center),
      sql`${memberCount('g')} DESC`,
      sql`g.id ASC`,
    ];
  const found = await rows<PageRow>(
    db,
    sql`SELECT g.id, ${members} FROM groups g
      WHERE ${where}
      ORDER BY ${orderBy(order)}
      LIMIT ${query.limit} OFFSET ${query.offset}`,
  );
  return page(found);
}

/**
 * People, ordered: NEAREST and SOONEST (people have no time) by distance, then friends in common,
 * then the verified badge; POPULAR by followers plus friends in common, then distance.
 */
export async function explorePeopleIds(db: Database, query: ListQuery): Promise<number[]> {
  const { viewerId, center } = query;
  const friends = friendsWithPerson('u', viewerId);
  const where = conditions('u', query, [explorablePerson('u', viewerId)]);
  if (query.sort !== 'POPULAR' && center) {
    const ids = await pageIds(db, {
      table: sql`users`,
      alias: 'u',
      where,
      leading: [roundedKm('u', center)],
      rest: [sql`${friends} DESC`, sql`u.is_verified DESC`, sql`u.id ASC`],
      carry: ['is_verified'],
      offset: query.offset,
      limit: query.limit,
      rings: {
        radiusKm: query.radiusKm,
        within: (radiusKm) => conditions('u', { ...query, radiusKm }, [explorablePerson('u', viewerId)]),
      },
    });
    return idsOf(ids);
  }
  const order =
    query.sort === 'POPULAR'
      ? [sql`(${followerCount('u')} + ${friends}) DESC`, ...nearer('u', center), sql`u.id ASC`]
      : [
          ...(center ? [sql`${roundedKm('u', center)} ASC`] : []),
          sql`${friends} DESC`,
          sql`u.is_verified DESC`,
          sql`u.id ASC`,
        ];
  const found = await rows<{ id: number }>(
    db,
    sql`SELECT u.id FROM users u
      WHERE ${where}
      ORDER BY ${orderBy(order)}
      LIMIT ${query.limit} OFFSET ${query.offset}`,
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
