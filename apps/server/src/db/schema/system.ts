import { index, integer, jsonb, pgTable, serial, text, timestamp, boolean } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Product analytics events sent by clients through the `tracking` mutation. */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tracking_events_session').on(t.sessionId)],
);

/** Newsletter and product e-mail subscriptions (`subscribeEmail`, `unsubscribeEmail`). */
export const emailSubscriptions = pgTable('email_subscriptions', {
  email: text('email').primaryKey(),
  isSubscribed: boolean('is_subscribed').notNull().default(true),
  /** Secret for the one-click unsubscribe link. */
  unsubscribeToken: text('unsubscribe_token').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each download link sent by text message; also the ledger its rate limit counts. */
export const downloadLinkRequests = pgTable(
  'download_link_requests',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    clientIp: text('client_ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('download_link_requests_phone').on(t.phone, t.createdAt),
    index('download_link_requests_ip').on(t.clientIp, t.createdAt),
  ],
);

/**
 * One row per counted request of a rate limit (sign-in codes, uploads…), in the database so every
 * server process counts together. `bucket` is a hash of the limit's name and subject (an address,
 * a number, an IP), so no address lingers here.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: serial('id').primaryKey(),
    bucket: text('bucket').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_hits_bucket').on(t.bucket, t.createdAt)],
);

/** Secrets the server makes for itself on first start, shared by every process through the store. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
