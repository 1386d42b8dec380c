import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('groups_title_trgm').using('gin', sql`${t.title} gin_trgm_ops`)],
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
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_members_user').on(t.userId)],
);
