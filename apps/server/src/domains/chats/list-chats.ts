import DataLoader from 'dataloader';
import { alias } from 'drizzle-orm/pg-core';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  isNull,
  lt,
  sql,
  type AnyColumn,
  type Placeholder,
} from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { literalLimit } from '../../db/literal-limit.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { chatMembers, chats, groups, messages, plans, users } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { BATCHING, requestScoped } from '../../graphql/request-scoped.ts';
import { chatSharedLoaders } from './chat-loaders.ts';
import { badUserInput } from '../../graphql/errors.ts';
import {
  accessColumns,
  loadChatAccess,
  otherOfDmPair,
  primeAccessRows,
  type ChatAccess,
  type ChatRow,
} from './chat-access.ts';
import { primeUserRow } from '../groups/group-loaders.ts';
import { chatStateOf, unreadCountSql, type ChatState } from './chat-state.ts';
import type { MessageRow } from './send-message.ts';

export const MY_CHATS_MAX = 200;
export const MESSAGE_PAGE_DEFAULT = 50;
export const MESSAGE_PAGE_MAX = 200;

export interface ChatEntry {
  access: ChatAccess;
  state?: ChatState;
  /**
   * Set on a chat-list event's entry whose share variant holds everything of the viewer's that its
   * fields show (unread count, hidden, muted, permissions, the other person): those fields may
   * then be shared among the event's subscribers of the same variant (my-chat-events.ts).
   */
  stateInVariant?: boolean;
  /**
   * The chat's last message (Chat.lastChat) as of the same moment as `state`, when read with it (a
   * chat-list event's entry); else read when asked.
   */
  lastMessage?: MessageRow | null;
  /**
   * Whether the chat has threads the viewer has not seen (Chat.hasUnseenThreads), when read with
   * the chat (findChatWithState, a chat room's query); else read when asked.
   */
  hasUnseenThreads?: boolean;
}

/** A chat's messages that show: neither deleted nor removed by a moderator (thread replies too). */
export function shownIn(chatId: AnyColumn | number) {
  return and(eq(messages.chatId, chatId), isNull(messages.deletedAt), isNull(messages.hiddenAt));
}

/**
 * The newest message of a chat's main chat that is not deleted nor removed by a moderator: the
 * list's lastChat, read as chatSharedLoaders' lastMessage reads it, beside each listed chat (a
 * lateral join on the seq index) rather than in a statement of its own.
 */
function lastMessageOf(db: Database, chatId: AnyColumn) {
  return db
    .select()
    .from(messages)
    .where(and(shownIn(chatId), isNull(messages.parentId)))
    .orderBy(desc(messages.seq))
    .limit(literalLimit(1))
    .as('last_message');
}

/** The fields `names` of an aliased subquery, as an object of them. */
function fieldsOf<Names extends string, Query extends Record<Names, unknown>>(
  query: Query,
  names: readonly Names[],
): { [Name in Names]: Query[Name] } {
  return Object.fromEntries(names.map((name) => [name, query[name]])) as { [Name in Names]: Query[Name] };
}

const CHAT_COLUMNS = Object.keys(getTableColumns(chats)) as Array<keyof typeof chats.$inferSelect>;
const MESSAGE_COLUMNS = Object.keys(getTableColumns(messages)) as Array<keyof typeof messages.$inferSelect>;

/** The sender of a listed chat's last message (a second reading of users, beside the other person). */
const lastSender = alias(users, 'last_sender');

/**
 * A person's chats, shown or hidden, newest activity first (MY_CHATS_MAX at most), with their
 * states, and then the last message of each listed chat (after the limit: someone in 600 chats
 * has 200 of them looked up, not 600), and what each one's access and entry are read from
 * (loadChatAccess): its group's row with the viewer's membership, its plan's with the viewer's
 * facts, or the other person's of a direct message with the viewer's ties (the chat room's
 * statement reads the same: chat-state.ts), and the last message's sender's row. The sender's ties
 * are not read here: the list shows their name alone, and those ties were a fifth of the
 * statement's work (two follows lookups a chat); a field that needs them reads them when asked,
 * for all the list's senders in one statement (social-loaders.ts).
 */
