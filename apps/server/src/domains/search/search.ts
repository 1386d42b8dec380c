import { sql, type SQL } from 'drizzle-orm';
import { BOT_USER_ID } from '@plaza/core/constants';
import type { Database } from '../../db/client.ts';
import { DELETED_USER_KEY, groups, users } from '../../db/schema/index.ts';
import { badUserInput } from '../../graphql/errors.ts';
import type { GroupRow } from '../groups/group-loaders.ts';
import { PLAN_CARD_COLUMNS, planCardOf, type PlanCardSqlRow } from '../plans/plan-card-sql.ts';
import type { PlanCard } from '../plans/plan-type.ts';
import { planVisibleTo } from '../plans/plan-visibility-sql.ts';
import { decodeMarker, encodeMarker } from '../social/list-people.ts';
import { FRIEND_PAIRS, blockedBetween, rows } from '../social/social-sql.ts';
import type { UserRow } from '../users/find-user.ts';

export type SearchContext = 'ALL' | 'GROUPS' | 'EVENTS' | 'PEOPLE';

export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_MAX_LIMIT = 50;
const MAX_TEXT = 200;
/**
 * pg_trgm's default word similarity threshold (0.6) misses one wrong letter inside a short word
 * ("narwal" for "narwhal" scores 0.57); 0.4 forgives it, and ranking puts the closest first.
 */
const WORD_SIMILARITY_THRESHOLD = 0.4;

export interface SearchInput {
  text: string;
  context?: SearchContext | null;
  near?: { latitude: number; longitude: number } | null;
  marker?: string | null;
  limit?: number | null;
}

export interface SearchResults {
  groups: GroupRow[];
  plans: PlanCard[];
  people: UserRow[];
  nextMarker: string | null;
}

/**
 * The words of the query as a prefix tsquery ("pic nic" → "pic:* & nic:*"); only letters and
 * digits reach to_tsquery, so its syntax cannot be injected. Null when the text has no word.
 */
export function prefixQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length === 0 ? null : words.map((word) => `${word}:*`).join(' & ');
}

interface Match {
  /** Matches when the tsquery or trigram word similarity does. */
  where: SQL;
  /** Relevance in tenths: ts_rank plus word similarity, rounded so proximity can break ties. */
  relevance: SQL;
}

/**
 * Full-text match over `tsv` (the table's stored search_tsv, GIN-indexed) or trigram word
 * similarity over `names` (search_names, or for people their trigram index's expression): prefix through `:*`,
 * typos through `<%` (pg_trgm.word_similarity_threshold, set by `search`).
 */
function match(text: string, tsquery: string | null, tsv: SQL, names: SQL): Match {
  const query = tsquery === null ? null : sql`to_tsquery('simple'::regconfig, ${tsquery})`;
  return {
    where: query === null ? sql`(${text} <% ${names})` : sql`(${tsv} @@ ${query} OR ${text} <% ${names})`,
    relevance: sql`round(CAST((${query === null ? sql`0` : sql`ts_rank(${tsv}, ${query})`}
      + word_similarity(${text}, ${names})) * 10 AS numeric))`,
  };
}

/** Squared equirectangular distance to `near` (coordinates are stored in millionths); null without coordinates. */
function distance(alias: string, near: SearchInput['near']): SQL {
  if (!near) return sql`CAST(NULL AS double precision)`;
  const a = sql.raw(alias);
  const lat = Math.round(near.latitude * 1e6);
  const lon = Math.round(near.longitude * 1e6);
  const cos = Math.cos((near.latitude * Math.PI) / 180);
  return sql`(power(CAST(${a}.latitude_e6 - ${lat} AS double precision), 2)
    + power(CAST(${a}.longitude_e6 - ${lon} AS double precision) * ${cos}, 2))`;
}

function friendsOf(viewerId: number | null): SQL {
  return viewerId === null
    ? sql`(SELECT NULL::int AS friend WHERE false)`
    : sql`(SELECT friend FROM ${FRIEND_PAIRS} fp WHERE fp.person = ${viewerId})`;
}

async function searchPlans(
  db: Database,
  input: { text: string; tsquery: string | null; near: SearchInput['near']; viewerId: number | null },
  offset: number,
  limit: number,
): Promise<PlanCard[]> {
  const { text, tsquery, near, viewerId } = input;
  const m = match(text, tsquery, sql`p.search_tsv`, sql`p.search_names`);
  // A repeating plan is upcoming until its end date has passed (its row keeps the first occurrence).
  const upcoming = sql`(p.ends_at >= now() OR (p.recurrence IS NOT NULL
    AND (p.recurrence->>'endDate' IS NULL OR CAST(p.recurrence->>'endDate' AS date) >= CURRENT_DATE - 1)))`;
  // Search is explore: a plan explore DISABLED is reachable by its link only, except for its creator.
  const explorable =
    viewerId === null
      ? sql`p.explore_status = 'ENABLED'`
      : sql`(p.explore_status = 'ENABLED' OR p.creator_id = ${viewerId})`;
  const found = await rows<PlanCardSqlRow>(
    db,
    sql`SELECT ${PLAN_CARD_COLUMNS}
      FROM plans p JOIN users u ON u.id = p.creator_id
      WHERE ${m.where} AND ${upcoming} AND ${explorable} AND ${planVisibleTo('p', viewerId)}
      ORDER BY ${m.relevance} DESC, ${distance('p', near)} ASC NULLS LAST,
        (SELECT count(*) FROM plan_responses r WHERE r.plan_id = p.id AND r.response IN ('ATTENDING', 'INTERESTED')
          AND r.user_id IN ${friendsOf(viewerId)}) DESC,
        p.starts_at ASC, p.id ASC
      LIMIT ${limit} OFFSET ${offset}`,
  );
  return found.map(planCardOf);
}

