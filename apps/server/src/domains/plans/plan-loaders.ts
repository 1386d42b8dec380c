import DataLoader from 'dataloader';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { NO_PLAN_FACTS, type PlanViewerFacts } from '@plaza/core/plan-access';
import { isPlanResponseValue, type PlanResponseValue } from '@plaza/core/plan-response';
import { WHOLE_PLAN, planOccurrences, plans } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { blockedBetween, rows } from '../social/social-sql.ts';
import { inPlanOrganization, invitedByContact } from './plan-visibility-sql.ts';
import { BATCHING, requestScoped } from '../../graphql/request-scoped.ts';
import {
  anyOf,
  idArray,
  idArrayValue,
  idsPlaceholder,
  textArrayValue,
  textsPlaceholder,
} from '../../db/id-array.ts';
import { shapedRows } from '../../db/shaped-statements.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { viewerMutes } from '../activity/viewer-mutes.ts';
import { groupLoaders } from '../groups/group-loaders.ts';

export type PlanRow = typeof plans.$inferSelect;
export type PlanOccurrenceRow = typeof planOccurrences.$inferSelect;

export interface ResponseCounts {
  attending: number;
  interested: number;
  nextTime: number;
  invited: number;
  unattending: number;
}

/** A hashtag as the hashtags table holds it (a plan's names that it does not hold have none). */
interface HashtagRow {
  id: number;
  name: string;
  emoji: string | null;
}

/** A plan and one occurrence key ('' for a plan that does not repeat), as a loader key. */
const occurrenceKey = (planId: number, occurrence: string) => `${planId}|${occurrence}`;

const planIdOf = (key: string) => Number(key.slice(0, key.indexOf('|')));

interface ResponseRow {
  plan_id: number;
  occurrence: string;
  response: string | null;
  invited: boolean;
}

export interface ViewerResponse {
  response: string | null;
  invited: boolean;
}

export type FactsRow = Record<
  'is_creator' | 'invited' | 'follows' | 'member' | 'same_org' | 'blocked',
  boolean
> & {
  responses: string | null;
};

/** The columns of FactsRow: what is known of the viewer toward the plan `plan` (an alias). */
export function viewerFactsColumns(plan: SQL, viewerId: number | Placeholder): SQL {
  return sql`${plan}.creator_id = ${viewerId} AS is_creator,
    (EXISTS (SELECT 1 FROM plan_responses r WHERE r.plan_id = ${plan}.id AND r.user_id = ${viewerId}
            AND r.invited) OR ${invitedByContact(plan, viewerId)}) AS invited,
    (SELECT string_agg(DISTINCT r.response, ',') FROM plan_responses r
       WHERE r.plan_id = ${plan}.id AND r.user_id = ${viewerId} AND r.response IS NOT NULL) AS responses,
    EXISTS (SELECT 1 FROM follows f WHERE f.user_id = ${viewerId} AND f.target_id = ${plan}.creator_id
            AND f.status = 'FOLLOWING') AS follows,
    EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = ${plan}.group_id AND m.user_id = ${viewerId}
            AND m.status = 'member') AS member,
    ${inPlanOrganization(plan, viewerId)} AS same_org,
    ${blockedBetween(viewerId, sql`${plan}.creator_id`)} AS blocked`;
}

/** FactsRow as one JSON column of a select from plans. */
export function factsJson(viewerId: number | Placeholder) {
  return sql<FactsRow>`(SELECT row_to_json(f) FROM (SELECT ${viewerFactsColumns(sql.raw('plans'), viewerId)}) f)`;
}

function factsOf(row: FactsRow): PlanViewerFacts {
  return {
    isCreator: row.is_creator,
    isInvited: row.invited,
    responses: (row.responses ?? '').split(',').filter(isPlanResponseValue),
    followsCreator: row.follows,
    isGroupMember: row.member,
    sameOrganization: row.same_org,
    blockedWithCreator: row.blocked,
  };
}

