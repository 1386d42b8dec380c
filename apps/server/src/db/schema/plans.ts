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
import type { PlanRecurrence } from '@plaza/core/plan-occurrences';
import { groups } from './groups.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

export type { PlanRecurrence };

/** Fields an "Only this plan" edit may change on one occurrence of a repeating plan (decision 0009). */
export interface PlanOccurrenceChanges {
  title?: string;
  description?: string;
  image?: string | null;
  link?: string | null;
  outUrl?: string | null;
  locationName?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
}

/** Chat masks of a new plan: everyone taking part (bits 2, 4, 16, 32, 64, 128). */
const PARTICIPANTS_MASK = 2 | 4 | 16 | 32 | 64 | 128;

/** A plan, or the series row of a repeating plan: starts_at/ends_at are its first occurrence's. */
export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    /** The share secret carried by share links as invite_key (spec 2.3). */
    inviteKey: text('invite_key')
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    image: text('image'),
    link: text('link'),
    outUrl: text('out_url'),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'set null' }),
    /** Spec 3 "organization id": its people may see the plan (spec 6, decision 0019). */
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
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
    /** What the person typed to find the place (spec 3 location.query). */
    locationQuery: text('location_query'),
    recurrence: jsonb('recurrence').$type<PlanRecurrence>(),
    exploreStatus: text('explore_status').notNull().default('ENABLED'),
    /** A moderator hid the plan (decision 0018): only its creator and site administrators see it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    chatEnabled: boolean('chat_enabled').notNull().default(true),
    viewMask: integer('view_mask').notNull().default(1),
    modifyMask: integer('modify_mask').notNull().default(64),
    shareMask: integer('share_mask')
      .notNull()
      .default(1 | 2 | 4 | 16),
    createChatImageMask: integer('create_chat_image_mask').notNull().default(PARTICIPANTS_MASK),
    createChatMessageMask: integer('create_chat_message_mask').notNull().default(PARTICIPANTS_MASK),
    createChatPollMask: integer('create_chat_poll_mask').notNull().default(PARTICIPANTS_MASK),
    createChatVideoMask: integer('create_chat_video_mask').notNull().default(PARTICIPANTS_MASK),
    hashtags: text('hashtags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('plans_starts_at').on(t.startsAt),
    index('plans_group').on(t.groupId),
    index('plans_creator').on(t.creatorId),
    index('plans_organization').on(t.organizationId),
    // Explore near a place (decisions 0016, 0026): withinBox's box of latitudes and longitudes, so a city's rows are read, not the table's.
    index('plans_place').on(t.latitude, t.longitude),
    index('plans_title_trgm').using('gin', sql`${t.title} gin_trgm_ops`),
    // Search (decision 0015): search_tsv and search_names are stored generated columns made by migration
    // 0012 (not declared here, so rows read by the app do not carry them).
    index('plans_search_tsv').using('gin', sql`search_tsv`),
    index('plans_search_trgm').using('gin', sql`search_names gin_trgm_ops`),
  ],
);

/**
 * One occurrence of a repeating plan that differs from its series: cancelled ("Only this plan"
 * deleted: an EXDATE) or changed (an override: a RECURRENCE-ID event). Keyed by the occurrence's
 * original start.
 */
export const planOccurrences = pgTable(
  'plan_occurrences',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    occurrenceStart: timestamp('occurrence_start', { withTimezone: true }).notNull(),
    cancelled: boolean('cancelled').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    changes: jsonb('changes').$type<PlanOccurrenceChanges>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.planId, t.occurrenceStart] })],
);

/** The occurrence key of a response to a whole (non-repeating) plan, or a series-wide invitation. */
export const WHOLE_PLAN = '';

export const planResponses = pgTable(
  'plan_responses',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    /**
     * '' for a plan that does not repeat (and for an invitation to a whole series); else the
     * occurrence's original start, ISO 8601 in UTC.
     */
    occurrence: text('occurrence').notNull().default(WHOLE_PLAN),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** ATTENDING, UNATTENDING, NEXT_TIME, INTERESTED, UNINTERESTED; null while only invited. */
    response: text('response'),
    /** Invited by someone or by link: gives the invited access bit. */
    invited: boolean('invited').notNull().default(false),
    invitedById: integer('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.occurrence, t.userId] }),
    // A person's answers read from the index alone (the plans their friends go to).
    index('plan_responses_user').on(t.userId, t.response, t.planId),
    // A plan's answers counted from the index alone (a plan card's going count read 30-150 rows
    // of the table for each plan of a list; plan-loaders.ts countsSelect).
    index('plan_responses_counts').on(t.planId, t.occurrence, t.response, t.userId),
  ],
);

/**
 * A plan's answers counted by kind, per occurrence ('' for the whole plan): kept by statement
 * triggers on plan_responses (migration 0028, decision 0049), so that a card or a plan page reads
 * one row instead of counting the plan's answers at every read (a plan with 2,000 going counted
 * 2,000 index entries for every card of it). `unanswered` holds the rows without an answer (only
 * invited); for the whole plan they are its invited.
 */
export const planAnswerCounts = pgTable(
  'plan_answer_counts',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    occurrence: text('occurrence').notNull(),
    attending: integer('attending').notNull().default(0),
    interested: integer('interested').notNull().default(0),
    nextTime: integer('next_time').notNull().default(0),
    unattending: integer('unattending').notNull().default(0),
    unanswered: integer('unanswered').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.planId, t.occurrence] })],
);

/** People invited by e-mail or phone who have no account yet (spec 3 "Invitee"). */
export const planContactInvites = pgTable(
  'plan_contact_invites',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    email: text('email'),
    phone: text('phone'),
    invitedById: integer('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plan_contact_invites_plan').on(t.planId)],
);
