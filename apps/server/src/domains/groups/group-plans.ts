import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { plans, users } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { plazaError } from '../../graphql/errors.ts';
import type { PlanCard } from '../plans/plan-type.ts';
import { planVisibleTo } from '../plans/plan-visibility-sql.ts';
import type { UserRow } from '../users/find-user.ts';
import { denied, type GroupAccess } from './group-access.ts';
import { recordGroupAudit } from './record-group-audit.ts';

export const GROUP_PLANS_SHOWN = 100;

/**
 * groupPlans: the group's plans still to come first, then past ones, as cards; only those the
 * viewer may view (decision 0009), so a private plan's existence stays private.
 */
export async function listGroupPlans(
  db: Database,
  groupId: number,
  viewerId: number | null,
): Promise<PlanCard[]> {
  return db
    .select({
      id: plans.id,
      key: plans.key,
      slug: plans.slug,
      title: plans.title,
      image: sql<string | null>`COALESCE(${plans.image}, ${users.image})`,
      startsAt: plans.startsAt,
      endsAt: plans.endsAt,
      timezone: plans.timezone,
      locationName: plans.locationName,
      city: plans.city,
    })
    .from(plans)
    .innerJoin(users, eq(users.id, plans.creatorId))
    .where(and(eq(plans.groupId, groupId), planVisibleTo('plans', viewerId)))
    .orderBy(
      sql`${plans.endsAt} < now()`,
      sql`CASE WHEN ${plans.endsAt} >= now() THEN ${plans.startsAt} END`,
      sql`${plans.startsAt} DESC`,
    )
    .limit(GROUP_PLANS_SHOWN);
}

/**
 * Takes a plan out of a group (spec 7.3 removeGroupPlan): the plan stays, in no group. Moderators
 * and up may remove any plan; a member their own.
 */
export async function removeGroupPlan(
  context: RequestContext,
  actor: UserRow,
  access: GroupAccess,
  planId: number,
): Promise<void> {
  await context.store.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const [plan] = await db
      .select({ id: plans.id, creatorId: plans.creatorId, title: plans.title })
      .from(plans)
      .where(and(eq(plans.id, planId), eq(plans.groupId, access.group.id)))
      .for('update');
    if (!access.permissions.removePlans && !(plan && access.role !== null && plan.creatorId === actor.id))
      throw denied(context, 'Only the group’s moderators can remove plans.');
    if (!plan) throw plazaError('NOT_FOUND', 'This plan is not in the group.');
    await db.update(plans).set({ groupId: null }).where(eq(plans.id, plan.id));
    await recordGroupAudit(db, {
      groupId: access.group.id,
      action: 'group.update',
      actorId: actor.id,
      details: { planRemoved: plan.id, title: plan.title },
    });
  });
}

/**
 * Shares one of the person's plans into the group (audit group.event.send): members whose access
 * passes the group's createPlan mask.
 */
export async function sendGroupPlan(
  context: RequestContext,
  actor: UserRow,
  access: GroupAccess,
  planId: number,
): Promise<void> {
  if (!access.permissions.createPlan) throw denied(context, 'You cannot add plans to this group.');
  await context.store.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const [plan] = await db
      .update(plans)
      .set({ groupId: access.group.id })
      .where(and(eq(plans.id, planId), eq(plans.creatorId, actor.id)))
      .returning({ id: plans.id, title: plans.title });
    if (!plan) throw plazaError('NOT_FOUND', 'You have no plan with this id.');
    await recordGroupAudit(db, {
      groupId: access.group.id,
      action: 'group.event.send',
      actorId: actor.id,
      details: { planId: plan.id, title: plan.title },
    });
  });
}