type CountsRow = Record<
  'attending' | 'interested' | 'next_time' | 'unattending' | 'invited',
  string | number
>;

/**
 * CountsRow for plan `planId` and `occurrence` (an occurrence key, or WHOLE_PLAN), read in one pass
 * over the plan's index entries of that occurrence and of the whole series: the answers of the
 * occurrence by kind, and as invited those invited (to the occurrence or the whole series) who have
 * not answered it. Counted with a subquery per kind, each descended the index again: five a plan.
 */
export function countsSelect(planId: SQL, occurrence: SQL): SQL {
  const answered = (response: PlanResponseValue) =>
    sql`count(*) FILTER (WHERE r.occurrence = ${occurrence} AND r.response = ${sql.raw(`'${response}'`)})`;
  return sql`SELECT ${answered('ATTENDING')} AS attending, ${answered('INTERESTED')} AS interested,
      ${answered('NEXT_TIME')} AS next_time, ${answered('UNATTENDING')} AS unattending,
      count(DISTINCT r.user_id) FILTER (WHERE r.response IS NULL AND NOT EXISTS (SELECT 1 FROM plan_responses a
        WHERE a.plan_id = ${planId} AND a.occurrence = ${occurrence} AND a.user_id = r.user_id
          AND a.response IS NOT NULL)) AS invited
    FROM plan_responses r WHERE r.plan_id = ${planId} AND r.occurrence IN (${sql.raw(`'${WHOLE_PLAN}'`)}, ${occurrence})`;
}

/**
 * countsSelect for the whole plan (WHOLE_PLAN), which a plan card and a plan page of a plan that
 * does not repeat read: one row of plan_answer_counts, which the database keeps as answers come and
 * go (decision 0049), instead of the plan's answers counted at every read. A person has one row a
 * plan and occurrence (the primary key), so the invited are the rows without an answer. Always one
 * row, of zeros for a plan nobody answered. Equal to countsSelect's (plan-counts.test.ts).
 */
export function wholePlanCountsSelect(planId: SQL): SQL {
  return sql`SELECT coalesce(c.attending, 0) AS attending, coalesce(c.interested, 0) AS interested,
      coalesce(c.next_time, 0) AS next_time, coalesce(c.unattending, 0) AS unattending,
      coalesce(c.unanswered, 0) AS invited
    FROM (SELECT 1) AS one LEFT JOIN plan_answer_counts c
      ON c.plan_id = ${planId} AND c.occurrence = ${sql.raw(`'${WHOLE_PLAN}'`)}`;
}

function countsOf(row: CountsRow | undefined): ResponseCounts {
  return {
    attending: Number(row?.attending ?? 0),
    interested: Number(row?.interested ?? 0),
    nextTime: Number(row?.next_time ?? 0),
    unattending: Number(row?.unattending ?? 0),
    invited: Number(row?.invited ?? 0),
  };
}

/**
 * The responses of a plan that does not repeat counted, as one JSON column of a select from plans;
 * null for a repeating plan (its occurrence is known later).
 */
function wholePlanCounts() {
  return sql<CountsRow | null>`CASE WHEN plans.recurrence IS NULL
      THEN (SELECT row_to_json(c) FROM (${wholePlanCountsSelect(sql`plans.id`)}) c) END`;
}

/**
 * What a plan page reads about the viewer and the plan besides its row, as columns of the
 * statement that reads the row (find-plan.ts), so the loaders below answer them without a
 * statement each: the viewer's facts, their response rows, the plan chat's key, and the responses
 * counted when the plan does not repeat (a repeating plan's occurrence is known later).
 */
