import { isRecurrenceFrequency } from '@plaza/core/recurrence';
import { groupSubscriptions } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { plazaError } from '../../graphql/errors.ts';
import type { GroupAccess } from '../groups/group-access.ts';
import { groupLink } from '../groups/invite-to-group.ts';
import type { UserRow } from '../users/find-user.ts';
import { paymentProviderFor } from './payment-provider-for.ts';

/** Plaza sells in one currency; a server that needs another would make this a setting. */
export const PAYMENT_CURRENCY = 'usd';

export const NO_PROVIDER_MESSAGE =
  'Paid groups are not available on this server: no payment provider is configured.';

/**
 * Opens a checkout with the payment provider for a paid group and answers the provider's page to
 * send the buyer to. Nothing is granted here: access waits for the provider's signed confirmation.
 */
export async function startGroupCheckout(
  context: RequestContext,
  buyer: UserRow,
  access: GroupAccess,
): Promise<{ url: string; checkoutId: string }> {
  const group = access.group;
  if (!group.priceCents) throw plazaError('CONFLICT', 'This group is free: join it directly.');
  if (access.membership?.status === 'member') throw plazaError('CONFLICT', 'You are already a member.');
  if (!access.permissions.checkout) throw plazaError('FORBIDDEN', 'You cannot join this group.');
  const provider = paymentProviderFor(context.config);
  if (!provider) throw plazaError('CONFLICT', NO_PROVIDER_MESSAGE, { action: null });
  const recurrence = isRecurrenceFrequency(group.priceRecurrence) ? group.priceRecurrence : null;
  const link = groupLink(context, group);
  const session = await provider.createCheckout({
    groupId: group.id,
    userId: buyer.id,
    title: group.title || 'Group membership',
    amountCents: group.priceCents,
    currency: PAYMENT_CURRENCY,
    recurrence,
    successUrl: `${context.config.publicUrl}/profile/stripe-signup?group=${encodeURIComponent(group.key)}&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${link}/checkout`,
    customerEmail: buyer.emailVerified ? buyer.email : null,
  });
  if (!session.url) throw new Error('the payment provider answered a checkout without a page');
  await context.store.db.insert(groupSubscriptions).values({
    groupId: group.id,
    userId: buyer.id,
    provider: provider.name,
    checkoutId: session.id,
    amountCents: group.priceCents,
    recurrence,
  });
  return { url: session.url, checkoutId: session.id };
}
