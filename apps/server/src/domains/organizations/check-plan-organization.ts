import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organizationAccounts } from '../../db/schema/index.ts';
import { badUserInput } from '../../graphql/errors.ts';

/**
 * The organization a plan is shown to (spec 6, decision 0019): one the person saving the plan
 * belongs to, or null for none. A plan keeps the organization it already has.
 */
export async function checkPlanOrganization(
  db: Database,
  actorId: number,
  organizationId: number | null,
  current: number | null,
): Promise<number | null> {
  if (organizationId === null || organizationId === current) return organizationId;
  const [member] = await db
    .select({ id: organizationAccounts.id })
    .from(organizationAccounts)
    .where(
      and(eq(organizationAccounts.organizationId, organizationId), eq(organizationAccounts.userId, actorId)),
    );
  if (!member)
    throw badUserInput('organizationId', 'You can only show a plan to an organization you belong to.');
  return organizationId;
}