function chatListSelect(db: Database, hidden: boolean | Placeholder) {
  const viewer = sql.placeholder('viewerId');
  const listed = db
    .select({
      ...getTableColumns(chats),
      lastSeenSeq: chatMembers.lastSeenSeq,
      isHidden: chatMembers.isHidden,
      muteUntil: chatMembers.muteUntil,
      lastSeenThreadTab: chatMembers.lastSeenThreadTab,
      unreadCount: unreadCountSql(chats.id, chatMembers.lastSeenSeq, sql.placeholder('viewerId')).as(
        'unread_count',
      ),
    })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .where(
      and(
        eq(chatMembers.userId, sql.placeholder('viewerId')),
        // A list known when the statement is built is written into it (as its limits are).
        typeof hidden === 'boolean'
          ? sql`${chatMembers.isHidden} = ${sql.raw(hidden ? 'true' : 'false')}`
          : eq(chatMembers.isHidden, hidden),
      ),
    )
    .orderBy(desc(sql`coalesce(${chats.lastMessageAt}, ${chats.createdAt})`), desc(chats.id))
    .limit(literalLimit(MY_CHATS_MAX))
    .as('listed');
  const last = lastMessageOf(db, listed.id);
  return db
    .select({
      chat: fieldsOf(listed, CHAT_COLUMNS),
      lastSeenSeq: listed.lastSeenSeq,
      isHidden: listed.isHidden,
      muteUntil: listed.muteUntil,
      lastSeenThreadTab: listed.lastSeenThreadTab,
      unreadCount: listed.unreadCount,
      // The message's columns as the lateral join gives them (null, all of them, without a message).
      lastMessage: fieldsOf(last, MESSAGE_COLUMNS),
      ...accessColumns(viewer),
      sender: lastSender,
    })
    .from(listed)
    .leftJoinLateral(last, sql`true`)
    .leftJoin(groups, eq(groups.id, listed.groupId))
    .leftJoin(plans, eq(plans.id, listed.planId))
    .leftJoin(users, sql`${users.id} = ${otherOfDmPair(listed.dmPair, viewer)}`)
    .leftJoin(lastSender, eq(lastSender.id, last.senderId))
    .orderBy(desc(sql`coalesce(${listed.lastMessageAt}, ${listed.createdAt})`), desc(listed.id));
}

/** The chat list's one statement: the shown chats or the hidden ones. */
const myChatRows = preparedStatement((db) =>
  chatListSelect(db, sql.placeholder('hidden')).prepare('plaza_my_chats'),
);

/** Both lists in one statement, each its own MY_CHATS_MAX (the web asks for both on every load). */
const bothChatLists = preparedStatement((db) =>
  chatListSelect(db, false).unionAll(chatListSelect(db, true)).prepare('plaza_my_chats_both'),
);

type ChatListRow = Awaited<ReturnType<ReturnType<typeof myChatRows>['execute']>>[number];

/** Newest activity first, as the statement orders each list. */
function byActivity(a: ChatListRow, b: ChatListRow): number {
  const at = (row: ChatListRow) => (row.chat.lastMessageAt ?? row.chat.createdAt).getTime();
  return at(b) - at(a) || b.chat.id - a.chat.id;
}

/**
 * A request's chat lists by whether hidden: asked in the same turn (the web's chat list asks for
 * the shown ones and the keys of the hidden ones), both come from one statement.
 */
const chatLists = requestScoped(
  (context) =>
    new DataLoader<{ viewerId: number; hidden: boolean }, ChatListRow[], string>(
      async (asked) => {
        const viewers = new Set(asked.map((list) => list.viewerId));
        if (asked.length === 2 && viewers.size === 1) {
          const found = await bothChatLists(context.store.db).execute({ viewerId: asked[0]!.viewerId });
          return asked.map((list) => found.filter((row) => row.isHidden === list.hidden).sort(byActivity));
        }
        return Promise.all(
          asked.map((list) =>
            myChatRows(context.store.db).execute({ viewerId: list.viewerId, hidden: list.hidden }),
          ),
        );
      },
      { ...BATCHING, cacheKeyFn: (list) => `${list.viewerId}:${list.hidden}` },
    ),
);

/**
 * The viewer's chats (those they have a state row in: direct messages, groups they are in, plan
 * chats they opened or wrote in), hidden ones or the others, newest activity first, each with its
 * unread count. Chats the viewer may no longer read are left out. Each chat's last message and its
 * sender, and what its access is read from, come with it (chatListSelect: one statement).
 */
