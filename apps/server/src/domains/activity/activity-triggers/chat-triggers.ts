import { sql } from 'drizzle-orm';
import type { PollAttachment } from '@plaza/core/chat-attachments';
import type { MessageRow } from '../../chats/send-message.ts';
import { loadChatAccess, type ChatAccess, type ChatRow } from '../../chats/chat-access.ts';
import type { RequestContext } from '../../../graphql/context.ts';
import { rows } from '../../social/social-sql.ts';
import { recordActivities, recordActivity, type ActivityInput } from '../record-activity.ts';
import { FANOUT, afterCommit, chatPath, loadNamedUser, nameOf, realPeople } from './trigger-support.ts';

/**
 * The usernames a text mentions as @username (decision 0014 MENTION), lower-cased, each once, in
 * order, at most `max`. An @ inside a word (an e-mail address) is not a mention; a username's
 * characters are letters, digits, _ and . (not at its ends).
 */
export function mentionedUsernames(text: string, max: number = FANOUT.mentions): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?<![\p{L}\p{N}_.@])@([A-Za-z0-9_.]{3,30})/gu)) {
    const username = match[1]!.replace(/\.+$/, '').toLowerCase();
    if (username.length < 3 || username.startsWith('.') || found.includes(username)) continue;
    found.push(username);
    if (found.length >= max) break;
  }
  return found;
}

/** Whether the person may read the chat, by the chat's own rule (as if they asked for it). */
async function canRead(context: RequestContext, chat: ChatRow, userId: number): Promise<boolean> {
  // A context of its own: the per-request loaders are the asking person's.
  const access = await loadChatAccess({ ...context, viewer: { id: userId, sessionId: 0 } }, chat);
  return access.permissions.read;
}

async function readers(
  context: RequestContext,
  chat: ChatRow,
  userIds: readonly number[],
): Promise<number[]> {
  const real = await realPeople(context.store.db, userIds);
  const allowed: number[] = [];
  for (const id of real) if (await canRead(context, chat, id)) allowed.push(id);
  return allowed;
}

/** How the chat is named in a sentence and as the activity's `to`. */
function chatName(access: ChatAccess, senderName: string): { to: string; where: string } {
  if (access.group) return { to: access.group.title || 'a group', where: access.group.title || 'a group' };
  if (access.plan) return { to: access.plan.title, where: access.plan.title };
  return { to: senderName, where: 'a message' };
}

// As chats/polls.ts pollOf; not imported from there, which imports send-message.ts, which imports this.
function pollOf(message: MessageRow): PollAttachment | null {
  return message.attachments.find((a): a is PollAttachment => a.kind === 'irl/poll') ?? null;
}

/** The people a new poll in a group or plan chat is suggested to: members, or those taking part. */
async function pollAudience(context: RequestContext, access: ChatAccess): Promise<number[]> {
  const db = context.store.db;
  const found = access.group
    ? await rows<{ user_id: number }>(
        db,
        sql`SELECT user_id FROM group_members WHERE group_id = ${access.group.id} AND status = 'member'
            ORDER BY user_id LIMIT ${FANOUT.pollAudience}`,
      )
    : access.plan
      ? await rows<{ user_id: number }>(
          db,
          sql`SELECT user_id FROM (SELECT ${access.plan.creatorId}::int AS user_id UNION
                SELECT DISTINCT user_id FROM plan_responses WHERE plan_id = ${access.plan.id}
                AND response IN ('ATTENDING', 'INTERESTED')) people
              ORDER BY user_id LIMIT ${FANOUT.pollAudience}`,
        )
      : [];
  return realPeople(
    db,
    found.map((row) => Number(row.user_id)),
  );
}

/**
 * A new message was stored (sendMessage, pollCreate, promptCreate): people it mentions who may
 * read the chat get a MENTION; a reply tells the thread's author and earlier repliers
 * (THREAD_REPLY, one row per thread); a poll in a group or plan chat is suggested to its members.
 */