export function planPageColumns(viewerId: Placeholder) {
  return {
    facts: factsJson(viewerId),
    responses: sql<ResponseRow[]>`(SELECT coalesce(json_agg(json_build_object('plan_id', r.plan_id,
      'occurrence', r.occurrence, 'response', r.response, 'invited', r.invited)), '[]')
      FROM plan_responses r WHERE r.plan_id = plans.id AND r.user_id = ${viewerId})`,
    chatKey: sql<string | null>`(SELECT c.key FROM chats c WHERE c.type = 'p' AND c.plan_id = plans.id)`,
    counts: wholePlanCounts(),
    mutedUntil: sql<string | Date | null>`(SELECT nm.until FROM notification_mutes nm
      WHERE nm.user_id = ${viewerId} AND nm.subject = 'plan:' || plans.id AND nm.until > now())`,
    hashtagRows: sql<HashtagRow[]>`(SELECT coalesce(json_agg(json_build_object('id', h.id, 'name', h.name,
      'emoji', h.emoji)), '[]') FROM hashtags h WHERE lower(h.name) IN (SELECT lower(t) FROM unnest(plans.hashtags) t))`,
  };
}

/**
 * Keeps a plan's row read with the facts of `viewerId` toward it (factsJson) in the request's
 * loaders, as `row` keeps what it reads; nothing unless they are the request's viewer.
 */
export function primePlanWithFacts(
  context: RequestContext,
  viewerId: number,
  plan: PlanRow,
  facts: FactsRow,
): void {
  if (context.viewer?.id !== viewerId) return;
  const loaders = planLoaders(context);
  loaders.row.prime(plan.id, plan);
  loaders.facts.prime(plan.id, factsOf(facts));
}

/** Keeps what the plan page's statement read (planPageColumns) in the request's loaders. */
export function primePlanPage(
  context: RequestContext,
  viewerId: number,
  row: PlanRow,
  read: {
    facts: FactsRow;
    responses: ResponseRow[];
    chatKey: string | null;
    counts: CountsRow | null;
    mutedUntil: string | Date | null;
    hashtagRows: HashtagRow[];
  },
): void {
  primePlanWithFacts(context, viewerId, row, read.facts);
  const loaders = planLoaders(context);
  loaders.responsesKnown.set(row.id, read.responses);
  loaders.chatKey.prime(row.id, read.chatKey);
  if (read.counts) loaders.counts.prime(occurrenceKey(row.id, WHOLE_PLAN), countsOf(read.counts));
  viewerMutes(context).prime(`plan:${row.id}`, read.mutedUntil === null ? null : new Date(read.mutedUntil));
  const known = new Map(read.hashtagRows.map((tag) => [tag.name.toLowerCase(), tag]));
  const hashtags = groupLoaders(context).hashtag;
  for (const name of row.hashtags) hashtags.prime(name, known.get(name.toLowerCase()) ?? null);
}

/** Plans by ids, built once per database handle (db/prepared.ts). */
const plansByIds = preparedStatement((db) =>
  db
    .select()
    .from(plans)
    .where(sql`${plans.id} = ANY(${idsPlaceholder('ids')})`)
    .prepare('plaza_plans_by_ids'),
);

/** Plans by ids with a signed-in viewer's facts toward each (the plan loader's `row`). */
const plansWithFactsByIds = preparedStatement((db) =>
  db
    .select({ plan: plans, facts: factsJson(sql.placeholder('viewer')) })
    .from(plans)
    .where(sql`${plans.id} = ANY(${idsPlaceholder('ids')})`)
    .prepare('plaza_plans_with_facts_by_ids'),
);

/**
 * The creator's picture, which a card shows when its plan has none (planCardOf): read with the card
 * rather than the creator's whole row (with the viewer's ties to them) through the user loader.
 */
const creatorImage = () =>
  sql<string | null>`(SELECT cu.image FROM users cu WHERE cu.id = ${plans.creatorId})`.as('creator_image');

