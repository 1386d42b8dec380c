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
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] }), index('chat_members_user').on(t.userId)],
);

export interface MessageAttachment {
  kind: 'audio' | 'image' | 'video' | 'irl/event' | 'irl/memix' | 'irl/poll' | 'irl/prompt';
  [field: string]: unknown;
}

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
    text: text('text').notNull().default(''),
    attachments: jsonb('attachments').$type<MessageAttachment[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('messages_chat_seq').on(t.chatId, t.seq),
    uniqueIndex('messages_chat_sender_client').on(t.chatId, t.senderId, t.clientId),
    index('messages_parent').on(t.parentId),
  ],
);
