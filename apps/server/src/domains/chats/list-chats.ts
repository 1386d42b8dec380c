import { and, asc, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { chatMembers, chats, messages } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput } from '../../graphql/errors.ts';
import { loadChatAccess, type ChatAccess, type ChatRow } from './chat-access.ts';
import type { ChatState } from './chat-state.ts';
import { unreadCountSql } from './chat-state.ts';
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
}

/** The chat list's one statement: a person's chats, shown or hidden, with their states. */
const myChatRows = preparedStatement((db) =>
  db
    .select({
      chat: chats,
      lastSeenSeq: chatMembers.lastSeenSeq,
      isHidden: chatMembers.isHidden,
      muteUntil: chatMembers.muteUntil,
      lastSeenThreadTab: chatMembers.lastSeenThreadTab,
      unreadCount: unreadCountSql(chats.id, chatMembers.lastSeenSeq, sql.placeholder('viewerId')),
    })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .where(
      and(
        eq(chatMembers.userId, sql.placeholder('viewerId')),
        eq(chatMembers.isHidden, sql.placeholder('hidden')),
      ),
    )
    .orderBy(desc(sql`coalesce(${chats.lastMessageAt}, ${chats.createdAt})`), desc(chats.id))
    .limit(MY_CHATS_MAX)
    .prepare('plaza_my_chats'),
);

/**
 * The viewer's chats (those they have a state row in: direct messages, groups they are in, plan
 * chats they opened or wrote in), hidden ones or the others, newest activity first, each with its
 * unread count. Chats the viewer may no longer read are left out.
 */
export async function listMyChats(
  context: RequestContext,
  viewerId: number,
  hidden: boolean,
): Promise<ChatEntry[]> {
  const found = await myChatRows(context.store.db).execute({ viewerId, hidden });
  const entries = await Promise.all(
    found.map(async (row) => ({
      access: await loadChatAccess(context, row.chat),
      state: {
        lastSeenSeq: row.lastSeenSeq,
        isHidden: row.isHidden,
        muteUntil: row.muteUntil,
        lastSeenThreadTab: row.lastSeenThreadTab,
        unreadCount: Number(row.unreadCount),
      },
    })),
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
    const found = await db
      .select()
      .from(messages)
      .where(and(inScope, beforeSeq === null ? undefined : lt(messages.seq, beforeSeq)))
      .orderBy(desc(messages.seq))
      .limit(limit + 1);
    canLoadPrev = found.length > limit;
    rows = found.slice(0, limit).reverse();
    canLoadNext = beforeSeq !== null;
  }
  return { messages: rows, canLoadPrev, canLoadNext, firstMessageKey: rows[0]?.key ?? null };
}
