import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { blockedBetween } from '../social/social-sql.ts';

/**
 * Spec 6 "the viewer belongs to the same organization as the plan": the viewer has an account with
 * the organization the creator chose for the plan. Lists (below) and the one-plan facts
 * (plan-loaders.ts) both use this, so they never disagree.
 */
export function inPlanOrganization(plan: SQL, viewerId: number | Placeholder): SQL {
  return sql`(${plan}.organization_id IS NOT NULL AND EXISTS (SELECT 1 FROM organization_accounts voa
    WHERE voa.organization_id = ${plan}.organization_id AND voa.user_id = ${viewerId}))`;
}

/** An invitation by e-mail or phone waits for the viewer's verified address or number. */
export function invitedByContact(plan: SQL, viewerId: number | Placeholder): SQL {
  return sql`EXISTS (SELECT 1 FROM plan_contact_invites ci JOIN users me ON me.id = ${viewerId}
    WHERE ci.plan_id = ${plan}.id AND ((me.email_verified AND ci.email = lower(me.email))
      OR (me.phone_verified AND ci.phone = me.phone)))`;
}

/**
 * SQL for "the viewer may view this plan" in lists, the same rule as `planPermissions(...).view`
 * of @plaza/core/plan-access over the same facts (decision 0009): the view mask shares a bit with
 * the viewer's mask, a plan blocked from explore or hidden by a moderator (decision 0018) shows to
 * its creator only, and a block between
 * the viewer and the creator hides it; spec 6 lets people of the plan's organization view it
 * (decision 0019). `alias` names the plans row.
 */
export function planVisibleTo(alias: string, viewerId: number | Placeholder | null): SQL {
  const p = sql.raw(alias);
  const publicPlan = sql`((${p}.view_mask & 1) = 1 AND ${p}.explore_status <> 'BLOCKED' AND ${p}.hidden_at IS NULL)`;
  if (viewerId === null) return publicPlan;
  const response = (bit: number, value: string) =>
    sql`((${p}.view_mask & ${sql.raw(String(bit))}) <> 0 AND EXISTS (SELECT 1 FROM plan_responses vr
          WHERE vr.plan_id = ${p}.id AND vr.user_id = ${viewerId} AND vr.response = ${value}))`;
  return sql`(${p}.creator_id = ${viewerId} OR (${p}.explore_status <> 'BLOCKED' AND ${p}.hidden_at IS NULL
    AND NOT ${blockedBetween(viewerId, sql`${p}.creator_id`)} AND (
    (${p}.view_mask & 1) = 1
    OR ((${p}.view_mask & 2) <> 0 AND (EXISTS (SELECT 1 FROM plan_responses vr
          WHERE vr.plan_id = ${p}.id AND vr.user_id = ${viewerId} AND vr.invited) OR ${invitedByContact(p, viewerId)}))
    OR ${response(4, 'ATTENDING')} OR ${response(16, 'INTERESTED')} OR ${response(32, 'NEXT_TIME')}
    OR ((${p}.view_mask & 8) <> 0 AND EXISTS (SELECT 1 FROM follows vf WHERE vf.user_id = ${viewerId}
          AND vf.target_id = ${p}.creator_id AND vf.status = 'FOLLOWING'))
    OR ((${p}.view_mask & 128) <> 0 AND EXISTS (SELECT 1 FROM group_members vm WHERE vm.group_id = ${p}.group_id
          AND vm.user_id = ${viewerId} AND vm.status = 'member'))
    OR ${inPlanOrganization(p, viewerId)})))`;
}
