import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { groupMembers, groupSubscriptions, paymentEvents } from '../../db/schema/index.ts';
import type { Platform } from '../../graphql/context.ts';
import { dropGroupMember, setGroupMember } from '../groups/add-group-member.ts';
import { recordGroupAudit } from '../groups/record-group-audit.ts';
import type { PaymentProvider, ProviderEvent } from './payment-provider.ts';

export type EventOutcome = 'granted' | 'ended' | 'ignored' | 'duplicate' | 'unconfirmed';

/**
 * Applies one verified provider event, once: the event id is stored in the same transaction as
 * its effect, so a replay (same id) changes nothing. A completed checkout grants membership only
 * when the provider, asked directly, confirms the session is paid.
 */
export async function handlePaymentEvent(
  platform: Pick<Platform, 'store' | 'logger'>,
  provider: PaymentProvider,
  event: ProviderEvent,
): Promise<EventOutcome> {
  const { db } = platform.store;
  const [seen] = await db
    .select({ id: paymentEvents.eventId })
    .from(paymentEvents)
    .where(eq(paymentEvents.eventId, event.id));
  if (seen) return 'duplicate';

  let confirmed: { subscriptionId: string | null } | null = null;
  if (event.type === 'checkout.session.completed') {
    const sessionId = String(event.object.id ?? '');
    const session = sessionId ? await provider.getCheckout(sessionId) : null;
    if (!session?.isPaid) {
      platform.logger.warn({ eventId: event.id, sessionId }, 'checkout completed but not confirmed paid');
      return 'unconfirmed';
    }
    confirmed = { subscriptionId: session.subscriptionId };
  }

  return db.transaction(async (tx) => {
    const store = tx as unknown as Database;
    const [fresh] = await store
      .insert(paymentEvents)
      .values({ provider: provider.name, eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.eventId });
    if (!fresh) return 'duplicate';
    if (confirmed) return grant(store, provider.name, String(event.object.id), confirmed.subscriptionId);
    if (event.type === 'customer.subscription.deleted')
      return end(store, provider.name, String(event.object.id ?? ''));
    return 'ignored';
  });
}

async function grant(db: Database, provider: string, checkoutId: string, subscriptionId: string | null) {
  const [subscription] = await db
    .update(groupSubscriptions)
    .set({ status: 'active', subscriptionId, updatedAt: sql`now()` })
    .where(
      and(
        eq(groupSubscriptions.provider, provider),
        eq(groupSubscriptions.checkoutId, checkoutId),
        eq(groupSubscriptions.status, 'pending'),
      ),
    )
    .returning();
  if (!subscription) return 'ignored' as const;
  await setGroupMember(db, { groupId: subscription.groupId, userId: subscription.userId, status: 'member' });
  await recordGroupAudit(db, {
    groupId: subscription.groupId,
    action: 'group.user.add',
    actorId: subscription.userId,
    subjectId: subscription.userId,
    details: { via: 'payment', checkoutId },
  });
  return 'granted' as const;
}

/** A subscription the provider ended: the paying member (never an owner or admin) leaves. */
export async function end(db: Database, provider: string, subscriptionId: string) {
  if (!subscriptionId) return 'ignored' as const;
  const [subscription] = await db
    .update(groupSubscriptions)
    .set({ status: 'canceled', updatedAt: sql`now()` })
    .where(
      and(
        eq(groupSubscriptions.provider, provider),
        eq(groupSubscriptions.subscriptionId, subscriptionId),
        eq(groupSubscriptions.status, 'active'),
      ),
    )
    .returning();
  if (!subscription) return 'ignored' as const;
  const [member] = await db
    .select({ role: groupMembers.role })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, subscription.groupId), eq(groupMembers.userId, subscription.userId)));
  if (member && (member.role === 'member' || member.role === 'moderator')) {
    await dropGroupMember(db, subscription.groupId, subscription.userId);
    await recordGroupAudit(db, {
      groupId: subscription.groupId,
      action: 'group.user.remove',
      actorId: null,
      subjectId: subscription.userId,
      details: { via: 'subscription ended' },
    });
  }
  return 'ended' as const;
}
