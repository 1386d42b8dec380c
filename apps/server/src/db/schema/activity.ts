import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ActivityType } from '@plaza/core/notifications';
import { users } from './users.ts';

/** A group, plan or poll suggested in a SUGGESTION activity (spec 3). */
export type ActivitySuggestion =
  | { kind: 'GROUP'; title: string; description: string; image: string | null; userIds: number[] }
  | { kind: 'PLAN'; title: string; description: string; image: string | null; userIds: number[] }
  | { kind: 'POLL'; title: string; options: string[] };

/**
 * The activity feed (spec 3, decision 0014): one row per thing that happened for a person.
 * `collapse_key` folds repeats into one row (a second vote in the same poll moves the row to the
 * top and re-opens it instead of adding one).
 */
export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who did it; null for Plaza itself (reminders, suggestions) or a deleted account. */
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').$type<ActivityType>().notNull(),
    /** What happened, as a verb: requested, accepted, invited, answered, changed, cancelled… */
    action: text('action').notNull(),
    /** The thing it is about (spec 3 `model`): User, Group, Plan, Message. */
    modelType: text('model_type').notNull(),
    modelId: integer('model_id').notNull(),
    /** The thing's name as shown ("Picnic in the park"); spec 3 `to`. */
    to: text('to').notNull().default(''),
    /** Path in the web app the activity opens, e.g. /group/runners/ab12. */
    href: text('href').notNull(),
    /** The sentence of the feed, written when it happened. */
    message: text('message').notNull(),
    suggestion: jsonb('suggestion').$type<ActivitySuggestion>(),
    /** The plan, group or chat it belongs to (plan:12, group:3, chat:9), for mutes. */
    subject: text('subject'),
    collapseKey: text('collapse_key'),
    /** False when the person turned the in-app channel of this kind off: kept for push and e-mail only. */
    inApp: boolean('in_app').notNull().default(true),
    /** Seen or cleared; null while it counts in the badge. */
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activities_receiver_created').on(t.receiverId, t.createdAt),
    index('activities_receiver_unread')
      .on(t.receiverId)
      .where(sql`${t.readAt} IS NULL AND ${t.inApp}`),
    uniqueIndex('activities_collapse').on(t.receiverId, t.collapseKey),
  ],
);

/** A person's choice for one kind of activity; a missing row or null column means the default. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<ActivityType>().notNull(),
    inApp: boolean('in_app'),
    push: boolean('push'),
    email: boolean('email'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

/** Per-person notification settings; a missing row means the defaults. */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** When the feed was last opened (spec 3 `lastChecked`). */
  lastChecked: timestamp('last_checked', { withTimezone: true }),
  /** Quiet hours in minutes after local midnight; both null when off. */
  quietStart: smallint('quiet_start'),
  quietEnd: smallint('quiet_end'),
  /** IANA zone of the quiet hours and the digest's hour; UTC when unknown. */
  timeZone: text('time_zone'),
  emailDigest: boolean('email_digest').notNull().default(true),
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
  /** The last signed-in request (updated at most every few minutes), for "away" in the digest. */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A muted plan or group: no push or e-mail about it until `until` (far future for "always"). */
export const notificationMutes = pgTable(
  'notification_mutes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** plan:12 or group:3, as `activities.subject`. */
    subject: text('subject').notNull(),
    until: timestamp('until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.subject] })],
);

/** A browser's Web Push subscription (RFC 8030/8291): where to post and the keys to encrypt for. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key, base64url. */
    p256dh: text('p256dh').notNull(),
    /** The 16-byte auth secret, base64url. */
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    /** Failed sends in a row (not 404/410, which remove the row at once). */
    failures: integer('failures').notNull().default(0),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user').on(t.userId)],
);

/** A native app's push token (spec 3 `firebaseToken`), one row per device token. */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    token: text('token').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session that registered it, so signing out can drop it. */
    sessionId: integer('session_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('device_tokens_user').on(t.userId)],
);

/** Notification unsubscribe links already used: a second click changes nothing and says so. */
export const emailUnsubscribeUses = pgTable('email_unsubscribe_uses', {
  /** SHA-256 of the token, base64url. */
  tokenHash: text('token_hash').primaryKey(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Numbers that answered STOP or asked never to be texted; no text goes to them but sign-in codes they ask for. */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phone: text('phone').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
