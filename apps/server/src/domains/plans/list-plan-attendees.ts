import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PlanResponseValue } from '@plaza/core/plan-response';
import type { Database } from '../../db/client.ts';
import { builtOncePerShape } from '../../db/shaped-statements.ts';
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

/** What decides a list's statement; its values (plan, occurrence, viewer, page) are filled in. */
interface ListShape {
  /** The responses listed, sorted. */
  values: PlanResponseValue[];
  /** Also people invited without an answer. */
  withInvited: boolean;
  onlyFriends: boolean;
  countAll: boolean;
  signedIn: boolean;
}

/**
 * The list's statement for a shape, built once per store and shape (builtOncePerShape) and
 * prepared: building it (a select of whole people rows with their joins) cost more than running
 * it, and the plan page asks one (friends attending) on every request. Shapes are few: subsets of
 * the responses times four flags.
 */
function attendeesStatement(db: Database, shape: ListShape) {
  const key = `${shape.values.join(',')}|${shape.withInvited}|${shape.onlyFriends}|${shape.countAll}|${shape.signedIn}`;
  return builtOncePerShape(db, `plan-attendees:${key}`, () =>
    buildAttendeesStatement(
      db,
      shape,
      `plaza_plan_attendees_${createHash('sha1').update(key).digest('hex').slice(0, 12)}`,
    ),
  );
}

function buildAttendeesStatement(db: Database, shape: ListShape, name: string) {
  const plan = sql.placeholder('plan');
  const occurrence = sql.placeholder('occurrence');
  const viewer = shape.signedIn ? sql.placeholder('viewer') : null;
  const answered = shape.values.length
    ? sql`SELECT r.user_id, r.response FROM plan_responses r WHERE r.plan_id = ${plan}
          AND r.occurrence = ${occurrence} AND r.response IN (${sql.join(
            shape.values.map((v) => sql`${v}`),
            sql`, `,
          )})`
    : sql`SELECT NULL::int AS user_id, NULL::text AS response WHERE false`;
  const invited = shape.withInvited
    ? sql`SELECT DISTINCT i.user_id, NULL::text AS response FROM plan_responses i WHERE i.plan_id = ${plan}
          AND i.occurrence IN ('', ${occurrence}) AND i.response IS NULL
          AND NOT EXISTS (SELECT 1 FROM plan_responses a WHERE a.plan_id = i.plan_id
            AND a.occurrence = ${occurrence} AND a.user_id = i.user_id AND a.response IS NOT NULL)`
    : sql`SELECT NULL::int AS user_id, NULL::text AS response WHERE false`;
  const isFriend =
    viewer === null
      ? sql`false`
      : sql`${users.id} IN (SELECT fp.friend FROM ${FRIEND_PAIRS} fp WHERE fp.person = ${viewer})`;
  return db
    .select({
      user: users,
      response: sql<PlanResponseValue | null>`x.response`,
      total: shape.countAll ? sql<number>`count(*) OVER ()` : sql<null>`NULL`,
    })
    .from(sql`(${answered} UNION ALL ${invited}) x`)
    .innerJoin(users, sql`${users.id} = x.user_id`)
    .where(
      sql`NOT ${blockedBetween(viewer, sql`${users.id}`)} AND ${shape.onlyFriends ? isFriend : sql`true`}`,
    )
    .orderBy(...(viewer === null ? [] : [sql`${isFriend} DESC`]), users.first, users.id)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name);
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
  const shape: ListShape = {
    values: [...new Set(input.responses.filter((r): r is PlanResponseValue => r !== 'INVITED'))].sort(),
    withInvited: input.responses.includes('INVITED'),
    onlyFriends: input.onlyFriends ?? false,
    countAll: input.countAll ?? false,
    signedIn: viewerId !== null,
  };
  const found = await attendeesStatement(context.store.db, shape).execute({
    plan: input.planId,
    occurrence: input.occurrence,
    viewer: viewerId ?? 0,
    limit: limit + 1,
    offset,
  });
  const page: PlanAttendeePage = {
    attendees: found.slice(0, limit).map(({ user, response }) => ({ user, response })),
    nextMarker: found.length > limit ? String(offset + limit) : null,
  };
  if (input.countAll) page.total = found.length > 0 ? Number(found[0]!.total) : 0;
  return page;
}
