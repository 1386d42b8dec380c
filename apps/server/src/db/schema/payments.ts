import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { groups } from './groups.ts';
import { users } from './users.ts';

/**
 * A person's paid access to a group (decision 0008): made pending when checkout starts, active only
 * once the provider's signed webhook confirms payment, canceled when the provider says so.
 */
export const groupSubscriptions = pgTable(
  'group_subscriptions',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's checkout session id. */
    checkoutId: text('checkout_id').notNull(),
    /** The provider's subscription id, for recurring prices. */
    subscriptionId: text('subscription_id'),
    /** pending, active or canceled */
    status: text('status').notNull().default('pending'),
    amountCents: integer('amount_cents').notNull(),
    recurrence: text('recurrence'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('group_subscriptions_checkout').on(t.provider, t.checkoutId),
    index('group_subscriptions_member').on(t.groupId, t.userId),
  ],
);

/** Provider events already handled: a replayed event (same id) changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  provider: text('provider').notNull(),
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