async function searchGroups(
  db: Database,
  input: { text: string; tsquery: string | null; near: SearchInput['near']; viewerId: number | null },
  offset: number,
  limit: number,
): Promise<GroupRow[]> {
  const { text, tsquery, near, viewerId } = input;
  const m = match(text, tsquery, sql`g.search_tsv`, sql`g.search_names`);
  // The rule of exploreGroups (list-groups.ts): public, explore ENABLED, no block with the owner.
  const ids = await rows<{ id: number }>(
    db,
    sql`SELECT g.id FROM groups g
      WHERE ${m.where} AND g.is_public AND g.explore_status = 'ENABLED'
        AND NOT ${blockedBetween(viewerId, sql`g.creator_id`)}
      ORDER BY ${m.relevance} DESC, ${distance('g', near)} ASC NULLS LAST,
        (SELECT count(*) FROM group_members gm WHERE gm.group_id = g.id AND gm.status = 'member'
          AND gm.user_id IN ${friendsOf(viewerId)}) DESC,
        (SELECT count(*) FROM group_members c WHERE c.group_id = g.id AND c.status = 'member') DESC, g.id ASC
      LIMIT ${limit} OFFSET ${offset}`,
  );
  return byIds(db, groups, ids);
}

async function searchPeople(
  db: Database,
  input: { text: string; tsquery: string | null; viewerId: number | null },
  offset: number,
  limit: number,
): Promise<UserRow[]> {
  const { text, tsquery, viewerId } = input;
  // The names text is the expression of the users_name_trgm index.
  const m = match(text, tsquery, sql`u.search_tsv`, sql`(u.first || ' ' || u.last || ' ' || u.username)`);
  // A private profile is found only by the people who already see it in their friends list.
  const visible =
    viewerId === null
      ? sql`u.is_public`
      : sql`(u.is_public OR u.id IN ${friendsOf(viewerId)}) AND u.id <> ${viewerId}
          AND NOT ${blockedBetween(viewerId, sql`u.id`)}`;
  const ids = await rows<{ id: number }>(
    db,
    sql`SELECT u.id FROM users u
      WHERE ${m.where} AND u.onboarded_at IS NOT NULL AND u.id <> ${BOT_USER_ID} AND u.key <> ${DELETED_USER_KEY}
        AND ${visible}
      ORDER BY ${m.relevance} DESC,
        (u.id IN ${friendsOf(viewerId)}) DESC,
        (SELECT count(*) FROM ${FRIEND_PAIRS} f WHERE f.person = u.id AND f.friend IN ${friendsOf(viewerId)}) DESC,
        u.is_verified DESC, u.id ASC
      LIMIT ${limit} OFFSET ${offset}`,
  );
  return byIds(db, users, ids);
}

/** Full rows in the order of `ids`. */
async function byIds<T extends typeof groups | typeof users>(
  db: Database,
  table: T,
  ids: Array<{ id: number }>,
): Promise<T['$inferSelect'][]> {
  if (ids.length === 0) return [];
  const wanted = ids.map((row) => Number(row.id));
  const found = (await db
    .select()
    .from(table as typeof groups)
    .where(
      sql`${(table as typeof groups).id} IN (${sql.join(
        wanted.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )) as Array<T['$inferSelect']>;
  const byId = new Map(found.map((row) => [row.id, row]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}

/**
 * search: plans, groups and people matching the text as the viewer may see them (decision 0015).
 * Each list pages by the same offset; nextMarker is set while any asked list has more.
 */
export async function search(
  db: Database,
  viewerId: number | null,
  input: SearchInput,
): Promise<SearchResults> {
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
  const args = { text, tsquery: prefixQuery(text), near: input.near ?? null, viewerId };
  const wants = (which: SearchContext) => context === 'ALL' || context === which;
  // One row more than asked tells whether another page follows. The looser trigram threshold holds
  // for this transaction only.
  const [plans, groupRows, people] = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await t.execute(
      sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`,
    );
    return [
      wants('EVENTS') ? await searchPlans(t, args, offset, limit + 1) : [],
      wants('GROUPS') ? await searchGroups(t, args, offset, limit + 1) : [],
      wants('PEOPLE') ? await searchPeople(t, args, offset, limit + 1) : [],
    ] as const;
  });
  const more = plans.length > limit || groupRows.length > limit || people.length > limit;
  return {
    plans: plans.slice(0, limit),
    groups: groupRows.slice(0, limit),
    people: people.slice(0, limit),
    nextMarker: more ? encodeMarker(list, offset + limit) : null,
  };
}