export async function listMyChats(
  context: RequestContext,
  viewerId: number,
  hidden: boolean,
): Promise<ChatEntry[]> {
  const found = await chatLists(context).load({ viewerId, hidden });
  const lastMessages = chatSharedLoaders(context).lastMessage;
  for (const row of found) {
    primeAccessRows(context, viewerId, row);
    if (row.sender) primeUserRow(context, viewerId, row.sender);
  }
  const entries = await Promise.all(
    found.map(async (row) => {
      lastMessages.prime(row.chat.id, row.lastMessage);
      return {
        access: await loadChatAccess(context, row.chat),
        state: chatStateOf(row),
        // Read with the state, in the same statement: Chat.lastChat answers it at once.
        lastMessage: row.lastMessage,
      };
    }),
  );
  return entries.filter((entry) => entry.access.permissions.read);
}

export interface MessagePage {
  messages: MessageRow[];
  /** Older messages exist before the first of this page. */
  canLoadPrev: boolean;
  /** Newer messages exist after the last of this page (only when paging with `after` or `before`). */
  canLoadNext: boolean;
  /** The oldest message of this page: pass it as `before` to load the previous page. */
  firstMessageKey: string | null;
}

/**
 * The newest page of a chat's main messages, or of a thread's replies: what a chat room opens with
 * (every chat room request), prepared once per store instead of built each time.
 */
const newestMainPage = preparedStatement((db) =>
  db
    .select()
    .from(messages)
    .where(and(eq(messages.chatId, sql.placeholder('chat')), isNull(messages.parentId)))
    .orderBy(desc(messages.seq))
    .limit(sql.placeholder('limit'))
    .prepare('plaza_newest_messages'),
);
const newestThreadPage = preparedStatement((db) =>
  db
    .select()
    .from(messages)
    .where(
      and(eq(messages.chatId, sql.placeholder('chat')), eq(messages.parentId, sql.placeholder('thread'))),
    )
    .orderBy(desc(messages.seq))
    .limit(sql.placeholder('limit'))
    .prepare('plaza_newest_thread_replies'),
);

/**
 * One page of a chat's messages in sequence order: the main chat's (`threadOf` null) or the
 * replies in one thread. By default the newest; `before` (a message key) pages backwards;
 * `after` (a sequence number) pages forwards.
 */
export async function listMessages(
  db: Database,
  chat: ChatRow,
  args: { before?: string | null; after?: number | null; limit?: number | null },
  threadOf: number | null = null,
): Promise<MessagePage> {
  const inScope = and(
    eq(messages.chatId, chat.id),
    threadOf === null ? isNull(messages.parentId) : eq(messages.parentId, threadOf),
  );
  const limit = args.limit ?? MESSAGE_PAGE_DEFAULT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MESSAGE_PAGE_MAX)
    throw badUserInput('limit', `Give a limit of 1 to ${MESSAGE_PAGE_MAX}.`);
  if (args.before && args.after != null)
    throw badUserInput('after', 'Give either before or after, not both.');
  let rows: MessageRow[];
  let canLoadPrev: boolean;
  let canLoadNext: boolean;
  if (args.after != null) {
    if (!Number.isInteger(args.after) || args.after < 0)
      throw badUserInput('after', 'Give a sequence number of 0 or more.');
    const found = await db
      .select()
      .from(messages)
      .where(and(inScope, gt(messages.seq, args.after)))
      .orderBy(asc(messages.seq))
      .limit(limit + 1);
    canLoadNext = found.length > limit;
    rows = found.slice(0, limit);
    const from = rows[0]?.seq ?? args.after + 1;
    const [older] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(inScope, lt(messages.seq, from)))
      .limit(1);
    canLoadPrev = older !== undefined;
  } else {
    let beforeSeq: number | null = null;
    if (args.before) {
      const [anchor] = await db
        .select({ seq: messages.seq })
        .from(messages)
        .where(and(inScope, eq(messages.key, args.before)));
      if (!anchor) throw badUserInput('before', 'This message is not in the chat or thread.');
      beforeSeq = anchor.seq;
    }
    const found =
      beforeSeq === null
        ? await (threadOf === null
            ? newestMainPage(db).execute({ chat: chat.id, limit: limit + 1 })
            : newestThreadPage(db).execute({ chat: chat.id, thread: threadOf, limit: limit + 1 }))
        : await db
            .select()
            .from(messages)
            .where(and(inScope, lt(messages.seq, beforeSeq)))
            .orderBy(desc(messages.seq))
            .limit(limit + 1);
    canLoadPrev = found.length > limit;
    rows = found.slice(0, limit).reverse();
    canLoadNext = beforeSeq !== null;
  }
  return { messages: rows, canLoadPrev, canLoadNext, firstMessageKey: rows[0]?.key ?? null };
}
