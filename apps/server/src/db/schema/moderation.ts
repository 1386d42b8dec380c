import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// Reports and moderation (decision 0018). The hidden and suspended marks themselves are columns
// of the content's own rows (plans, groups, messages, users), so every list filters them cheaply.

/** What the reporter saw when they reported: kept, so an edit or a deletion does not erase it. */
export interface ReportSnapshot {
  /** A plan's or group's title, a person's full name. */
  title?: string;
  /** A message's text, a plan's or group's description, a person's bio. */
  text?: string;
  username?: string;
}

/**
 * One person's report of one piece of content. A person has at most one OPEN report per content:
 * reporting again updates it. A moderator's action on the content closes them all.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    /** Null once the reporter deleted their account: the report still counts. */
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    /** EVENT, GROUP, USER or CHAT_MESSAGE. */
    type: text('type').notNull(),
    /** The plan's, group's, person's or message's id. No foreign key: the report outlives the content. */
    contentId: integer('content_id').notNull(),
    /** Who made the content (the person themself for USER), at report time. */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    reasonId: integer('reason_id').notNull(),
    details: text('details').notNull().default(''),
    snapshot: jsonb('snapshot').$type<ReportSnapshot>().notNull().default({}),
    /** OPEN, RESOLVED (a moderator acted) or DISMISSED. */
    status: text('status').notNull().default('OPEN'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reports_open_per_reporter')
      .on(t.reporterId, t.type, t.contentId)
      .where(sql`status = 'OPEN'`),
    index('reports_content').on(t.type, t.contentId, t.status),
    index('reports_status').on(t.status, t.updatedAt),
  ],
);

/** The moderation log: who did what to which content, when, and why. Never updated or deleted. */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** A moderateContent action, GRANT_ADMIN or REVOKE_ADMIN. */
    action: text('action').notNull(),
    type: text('type').notNull(),
    contentId: integer('content_id').notNull(),
    /** The person the action reached (the suspended account, the new administrator), if any. */
    subjectUserId: integer('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The content's title or name at the time, so the log reads well after it is gone. */
    label: text('label').notNull().default(''),
    note: text('note').notNull().default(''),
    /** Reports this action closed. */
    reportCount: integer('report_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_actions_created').on(t.createdAt, t.id),
    index('moderation_actions_content').on(t.type, t.contentId),
  ],
);

/** Administrators granted in the app (grantAdmin). Those named by PLAZA_ADMINS are not stored. */
export const siteAdmins = pgTable('site_admins', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  grantedById: integer('granted_by_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