export async function messageActivities(
  context: RequestContext,
  access: ChatAccess,
  message: MessageRow,
  root: MessageRow | null,
): Promise<void> {
  const usernames = mentionedUsernames(message.text);
  const poll = access.chat.type === 'd' ? null : pollOf(message);
  // Most messages mention nobody, answer no thread and ask nothing: they cost no query here.
  if (usernames.length === 0 && !root && !poll) return;
  await afterCommit(context, 'chat message', async () => {
    const db = context.store.db;
    const chat = access.chat;
    const sender = await loadNamedUser(db, message.senderId);
    if (!sender) return;
    const senderName = nameOf(sender);
    const { to, where } = chatName(access, senderName);
    const here = root ? chatPath(chat, { thread: root.key }) : chatPath(chat);
    const subject = `chat:${chat.id}`;

    const named =
      usernames.length === 0
        ? []
        : await rows<{ id: number }>(
            db,
            sql`SELECT id FROM users WHERE lower(username) IN (${sql.join(
              usernames.map((u) => sql`${u}`),
              sql`, `,
            )}) AND id <> ${message.senderId}`,
          );
    const mentioned = await readers(
      context,
      chat,
      named.map((row) => Number(row.id)),
    );
    await recordActivities(
      context,
      mentioned.map((receiverId) => ({
        receiverId,
        creatorId: message.senderId,
        type: 'MENTION' as const,
        action: 'mentioned',
        model: { type: 'Message' as const, id: message.id },
        to,
        href: here,
        message: `${senderName} mentioned you in ${where}`,
        subject,
        collapseKey: `mention:${message.id}`,
      })),
    );

    if (root) {
      // The root's author, then the most recent repliers before this one; a mention already told.
      const told = new Set([message.senderId, ...mentioned]);
      const candidates = [root.senderId, ...root.threadUserIds.slice(0, FANOUT.threadRepliers)].filter(
        (id) => !told.has(id),
      );
      const receivers = await readers(context, chat, candidates);
      await recordActivities(
        context,
        receivers.map((receiverId) => ({
          receiverId,
          creatorId: message.senderId,
          type: 'THREAD_REPLY' as const,
          action: 'replied',
          model: { type: 'Message' as const, id: root.id },
          to,
          href: here,
          message:
            receiverId === root.senderId
              ? `${senderName} replied to your message in ${where}`
              : `${senderName} replied in a thread in ${where}`,
          subject,
          collapseKey: `thread:${root.id}`,
        })),
      );
    }

    if (poll) {
      const audience = (await pollAudience(context, access)).filter((id) => id !== message.senderId);
      await recordActivities(
        context,
        audience.map((receiverId): ActivityInput => ({
          receiverId,
          creatorId: message.senderId,
          type: 'SUGGESTION',
          action: 'asked',
          model: { type: 'Message', id: message.id },
          to: poll.title,
          href: root ? here : chatPath(chat, 'poll'),
          message: `${senderName} asked “${poll.title}” in ${where}`,
          suggestion: { kind: 'POLL', title: poll.title, options: poll.options.map((o) => o.text) },
          subject,
          collapseKey: `suggest-poll:${message.id}`,
        })),
      );
    }
  });
}

/**
 * Someone voted in a poll: its author hears of it, one row per poll whose sentence keeps the
 * count of people who voted (the author's own vote aside).
 */
export async function pollVoteActivities(
  context: RequestContext,
  access: ChatAccess,
  message: MessageRow,
  voterId: number,
): Promise<void> {
  if (voterId === message.senderId) return;
  const poll = pollOf(message);
  if (!poll) return;
  await afterCommit(context, 'poll vote', async () => {
    const db = context.store.db;
    const voter = await loadNamedUser(db, voterId);
    if (!voter) return;
    const [counted] = await rows<{ n: number | string }>(
      db,
      sql`SELECT count(DISTINCT user_id) AS n FROM poll_votes WHERE message_id = ${message.id}
          AND user_id <> ${message.senderId}`,
    );
    const voters = Number(counted?.n ?? 0);
    if (voters === 0) return;
    const { where } = chatName(access, nameOf(voter));
    const inThread = message.parentId !== null;
    let href = chatPath(access.chat, 'poll');
    if (inThread) {
      const [parent] = await rows<{ key: string }>(
        db,
        sql`SELECT key FROM messages WHERE id = ${message.parentId}`,
      );
      if (parent) href = chatPath(access.chat, { thread: parent.key });
    }
    await recordActivity(context, {
      receiverId: message.senderId,
      creatorId: voterId,
      type: 'POLL_RESULT',
      action: 'voted',
      model: { type: 'Message', id: message.id },
      to: poll.title,
      href,
      message:
        voters === 1
          ? `${nameOf(voter)} voted in your poll “${poll.title}” in ${where}`
          : `${voters} people voted in your poll “${poll.title}” in ${where}`,
      subject: `chat:${access.chat.id}`,
      collapseKey: `poll:${message.id}`,
    });
  });
}
