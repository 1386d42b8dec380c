import { sql, type SQL } from 'drizzle-orm';
import { hashtags } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput, plazaError } from '../../graphql/errors.ts';
import type { GroupRow } from '../groups/group-loaders.ts';
import type { PlanCard } from '../plans/plan-type.ts';
import { exploreWhere, checkLimit, EXPLORE_PAGE } from './explore.ts';
import { planCards } from '../plans/plan-cards.ts';
import { exploreGroupRows, explorePlanIds } from './explore-lists.ts';
import { decodeExploreMarker, encodeExploreMarker } from './explore-marker.ts';
import { friendsOf, type Center } from './explore-sql.ts';
import { listHashtagCategories, type HashtagCategory, type HashtagView } from './hashtag-categories.ts';

export type HashtagFilterType = 'UPCOMING' | 'PAST';
export type HashtagScope = 'COMMON' | 'PUBLIC' | 'PUBLIC_CREATED';

/** The hashtag rule of plans and groups: letters, digits and _, at most 40. */
const HASHTAG = /^[\p{L}\p{N}_]{1,40}$/u;

export interface HashtagExploreInput {
  name: string;
  type?: HashtagFilterType | null;
  scope?: HashtagScope | null;
  near?: Center | null;
  place?: string | null;
  radiusKm?: number | null;
  marker?: string | null;
  limit?: number | null;
}

export interface HashtagExploreResults {
  hashtag: HashtagView;
  category: HashtagCategory | null;
  plans: PlanCard[];
  groups: GroupRow[];
  nextMarker: string | null;
}

/** The tag as typed ("#Hiking", " hiking ") in its stored form; BAD_USER_INPUT when it cannot be one. */
export function hashtagNameOf(text: string): string {
  const name = text.trim().replace(/^#/, '');
  if (!HASHTAG.test(name)) throw badUserInput('name', 'A hashtag is 1 to 40 letters, digits or _.');
  return name;
}

const hasTag = (alias: string, name: string) =>
  sql`EXISTS (SELECT 1 FROM unnest(${sql.raw(alias)}.hashtags) tag WHERE lower(tag) = ${name.toLowerCase()})`;

/**
 * Scopes (decision 0016): PUBLIC every explorable plan and group with the tag; COMMON those the
 * viewer or a friend takes part in (created, going or interested; a member); PUBLIC_CREATED those
 * the viewer created.
 */
function scoped(scope: HashtagScope, viewerId: number | null, kind: 'plan' | 'group', alias: string): SQL {
  const a = sql.raw(alias);
  if (scope === 'PUBLIC' || viewerId === null) return sql`true`;
  if (scope === 'PUBLIC_CREATED') return sql`${a}.creator_id = ${viewerId}`;
  const people = sql`(SELECT CAST(${viewerId} AS int) UNION SELECT friend FROM ${friendsOf(viewerId)} f)`;
  return kind === 'plan'
    ? sql`(${a}.creator_id IN ${people} OR EXISTS (SELECT 1 FROM plan_responses sr WHERE sr.plan_id = ${a}.id
        AND sr.response IN ('ATTENDING', 'INTERESTED') AND sr.user_id IN ${people}))`
    : sql`EXISTS (SELECT 1 FROM group_members sm WHERE sm.group_id = ${a}.id AND sm.status = 'member'
        AND sm.user_id IN ${people})`;
}

/**
 * hashtagExplore: plans (upcoming soonest first, or past latest first) and groups with a hashtag,
 * in a scope, optionally near a place; only what explore may show.
 */
export async function hashtagExplore(
  context: RequestContext,
  input: HashtagExploreInput,
): Promise<HashtagExploreResults> {
  const name = hashtagNameOf(input.name);
  const type = input.type ?? 'UPCOMING';
  const scope = input.scope ?? 'PUBLIC';
  const viewerId = context.viewer?.id ?? null;
  if (scope !== 'PUBLIC' && viewerId === null) throw plazaError('UNAUTHENTICATED', 'Please sign in first.');
  const limit = checkLimit(input.limit, EXPLORE_PAGE.default);
  const list = `hashtag:${name.toLowerCase()}:${type}:${scope}`;
  const [plansAt = 0, groupsAt = 0] = decodeExploreMarker(input.marker, list, 2);
  // Without a place or coordinates the whole world: a hashtag page is not about one city.
  const where =
    input.place != null || input.near
      ? await exploreWhere(context, input)
      : { center: null, radiusKm: 0, place: null };
  const db = context.store.db;

  const [row] = await db
    .select({ id: hashtags.id, name: hashtags.name, emoji: hashtags.emoji })
    .from(hashtags)
    .where(sql`lower(${hashtags.name}) = ${name.toLowerCase()}`);
  const hashtag: HashtagView = row ?? { id: null, name, emoji: null };
  const categories = row ? await listHashtagCategories(context.store, true) : [];
  const category = categories.find((c) => c.hashtags.some((tag) => tag.id === row?.id)) ?? null;

  const base = { viewerId, center: where.center, radiusKm: where.radiusKm, sort: 'SOONEST' as const };
  const [planIds, groupRows] = await Promise.all([
    explorePlanIds(context.store, {
      ...base,
      past: type === 'PAST',
      where: (alias) => sql`${hasTag(alias, name)} AND ${scoped(scope, viewerId, 'plan', alias)}`,
      offset: plansAt,
      limit: limit + 1,
    }),
    exploreGroupRows(context.store, {
      ...base,
      sort: where.center ? 'NEAREST' : 'POPULAR',
      where: (alias) => sql`${hasTag(alias, name)} AND ${scoped(scope, viewerId, 'group', alias)}`,
      offset: groupsAt,
      limit: limit + 1,
    }),
  ]);
  const more = planIds.length > limit || groupRows.length > limit;
  return {
    hashtag,
    category,
    plans: await planCards(context, planIds.slice(0, limit)),
    groups: groupRows.slice(0, limit),
    nextMarker: more ? encodeExploreMarker(list, [plansAt + limit, groupsAt + limit]) : null,
  };
}
