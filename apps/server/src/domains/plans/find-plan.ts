import { eq, sql } from 'drizzle-orm';
import { preparedStatement } from '../../db/prepared.ts';
import { plans } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput } from '../../graphql/errors.ts';
import { loadPlanAccess, planNotFound, unlockWithInviteKey, type PlanAccess } from './plan-access.ts';
import { planLoaders } from './plan-loaders.ts';

/** A plan's id by its key: every plan page and plan query starts with it. */
const planIdByKey = preparedStatement((db) =>
  db
    .select({ id: plans.id })
    .from(plans)
    .where(eq(plans.key, sql.placeholder('key')))
    .prepare('plaza_plan_id_by_key'),
);

/**
 * A plan by key, with the viewer's access. A plan the viewer may not view is NOT_FOUND, the same
 * answer as a key that names no plan, so nobody learns it exists. A matching inviteKey (the share
 * link's invite_key) makes the holder invited for this request.
 */
export async function findPlan(
  context: RequestContext,
  by: { key: string; inviteKey?: string | null },
): Promise<PlanAccess> {
  const key = by.key.trim();
  if (!key) throw badUserInput('key', 'Give the plan’s key.');
  const [found] = await planIdByKey(context.store.db).execute({ key });
  const plan = found ? await planLoaders(context).row.load(found.id) : null;
  if (!plan) throw planNotFound();
  unlockWithInviteKey(context, plan, by.inviteKey);
  const access = await loadPlanAccess(context, plan);
  if (!access.permissions.view) throw planNotFound();
  return access;
}
