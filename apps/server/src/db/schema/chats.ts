import { sql } from 'drizzle-orm';
import type { MessageAttachment } from '@plaza/core/chat-attachments';
import {
  bigint,
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
import { groups } from './groups.ts';
import { plans } from './plans.ts';
import { users } from './users.ts';

export const chats = pgTable(
  'chats',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    /** d (direct message), g (group) or p (plan), as in the chat routes of spec 2.1. */
    type: text('type').notNull(),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    planId: integer('plan_id').references(() => plans.id, { onDelete: 'cascade' }),
    /** A direct message's two people as "<lower id>:<higher id>", so each pair has one chat. */
    dmPair: text('dm_pair'),
    /** Highest sequence number handed out; messages take lastSeq + 1 in their insert transaction. */
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    /**
     * Highest change number handed out: every insert, edit, deletion, poll vote and thread reply
     * (on the reply and on its parent) takes lastRev + 1 under the chat row lock (decision 0012).
     */
    lastRev: bigint('last_rev', { mode: 'number' }).notNull().default(0),
    /** Seconds between messages per sender; 0 turns slow mode off. */
    rateLimit: integer('rate_limit').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chats_group').on(t.groupId),
    uniqueIndex('chats_plan').on(t.planId),
    uniqueIndex('chats_dm_pair').on(t.dmPair),
    index('chats_last_message_at').on(t.lastMessageAt),
  ],
);

export const chatMembers = pgTable(
  'chat_members',
  {
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeenSeq: bigint('last_seen_seq', { mode: 'number' }).notNull().default(0),
    isHidden: boolean('is_hidden').notNull().default(false),
    muteUntil: timestamp('mute_until', { withTimezone: true }),
    /** When the person last looked at the chat's thread tab (spec 4 hasUnseenThreads). */
    lastSeenThreadTab: timestamp('last_seen_thread_tab', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] }), index('chat_members_user').on(t.userId)],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id),
    /** Chosen by the sending client; a retried send with the same id is stored once. */
    clientId: text('client_id').notNull(),
    parentId: integer('parent_id'),
    /** The chat's change number of this message's latest change (decision 0012). */
    rev: bigint('rev', { mode: 'number' }).notNull().default(0),
    /** The chat's change number when this message was stored: NEW for a client behind it. */
    createdRev: bigint('created_rev', { mode: 'number' }).notNull().default(0),
    /** Replies in this message's thread that are not deleted. */
    threadCount: integer('thread_count').notNull().default(0),
    /** When the thread last changed (a reply added or removed); null without replies. */
    threadLastAt: timestamp('thread_last_at', { withTimezone: true }),
    /** The people who replied, most recent first. */
    threadUserIds: integer('thread_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    text: text('text').notNull().default(''),
    attachments: jsonb('attachments').$type<MessageAttachment[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** A moderator removed the message (decision 0018): readers get neither its text nor attachments. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('messages_chat_seq').on(t.chatId, t.seq),
    uniqueIndex('messages_chat_sender_client').on(t.chatId, t.senderId, t.clientId),
    index('messages_parent').on(t.parentId),
    index('messages_chat_rev').on(t.chatId, t.rev),
    // A chat's threads, latest first (listThreads, hasUnseenThreads): without it both read every
    // message of the chat (2.4 ms for 5,000, growing with the chat; 0.04 ms with it).
    index('messages_chat_threads')
      .on(t.chatId, t.threadLastAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`parent_id IS NULL AND thread_last_at IS NOT NULL`),
  ],
);

/** When a person last saw a thread (spec 4: a thread modified after that has unseen activity). */
export const messageThreadStates = pgTable(
  'message_thread_states',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), index('message_thread_states_user').on(t.userId)],
);

/** One row per chosen option of a person's vote in a poll message (irl/poll). */
export const pollVotes = pgTable(
  'poll_votes',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    optionId: integer('option_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId, t.optionId] }),
    index('poll_votes_user').on(t.userId),
  ],
);
