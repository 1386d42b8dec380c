import DataLoader from 'dataloader';
import { sql } from 'drizzle-orm';
import { NO_PLAN_FACTS, type PlanViewerFacts } from '@plaza/core/plan-access';
import { isPlanResponseValue } from '@plaza/core/plan-response';
import { planOccurrences, plans } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { blockedBetween, rows } from '../social/social-sql.ts';
import { inPlanOrganization, invitedByContact } from './plan-visibility-sql.ts';
import { BATCHING, requestScoped } from '../../graphql/request-scoped.ts';

export type PlanRow = typeof plans.$inferSelect;
export type PlanOccurrenceRow = typeof planOccurrences.$inferSelect;

const idList = (ids: readonly number[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

export interface ResponseCounts {
  attending: number;
  interested: number;
  nextTime: number;
  invited: number;
  unattending: number;
}

/** A plan and one occurrence key ('' for a plan that does not repeat), as a loader key. */
const occurrenceKey = (planId: number, occurrence: string) => `${planId}|${occurrence}`;

function createPlanLoaders(context: RequestContext) {
  const db = context.store.db;
  const viewerId = context.viewer?.id ?? null;

  return {
    row: new DataLoader<number, PlanRow | null>(async (ids) => {
      const found = await db
        .select()
        .from(plans)
        .where(sql`${plans.id} IN ${idList(ids)}`);
      const byId = new Map(found.map((plan) => [plan.id, plan]));
      return ids.map((id) => byId.get(id) ?? null);
    }, BATCHING),

    /** What is known of the viewer toward each plan (decision 0009), for its access mask. */
    facts: new DataLoader<number, PlanViewerFacts>(async (ids) => {
      if (viewerId === null) return ids.map(() => NO_PLAN_FACTS);
      const found = await rows<{
        id: number;
        is_creator: boolean;
        invited: boolean;
        responses: string | null;
        follows: boolean;
        member: boolean;
        same_org: boolean;
        blocked: boolean;
      }>(
        db,
        sql`SELECT p.id, p.creator_id = ${viewerId} AS is_creator,
              (EXISTS (SELECT 1 FROM plan_responses r WHERE r.plan_id = p.id AND r.user_id = ${viewerId}
                      AND r.invited) OR ${invitedByContact(sql`p`, viewerId)}) AS invited,
              (SELECT string_agg(DISTINCT r.response, ',') FROM plan_responses r
                 WHERE r.plan_id = p.id AND r.user_id = ${viewerId} AND r.response IS NOT NULL) AS responses,
              EXISTS (SELECT 1 FROM follows f WHERE f.user_id = ${viewerId} AND f.target_id = p.creator_id
                      AND f.status = 'FOLLOWING') AS follows,
              EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = p.group_id AND m.user_id = ${viewerId}
                      AND m.status = 'member') AS member,
              ${inPlanOrganization(sql`p`, viewerId)} AS same_org,
              ${blockedBetween(viewerId, sql`p.creator_id`)} AS blocked
            FROM plans p WHERE p.id IN ${idList(ids)}`,
      );
      const byId = new Map(
        found.map((row): [number, PlanViewerFacts] => [
          Number(row.id),
          {
            isCreator: row.is_creator,
            isInvited: row.invited,
            responses: (row.responses ?? '').split(',').filter(isPlanResponseValue),
            followsCreator: row.follows,
            isGroupMember: row.member,
            sameOrganization: row.same_org,
            blockedWithCreator: row.blocked,
          },
        ]),
      );
      return ids.map((id) => byId.get(id) ?? NO_PLAN_FACTS);
    }, BATCHING),

    /** The viewer's response row for (plan, occurrence): the response value, or null when invited only. */
    viewerResponse: new DataLoader<string, { response: string | null; invited: boolean } | null>(
      async (keys) => {
        if (viewerId === null) return keys.map(() => null);
        const planIds = [...new Set(keys.map((key) => Number(key.split('|')[0])))];
        const found = await rows<{
          plan_id: number;
          occurrence: string;
          response: string | null;
          invited: boolean;
        }>(
          db,
          sql`SELECT plan_id, occurrence, response, invited FROM plan_responses
              WHERE user_id = ${viewerId} AND plan_id IN ${idList(planIds)}`,
        );
        const byKey = new Map(found.map((row) => [occurrenceKey(Number(row.plan_id), row.occurrence), row]));
        return keys.map((key) => {
          const own = byKey.get(key);
          const series = byKey.get(occurrenceKey(Number(key.split('|')[0]), ''));
          if (own) return { response: own.response, invited: own.invited || (series?.invited ?? false) };
          return series ? { response: null, invited: series.invited } : null;
        });
      },
      BATCHING,
    ),

    /**
     * Responses counted per (plan, occurrence). Invited counts those invited (to the occurrence or
     * the whole series) who have not answered this occurrence.
     */
    counts: new DataLoader<string, ResponseCounts>(async (keys) => {
      const pairs = sql.join(
        keys.map((key) => {
          const bar = key.indexOf('|');
          return sql`(${Number(key.slice(0, bar))}::int, ${key.slice(bar + 1)}::text)`;
        }),
        sql`, `,
      );
      const found = await rows<{
        plan_id: number;
        occurrence: string;
        attending: string | number;
        interested: string | number;
        next_time: string | number;
        unattending: string | number;
        invited: string | number;
      }>(
        db,
        sql`WITH k(plan_id, occurrence) AS (VALUES ${pairs})
            SELECT k.plan_id, k.occurrence,
              (SELECT count(*) FROM plan_responses r WHERE r.plan_id = k.plan_id AND r.occurrence = k.occurrence
                 AND r.response = 'ATTENDING') AS attending,
              (SELECT count(*) FROM plan_responses r WHERE r.plan_id = k.plan_id AND r.occurrence = k.occurrence
                 AND r.response = 'INTERESTED') AS interested,
              (SELECT count(*) FROM plan_responses r WHERE r.plan_id = k.plan_id AND r.occurrence = k.occurrence
                 AND r.response = 'NEXT_TIME') AS next_time,
              (SELECT count(*) FROM plan_responses r WHERE r.plan_id = k.plan_id AND r.occurrence = k.occurrence
                 AND r.response = 'UNATTENDING') AS unattending,
              (SELECT count(DISTINCT i.user_id) FROM plan_responses i
                 WHERE i.plan_id = k.plan_id AND i.occurrence IN ('', k.occurrence) AND i.response IS NULL
                   AND NOT EXISTS (SELECT 1 FROM plan_responses a WHERE a.plan_id = k.plan_id
                     AND a.occurrence = k.occurrence AND a.user_id = i.user_id AND a.response IS NOT NULL)) AS invited
            FROM k`,
      );
      const byKey = new Map(found.map((row) => [occurrenceKey(Number(row.plan_id), row.occurrence), row]));
      return keys.map((key) => {
        const row = byKey.get(key);
        return {
          attending: Number(row?.attending ?? 0),
          interested: Number(row?.interested ?? 0),
          nextTime: Number(row?.next_time ?? 0),
          unattending: Number(row?.unattending ?? 0),
          invited: Number(row?.invited ?? 0),
        };
      });
    }, BATCHING),

    chatKey: new DataLoader<number, string | null>(async (ids) => {
      const found = await rows<{ plan_id: number; key: string }>(
        db,
        sql`SELECT plan_id, key FROM chats WHERE type = 'p' AND plan_id IN ${idList(ids)}`,
      );
      const byId = new Map(found.map((row) => [Number(row.plan_id), row.key]));
      return ids.map((id) => byId.get(id) ?? null);
    }, BATCHING),

    /** Overrides and cancellations of each repeating plan's occurrences. */
    occurrences: new DataLoader<number, PlanOccurrenceRow[]>(async (ids) => {
      const found = await db
        .select()
        .from(planOccurrences)
        .where(sql`${planOccurrences.planId} IN ${idList(ids)}`);
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
  loaders.facts.clear(planId);
  loaders.occurrences.clear(planId);
  loaders.viewerResponse.clearAll();
  loaders.counts.clearAll();
}
