import { eq, sql } from 'drizzle-orm';
import { preparedStatement } from '../../db/prepared.ts';
import { plans, users } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput } from '../../graphql/errors.ts';
import { primeUserWithTies, tiesColumns } from '../groups/group-loaders.ts';
import { loadPlanAccess, planNotFound, unlockWithInviteKey, type PlanAccess } from './plan-access.ts';
import { planLoaders, planPageColumns, primePlanPage, type PlanRow } from './plan-loaders.ts';

/** A plan by its key: every plan page and plan query starts with it. */
const planByKey = preparedStatement((db) =>
  db
    .select()
    .from(plans)
    .where(eq(plans.key, sql.placeholder('key')))
    .prepare('plaza_plan_by_key'),
);

/**
 * A plan by its key with what its page reads about a signed-in viewer (planPageColumns) and its
 * creator's row with the viewer's ties (the page shows the creator): one statement instead of six.
 */
const planPageByKey = preparedStatement((db) => {
  const viewer = sql.placeholder('viewer');
  return db
    .select({
      plan: plans,
      ...planPageColumns(viewer),
      creator: users,
      creatorTies: tiesColumns(viewer, sql`${users.id}`),
    })
    .from(plans)
    .leftJoin(users, eq(users.id, plans.creatorId))
    .where(eq(plans.key, sql.placeholder('key')))
    .prepare('plaza_plan_page_by_key');
});

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
  const rows = planLoaders(context).row;
  const viewerId = context.viewer?.id;
  let found: PlanRow | undefined;
  if (viewerId === undefined) [found] = await planByKey(context.store.db).execute({ key });
  else {
    const [page] = await planPageByKey(context.store.db).execute({ key, viewer: viewerId });
    found = page?.plan;
    if (page) primePlanPage(context, viewerId, page.plan, page);
    if (page?.creator) primeUserWithTies(context, viewerId, { user: page.creator, ...page.creatorTies });
  }
  // The request's plan loader keeps the row (or the one it read first), so every field reads one.
  const plan = found ? await rows.prime(found.id, found).load(found.id) : null;
  if (!plan) throw planNotFound();
  unlockWithInviteKey(context, plan, by.inviteKey);
  const access = await loadPlanAccess(context, plan);
  if (!access.permissions.view) throw planNotFound();
  return access;
}
