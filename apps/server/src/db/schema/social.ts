import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users.ts';

/**
 * One directed tie from a person to another (decision 0006): FOLLOWING, REQUESTED (a follow
 * request waiting for the other's answer) or BLOCKED. Friends are two people who follow each other;
 * no row means no tie. The pair's two rows change together, under a lock on both people.
 */
export const follows = pgTable(
  'follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetId: integer('target_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'FOLLOWING' | 'REQUESTED' | 'BLOCKED'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.targetId] }),
    index('follows_target').on(t.targetId, t.status),
    // Friendships are pairs of FOLLOWING rows: both ways read from the index alone (search's circle
    // of a viewer's friends' friends, friend counts), never the table.
    index('follows_following')
      .on(t.userId, t.targetId)
      .where(sql`${t.status} = 'FOLLOWING'`),
    index('follows_following_target')
      .on(t.targetId, t.userId)
      .where(sql`${t.status} = 'FOLLOWING'`),
    // The viewer's blocks, read by every visibility rule (blockedBetween): a few rows, not all of a
    // person's follows.
    index('follows_blocked')
      .on(t.userId, t.targetId)
      .where(sql`${t.status} = 'BLOCKED'`),
    check('follows_not_self', sql`${t.userId} <> ${t.targetId}`),
    check('follows_status', sql`${t.status} IN ('FOLLOWING', 'REQUESTED', 'BLOCKED')`),
  ],
);

/** A person's address book, imported from a vCard or CSV file they chose. */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull().default(''),
    /** Lower-cased address, or null. */
    email: text('email'),
    /** E.164 number, or null. */
    phone: text('phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contacts_owner_email').on(t.ownerId, t.email),
    uniqueIndex('contacts_owner_phone').on(t.ownerId, t.phone),
  ],
);

/**
 * Each invitation sent with `inviteContact`; also the ledger of the once-a-week rule per address.
 * `target` is the lower-cased address or the E.164 number.
 */
export const contactInvitations = pgTable(
  'contact_invitations',
  {
    id: serial('id').primaryKey(),
    inviterId: integer('inviter_id').references(() => users.id, { onDelete: 'set null' }),
    channel: text('channel').$type<'EMAIL' | 'PHONE'>().notNull(),
    target: text('target').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_invitations_target').on(t.target, t.createdAt)],
);
