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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    slug: text('slug').notNull(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    image: text('image'),
    isPublic: boolean('is_public').notNull().default(false),
    hasJoinRequests: boolean('has_join_requests').notNull().default(false),
    /** ENABLED, DISABLED or BLOCKED (spec 4). */
    exploreStatus: text('explore_status').notNull().default('ENABLED'),
    /** A moderator hid the group (decision 0018): only its creator and site administrators see it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id),
    locationName: text('location_name'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    latitude: integer('latitude_e6'),
    longitude: integer('longitude_e6'),
    /** Access masks of spec 3 "Group" accessLevels (bits of spec 4). */
    viewMask: integer('view_mask').notNull().default(128),
    joinMask: integer('join_mask').notNull().default(1),
    createPlanMask: integer('create_plan_mask').notNull().default(128),
    createChatMessageMask: integer('create_chat_message_mask').notNull().default(128),
    createChatImageMask: integer('create_chat_image_mask').notNull().default(128),
    createChatPollMask: integer('create_chat_poll_mask').notNull().default(128),
    createChatVideoMask: integer('create_chat_video_mask').notNull().default(128),
    hashtags: text('hashtags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Price of membership in cents; null for a free group (decision 0008). */
    priceCents: integer('price_cents'),
    /** DAILY, WEEKLY, MONTHLY or YEARLY; null for a one-time payment. */
    priceRecurrence: text('price_recurrence'),
    isDemo: boolean('is_demo').notNull().default(false),
    /**
     * Its members (group_members rows with status 'member'), kept by the database itself: triggers
     * on group_members add what each statement changed (migration 0026). Lists and search order by
     * it and show it without counting the members of each group they read.
     */
    memberCount: integer('member_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('groups_title_trgm').using('gin', sql`${t.title} gin_trgm_ops`),
    // Explore near a place (decisions 0016, 0026): withinBox's box of latitudes and longitudes, so a city's rows are read, not the table's.
    index('groups_place').on(t.latitude, t.longitude),
    // Search (decision 0015): search_tsv and search_names are stored generated columns made by migration
    // 0012 (not declared here, so rows read by the app do not carry them).
    index('groups_search_tsv').using('gin', sql`search_tsv`),
    index('groups_search_trgm').using('gin', sql`search_names gin_trgm_ops`),
  ],
);

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('member'),
    /** member, requested or invited */
    status: text('status').notNull().default('member'),
    /** Who invited them (status invited), for the audit and the invitation's wording. */
    invitedById: integer('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** How they arrived (quickJoinGroup's source), e.g. a share link. */
    source: text('source'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    // A person's groups read from the index alone (the groups their friends are in).
    index('group_members_user').on(t.userId, t.status, t.groupId),
    // A group's members read, and its friends inside found, from the index alone (explore and
    // search find the friends inside every group they rank; the count itself is member_count).
    index('group_members_member_of')
      .on(t.groupId, t.userId)
      .where(sql`status = 'member'`),
  ],
);

/** Hashtags with their emoji (spec 3 "Group" hashtags); groups.hashtags holds the names. */
export const hashtags = pgTable(
  'hashtags',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    emoji: text('emoji'),
  },
  (t) => [uniqueIndex('hashtags_name_lower').on(sql`lower(${t.name})`)],
);

/**
 * Invitations to a group for people known only by an e-mail address or phone number (inviteToGroup,
 * quickJoinGroup). Whoever signs in with that verified address or number counts as invited.
 */
export const groupInvitations = pgTable(
  'group_invitations',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    inviterId: integer('inviter_id').references(() => users.id, { onDelete: 'set null' }),
    /** EMAIL or PHONE */
    channel: text('channel').notNull(),
    /** Lower-case e-mail address or E.164 number. */
    target: text('target').notNull(),
    source: text('source'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('group_invitations_group_target').on(t.groupId, t.target),
    index('group_invitations_target').on(t.target),
  ],
);

/**
 * What happened in a group, who did it and to whom (spec 3 "Group audit event names"). Rows outlive
 * their group (group.delete is recorded too), so group_id has no foreign key.
 */
export const groupAuditEvents = pgTable(
  'group_audit_events',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id').notNull(),
    action: text('action').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    subjectId: integer('subject_id').references(() => users.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('group_audit_events_group').on(t.groupId, t.id)],
);
