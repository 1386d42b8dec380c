import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { groupSubscriptions, groups } from '../../db/schema/index.ts';
import type { GroupRow } from '../groups/group-loaders.ts';

export interface GroupSubscriptionEntry {
  id: number;
  group: GroupRow;
  /** active, or pending while the provider has not confirmed the payment yet. */
  status: string;
  amountCents: number;
  recurrence: string | null;
  createdAt: Date;
}

/** The person's paid memberships that are running or waiting for the provider, newest first. */
export async function listGroupSubscriptions(
  db: Database,
  userId: number,
): Promise<GroupSubscriptionEntry[]> {
  const rows = await db
    .select({ subscription: groupSubscriptions, group: groups })
    .from(groupSubscriptions)
    .innerJoin(groups, eq(groups.id, groupSubscriptions.groupId))
    .where(
      and(eq(groupSubscriptions.userId, userId), inArray(groupSubscriptions.status, ['active', 'pending'])),
    )
    .orderBy(desc(groupSubscriptions.id));
  // A checkout started twice for one group leaves two rows: show the newest of each group.
  const seen = new Set<number>();
  return rows
    .filter(({ group }) => !seen.has(group.id) && seen.add(group.id))
    .map(({ subscription, group }) => ({
      id: subscription.id,
      group,
      status: subscription.status,
      amountCents: subscription.amountCents,
      recurrence: subscription.recurrence,
      createdAt: subscription.createdAt,
    }));
}
