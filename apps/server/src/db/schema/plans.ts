import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { groups } from './groups.ts';
import { users } from './users.ts';

export interface PlanRecurrence {
  frequency: 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';
  byDay?: string[];
  endDate?: string;
}

export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    image: text('image'),
    link: text('link'),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'set null' }),
    /** IANA time zone the plan lives in. */
    timezone: text('timezone').notNull().default('UTC'),
    allDay: boolean('all_day').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    locationName: text('location_name'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    latitude: integer('latitude_e6'),
    longitude: integer('longitude_e6'),
    recurrence: jsonb('recurrence').$type<PlanRecurrence>(),
    exploreStatus: text('explore_status').notNull().default('ENABLED'),
    chatEnabled: boolean('chat_enabled').notNull().default(true),
    viewMask: integer('view_mask').notNull().default(1),
    modifyMask: integer('modify_mask').notNull().default(64),
    shareMask: integer('share_mask')
      .notNull()
      .default(1 | 2 | 4 | 16),
    hashtags: text('hashtags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('plans_starts_at').on(t.startsAt),
    index('plans_group').on(t.groupId),
    index('plans_title_trgm').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

export const planResponses = pgTable(
  'plan_responses',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** ATTENDING, UNATTENDING, NEXT_TIME, INTERESTED, UNINTERESTED; null while only invited. */
    response: text('response'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.userId] }), index('plan_responses_user').on(t.userId)],
);
