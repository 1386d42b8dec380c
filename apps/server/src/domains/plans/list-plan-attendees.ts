import { sql } from 'drizzle-orm';
import type { PlanResponseValue } from '@plaza/core/plan-response';
import { users } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput } from '../../graphql/errors.ts';
import { blockedBetween, FRIEND_PAIRS } from '../social/social-sql.ts';
import type { UserRow } from '../users/find-user.ts';

export const ATTENDEES_PAGE_SIZE = 30;

export interface PlanAttendee {
  user: UserRow;
  /** The response, or null for someone only invited. */
  response: PlanResponseValue | null;
}

export interface PlanAttendeePage {
  attendees: PlanAttendee[];
  nextMarker: string | null;
  /** With `countAll`: how many people the list holds, beyond this page too. */
  total?: number;
}

/**
 * People who answered one occurrence of a plan (or were invited to it), friends of the viewer
 * first, then by name; people a block separates from the viewer are left out. `responses` filters
 * by value; 'INVITED' stands for invited without an answer. With `countAll`, the same statement
 * counts the whole list.
 */
export async function listPlanAttendees(
  context: RequestContext,
  input: {
    planId: number;
    occurrence: string;
    responses: Array<PlanResponseValue | 'INVITED'>;
    marker?: string | null;
    limit?: number;
    onlyFriends?: boolean;
    countAll?: boolean;
  },
): Promise<PlanAttendeePage> {
  const offset = input.marker ? Number(input.marker) : 0;
  if (!Number.isInteger(offset) || offset < 0) throw badUserInput('marker', 'Pass back a nextMarker.');
  const limit = input.limit ?? ATTENDEES_PAGE_SIZE;
  const viewerId = context.viewer?.id ?? null;
  const values = input.responses.filter((r) => r !== 'INVITED');
  const withInvited = input.responses.includes('INVITED');
  const answered = values.length
    ? sql`SELECT r.user_id, r.response FROM plan_responses r WHERE r.plan_id = ${input.planId}
          AND r.occurrence = ${input.occurrence} AND r.response IN (${sql.join(
            values.map((v) => sql`${v}`),
            sql`, `,
          )})`
    : sql`SELECT NULL::int AS user_id, NULL::text AS response WHERE false`;
  const invited = withInvited
    ? sql`SELECT DISTINCT i.user_id, NULL::text AS response FROM plan_responses i WHERE i.plan_id = ${input.planId}
          AND i.occurrence IN ('', ${input.occurrence}) AND i.response IS NULL
          AND NOT EXISTS (SELECT 1 FROM plan_responses a WHERE a.plan_id = i.plan_id
            AND a.occurrence = ${input.occurrence} AND a.user_id = i.user_id AND a.response IS NOT NULL)`
    : sql`SELECT NULL::int AS user_id, NULL::text AS response WHERE false`;
  const isFriend =
    viewerId === null
      ? sql`false`
      : sql`${users.id} IN (SELECT fp.friend FROM ${FRIEND_PAIRS} fp WHERE fp.person = ${viewerId})`;
  const found = await context.store.db
    .select({
      user: users,
      response: sql<PlanResponseValue | null>`x.response`,
      total: input.countAll ? sql<number>`count(*) OVER ()` : sql<null>`NULL`,
    })
    .from(sql`(${answered} UNION ALL ${invited}) x`)
    .innerJoin(users, sql`${users.id} = x.user_id`)
    .where(
      sql`NOT ${blockedBetween(viewerId, sql`${users.id}`)} AND ${input.onlyFriends ? isFriend : sql`true`}`,
    )
    .orderBy(...(viewerId === null ? [] : [sql`${isFriend} DESC`]), users.first, users.id)
    .limit(limit + 1)
    .offset(offset);
  const page: PlanAttendeePage = {
    attendees: found.slice(0, limit).map(({ user, response }) => ({ user, response })),
    nextMarker: found.length > limit ? String(offset + limit) : null,
  };
  if (input.countAll) page.total = found.length > 0 ? Number(found[0]!.total) : 0;
  return page;
}