/** plansByIds with each plan's responses counted and its creator's picture (a card shows them). */
const cardPlansByIds = preparedStatement((db) =>
  db
    .select({ plan: plans, counts: wholePlanCounts(), creatorImage: creatorImage() })
    .from(plans)
    .where(sql`${plans.id} = ANY(${idsPlaceholder('ids')})`)
    .prepare('plaza_card_plans_by_ids'),
);

function createPlanLoaders(context: RequestContext) {
  const db = context.store.db;
  const viewerId = context.viewer?.id ?? null;
  const responsesKnown = new Map<number, ResponseRow[]>();

  /** What is known of the viewer toward each plan (decision 0009), for its access mask. */
  const facts = new DataLoader<number, PlanViewerFacts>(async (ids) => {
    if (viewerId === null) return ids.map(() => NO_PLAN_FACTS);
    const found = await rows<FactsRow & { id: number }>(
      db,
      sql`SELECT p.id, ${viewerFactsColumns(sql`p`, viewerId)} FROM plans p WHERE p.id = ANY(${idArray(ids)})`,
    );
    const byId = new Map(found.map((row): [number, PlanViewerFacts] => [Number(row.id), factsOf(row)]));
    return ids.map((id) => byId.get(id) ?? NO_PLAN_FACTS);
  }, BATCHING);

  /**
   * Plans by id; for a signed-in viewer with their facts toward each (every plan shown to them
   * is checked against them), kept in `facts`: one statement instead of two.
   */
  const row = new DataLoader<number, PlanRow | null>(async (ids) => {
    if (viewerId === null) {
      const found = await plansByIds(db).execute({ ids: idArrayValue(ids) });
      const byId = new Map(found.map((plan) => [plan.id, plan]));
      return ids.map((id) => byId.get(id) ?? null);
    }
    const found = await plansWithFactsByIds(db).execute({ ids: idArrayValue(ids), viewer: viewerId });
    for (const row of found) facts.prime(row.plan.id, factsOf(row.facts));
    const byId = new Map(found.map((row) => [row.plan.id, row.plan]));
    return ids.map((id) => byId.get(id) ?? null);
  }, BATCHING);

  /**
   * Responses counted per (plan, occurrence). Invited counts those invited (to the occurrence or
   * the whole series) who have not answered this occurrence.
   */
  const counts = new DataLoader<string, ResponseCounts>(async (keys) => {
    const pairs = keys.map((key) => {
      const bar = key.indexOf('|');
      return { planId: Number(key.slice(0, bar)), occurrence: key.slice(bar + 1) };
    });
    // Two arrays side by side: one statement text however many keys, built once and named, its
    // arrays through subqueries so that PostgreSQL keeps one plan for any length (db/id-array.ts;
    // built each time and unnamed it was planned at every execution, 0.35 ms of a 0.1 ms statement).
    const found = await shapedRows<CountsRow & { plan_id: number; occurrence: string }>(
      db,
      'plan-counts:by-occurrence',
      () => sql`WITH k(plan_id, occurrence) AS (SELECT * FROM unnest(${idsPlaceholder('plans')},
            ${textsPlaceholder('occurrences')}))
          SELECT k.plan_id, k.occurrence, c.* FROM k
            CROSS JOIN LATERAL (${countsSelect(sql`k.plan_id`, sql`k.occurrence`)}) c`,
      {
        plans: idArrayValue(pairs.map((pair) => pair.planId)),
        occurrences: textArrayValue(pairs.map((pair) => pair.occurrence)),
      },
    );
    const byKey = new Map(found.map((row) => [occurrenceKey(Number(row.plan_id), row.occurrence), row]));
    return keys.map((key) => countsOf(byKey.get(key)));
  }, BATCHING);

  /** Each card's creator's picture, by plan id, read with its card row (cardRow). */
  const creatorImages = new Map<number, string | null>();
  /**
   * Plans by id as cards read them: the rows with the responses counted for each plan that does not
   * repeat and the creator's picture, kept in `row`, `counts` and `creatorImages` (one statement for
   * a list's cards instead of two: plan-cards.ts). Not the viewer's facts toward each: a card's
   * fields read the plan as it is (rowViewOf), and the list that found it decided that the viewer
   * may see it; a field that asks what the viewer may do reads them for the list's cards at once
   * (`facts`). For explore's twelve cards they were ~0.13 of the statement's 0.54 ms.
   */
  const cardRow = new DataLoader<number, PlanRow | null>(async (ids) => {
    const found = await cardPlansByIds(db).execute({ ids: idArrayValue(ids) });
    for (const read of found) {
      row.prime(read.plan.id, read.plan);
      creatorImages.set(read.plan.id, read.creatorImage);
      if (read.counts) counts.prime(occurrenceKey(read.plan.id, WHOLE_PLAN), countsOf(read.counts));
    }
    const byId = new Map(found.map((read) => [read.plan.id, read.plan]));
    return ids.map((id) => byId.get(id) ?? null);
  }, BATCHING);

  return {
    row,

    facts,

    /** The viewer's response row for (plan, occurrence): the response value, or null when invited only. */
    viewerResponse: new DataLoader<string, ViewerResponse | null>(async (keys) => {
      if (viewerId === null) return keys.map(() => null);
      const planIds = [...new Set(keys.map(planIdOf))].filter((id) => !responsesKnown.has(id));
      const found =
        planIds.length === 0
          ? []
          : await rows<ResponseRow>(
              db,
              sql`SELECT plan_id, occurrence, response, invited FROM plan_responses
              WHERE user_id = ${viewerId} AND plan_id = ANY(${idArray(planIds)})`,
            );
      const byKey = new Map(found.map((row) => [occurrenceKey(Number(row.plan_id), row.occurrence), row]));
      for (const [planId, known] of responsesKnown)
        for (const row of known) byKey.set(occurrenceKey(planId, row.occurrence), row);
      return keys.map((key) => {
        const own = byKey.get(key);
        const series = byKey.get(occurrenceKey(planIdOf(key), WHOLE_PLAN));
        if (own) return { response: own.response, invited: own.invited || (series?.invited ?? false) };
        return series ? { response: null, invited: series.invited } : null;
      });
    }, BATCHING),
    /** The viewer's response rows of plans read with the plan (primePlanPage): no statement for them. */
    responsesKnown,

    counts,

    cardRow,

    creatorImages,

    chatKey: new DataLoader<number, string | null>(async (ids) => {
      const found = await rows<{ plan_id: number; key: string }>(
        db,
        sql`SELECT plan_id, key FROM chats WHERE type = 'p' AND plan_id = ANY(${idArray(ids)})`,
      );
      const byId = new Map(found.map((row) => [Number(row.plan_id), row.key]));
      return ids.map((id) => byId.get(id) ?? null);
    }, BATCHING),

    /** Overrides and cancellations of each repeating plan's occurrences. */
    occurrences: new DataLoader<number, PlanOccurrenceRow[]>(async (ids) => {
      const found = await db.select().from(planOccurrences).where(anyOf(planOccurrences.planId, ids));
      return ids.map((id) => found.filter((row) => row.planId === id));
    }, BATCHING),
  };
}

export { occurrenceKey };
export type PlanLoaders = ReturnType<typeof createPlanLoaders>;

/** The request's plan loaders, made on first use. */
export const planLoaders: (context: RequestContext) => PlanLoaders = requestScoped(createPlanLoaders);

/** Forgets what the request loaded about a plan, after a change made in the same request. */
export function forgetPlan(context: RequestContext, planId: number): void {
  const loaders = planLoaders(context);
  loaders.row.clear(planId);
  loaders.cardRow.clear(planId);
  loaders.creatorImages.delete(planId);
  loaders.facts.clear(planId);
  loaders.occurrences.clear(planId);
  loaders.viewerResponse.clearAll();
  loaders.responsesKnown.delete(planId);
  loaders.counts.clearAll();
}
