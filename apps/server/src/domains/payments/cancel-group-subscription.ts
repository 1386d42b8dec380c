import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { groupSubscriptions } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { plazaError } from '../../graphql/errors.ts';
import type { GroupAccess } from '../groups/group-access.ts';
import { forgetGroup } from '../groups/group-loaders.ts';
import type { UserRow } from '../users/find-user.ts';
import { end } from './handle-payment-event.ts';
import { paymentProviderFor } from './payment-provider-for.ts';
import { NO_PROVIDER_MESSAGE } from './start-group-checkout.ts';

/**
 * Cancels the person's recurring payment for a group at the provider; once the provider accepts,
 * their paid access ends (the provider's later subscription.deleted event then changes nothing).
 */
export async function cancelGroupSubscription(
  context: RequestContext,
  user: UserRow,
  access: GroupAccess,
): Promise<void> {
  const provider = paymentProviderFor(context.config);
  if (!provider) throw plazaError('CONFLICT', NO_PROVIDER_MESSAGE);
  const [subscription] = await context.store.db
    .select()
    .from(groupSubscriptions)
    .where(
      and(
        eq(groupSubscriptions.groupId, access.group.id),
        eq(groupSubscriptions.userId, user.id),
        eq(groupSubscriptions.status, 'active'),
      ),
    )
    .orderBy(desc(groupSubscriptions.id))
    .limit(1);
  if (!subscription?.subscriptionId) throw plazaError('NOT_FOUND', 'You have no subscription to this group.');
  await provider.cancelSubscription(subscription.subscriptionId);
  await context.store.db.transaction(async (tx) => {
    await end(tx as unknown as Database, provider.name, subscription.subscriptionId!);
  });
  forgetGroup(context, access.group.id);
}
