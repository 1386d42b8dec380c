import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { chatMembers, chats, groups, messages, plans, users } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput } from '../../graphql/errors.ts';
import { loadChatAccess } from './chat-access.ts';
import { shownIn, type ChatEntry } from './list-chats.ts';
import type { MessageRow } from './send-message.ts';

export const SEARCH_TEXT_MAX = 100;
export const SEARCH_RESULTS_MAX = 50;

/** The ILIKE pattern for text found anywhere, with %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > SEARCH_TEXT_MAX)
    throw badUserInput('text', `Search for 1 to ${SEARCH_TEXT_MAX} characters.`);
  return `%${trimmed.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The viewer's chats (hidden ones too) whose group or plan title, or whose other person's name or
 * username, contains the text; newest activity first; only chats the viewer may still read.
 */
export async function searchChats(
  context: RequestContext,
  viewerId: number,
  text: string,
): Promise<ChatEntry[]> {
  const pattern = containsPattern(text);
  const other = sql`(CASE WHEN split_part(${chats.dmPair}, ':', 1)::int = ${viewerId}
    THEN split_part(${chats.dmPair}, ':', 2)::int ELSE split_part(${chats.dmPair}, ':', 1)::int END)`;
  const found = await context.store.db
    .select({ chat: chats })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .leftJoin(groups, eq(groups.id, chats.groupId))
    .leftJoin(plans, eq(plans.id, chats.planId))
    .leftJoin(users, sql`${chats.type} = 'd' AND ${users.id} = ${other}`)
    .where(
      and(
        eq(chatMembers.userId, viewerId),
        sql`(${groups.title} ILIKE ${pattern} OR ${plans.title} ILIKE ${pattern}
          OR (${users.first} || ' ' || ${users.last}) ILIKE ${pattern} OR ${users.username} ILIKE ${pattern})`,
      ),
    )
    .orderBy(desc(sql`coalesce(${chats.lastMessageAt}, ${chats.createdAt})`), desc(chats.id))
    .limit(SEARCH_RESULTS_MAX);
  const entries = await Promise.all(
    found.map(async (row) => ({ access: await loadChatAccess(context, row.chat) })),
  );
  return entries.filter((entry) => entry.access.permissions.read);
}

/** Messages of one chat (thread replies too) whose text contains the text, newest first. */
export async function searchMessages(
  db: Database,
  chatId: number,
  text: string,
  limit: number,
): Promise<MessageRow[]> {
  const pattern = containsPattern(text);
  if (!Number.isInteger(limit) || limit < 1 || limit > SEARCH_RESULTS_MAX)
    throw badUserInput('limit', `Give a limit of 1 to ${SEARCH_RESULTS_MAX}.`);
  return db
    .select()
    .from(messages)
    .where(and(shownIn(chatId), sql`${messages.text} ILIKE ${pattern}`))
    .orderBy(desc(messages.seq))
    .limit(limit);
}
