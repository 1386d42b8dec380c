import { and, eq, sql } from 'drizzle-orm';
import { BOT_USER_ID } from '@plaza/core/constants';
import {
  MODERATION_NOTE_MAX_LENGTH,
  actionAppliesTo,
  reportModelNoun,
  reportStatusAfter,
  type ModerationAction,
  type ReportModelType,
} from '@plaza/core/moderation';
import type { Database } from '../../db/client.ts';
import {
  DELETED_USER_KEY,
  chats,
  groups,
  messages,
  moderationActions,
  plans,
  reports,
  users,
} from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput, plazaError } from '../../graphql/errors.ts';
import { takeChatRevs } from '../chats/chat-revisions.ts';
import { announceChange } from '../chats/send-message.ts';
import { loadOneModeratedContent, type ModeratedContent } from './moderated-content.ts';
import { adminSourceOf } from './site-admins.ts';
import { liftSuspension, suspendAccount } from './suspend-account.ts';

export type ModerationActionRow = typeof moderationActions.$inferSelect;

export interface ModerateInput {
  type: ReportModelType;
  typeId?: number | null;
  key?: string | null;
  action: ModerationAction;
  note?: string | null;
}

const KEY_COLUMNS = {
  EVENT: { table: plans, id: plans.id, key: plans.key },
  GROUP: { table: groups, id: groups.id, key: groups.key },
  USER: { table: users, id: users.id, key: users.key },
  CHAT_MESSAGE: { table: messages, id: messages.id, key: messages.key },
} as const;

/** Content by id or key, whoever may see it: moderators act on anything that exists. */
export async function findContentForModeration(
  db: Database,
  input: { type: ReportModelType; typeId?: number | null; key?: string | null },
): Promise<ModeratedContent> {
  const key = input.key?.trim() || null;
  if (input.typeId == null && !key) throw badUserInput('typeId', 'Give the id or the key of the content.');
  let id = input.typeId ?? null;
  if (key) {
    const columns = KEY_COLUMNS[input.type];
    const [row] = await db.select({ id: columns.id }).from(columns.table).where(eq(columns.key, key));
    if (!row || (id !== null && id !== row.id)) id = null;
    else id = row.id;
  }
  const content = id === null ? null : await loadOneModeratedContent(db, input.type, id);
  if (!content) throw plazaError('NOT_FOUND', `This ${reportModelNoun(input.type)} could not be found.`);
  return content;
}

const conflict = (message: string) => plazaError('CONFLICT', message);

/** The account an action on this content suspends: the person, or the author of the content. */
async function suspendableAuthor(
  context: RequestContext,
  actorId: number,
  content: ModeratedContent,
): Promise<number> {
  const authorId = content.authorId;
  if (authorId === null) throw conflict('The author of this content no longer has an account.');
  if (authorId === actorId) throw conflict('You cannot suspend your own account.');
  const [author] = await context.store.db
    .select({ key: users.key })
    .from(users)
    .where(eq(users.id, authorId));
  if (!author || authorId === BOT_USER_ID || author.key === DELETED_USER_KEY)
    throw conflict('This account cannot be suspended.');
  if ((await adminSourceOf(context.store.db, context.config.admins, authorId)) !== null)
    throw conflict('Administrators cannot be suspended. Remove their administrator role first.');
  return authorId;
}

/**
 * moderateContent (decision 0018): a site administrator hides or shows content, blocks it from
 * explore or lets it back, suspends its author or lifts that, or dismisses its reports. Every
 * action is written to the moderation log and closes the content's open reports, in one
 * transaction. An action that would change nothing is a CONFLICT, so the log holds only changes.
 */
export async function moderateContent(
  context: RequestContext,
  actorId: number,
  input: ModerateInput,
): Promise<ModerationActionRow> {
  const { action, type } = input;
  if (!actionAppliesTo(action, type))
    throw badUserInput('action', `A ${reportModelNoun(type)} has no explore status.`);
  const note = (input.note ?? '').trim();
  if (note.length > MODERATION_NOTE_MAX_LENGTH)
    throw badUserInput('note', `Keep the note under ${MODERATION_NOTE_MAX_LENGTH} characters.`);
  const db = context.store.db;
  const content = await findContentForModeration(db, input);
  const noun = reportModelNoun(type);
  const now = new Date();

  let subjectUserId: number | null = null;
  if (action === 'HIDE' && content.hiddenAt !== null) throw conflict(`This ${noun} is already hidden.`);
  if (action === 'UNHIDE' && content.hiddenAt === null) throw conflict(`This ${noun} is not hidden.`);
  if (action === 'BLOCK_EXPLORE' && content.exploreStatus === 'BLOCKED')
    throw conflict(`This ${noun} is already blocked from explore.`);
  if (action === 'ENABLE_EXPLORE' && content.exploreStatus !== 'BLOCKED')
    throw conflict(`This ${noun} is not blocked from explore.`);
  if (action === 'SUSPEND_USER') {
    subjectUserId = await suspendableAuthor(context, actorId, content);
    if (content.authorSuspendedAt !== null) throw conflict('This account is already suspended.');
  }
  if (action === 'UNSUSPEND_USER') {
    subjectUserId = content.authorId;
    if (subjectUserId === null || content.authorSuspendedAt === null)
      throw conflict('This account is not suspended.');
  }

  const { entry, chat } = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    let changedChat: { id: number; key: string; rev: number } | null = null;
    // A plan's, group's or person's change moves its updated_at, as every write does: search's
    // rankings and explore's kept lists read rows changed since they were made (decision 0048).
    if (action === 'HIDE' || action === 'UNHIDE') {
      const hiddenAt = action === 'HIDE' ? now : null;
      const changed = { hiddenAt, updatedAt: now };
      if (type === 'EVENT') await t.update(plans).set(changed).where(eq(plans.id, content.id));
      else if (type === 'GROUP') await t.update(groups).set(changed).where(eq(groups.id, content.id));
      else if (type === 'USER') await t.update(users).set(changed).where(eq(users.id, content.id));
      else {
        // A change number, so every open chat learns of it (decision 0012).
        const [message] = await t
          .select({ chatId: messages.chatId, key: chats.key })
          .from(messages)
          .innerJoin(chats, eq(chats.id, messages.chatId))
          .where(eq(messages.id, content.id));
        const rev = await takeChatRevs(t, message!.chatId);
        await t.update(messages).set({ hiddenAt, rev }).where(eq(messages.id, content.id));
        changedChat = { id: message!.chatId, key: message!.key, rev };
      }
    } else if (action === 'BLOCK_EXPLORE' || action === 'ENABLE_EXPLORE') {
      const exploreStatus = action === 'BLOCK_EXPLORE' ? 'BLOCKED' : 'ENABLED';
      const changed = { exploreStatus, updatedAt: now };
      if (type === 'EVENT') await t.update(plans).set(changed).where(eq(plans.id, content.id));
      else await t.update(groups).set(changed).where(eq(groups.id, content.id));
    } else if (action === 'SUSPEND_USER') {
      await suspendAccount(t, subjectUserId!, now);
    } else if (action === 'UNSUSPEND_USER') {
      await liftSuspension(t, subjectUserId!);
    }
    const closed = await t
      .update(reports)
      .set({ status: reportStatusAfter(action), closedAt: now })
      .where(and(eq(reports.type, type), eq(reports.contentId, content.id), eq(reports.status, 'OPEN')))
      .returning({ id: reports.id });
    if (action === 'DISMISS' && closed.length === 0)
      throw conflict(`This ${noun} has no open reports to dismiss.`);
    const [logged] = await t
      .insert(moderationActions)
      .values({
        actorId,
        action,
        type,
        contentId: content.id,
        subjectUserId,
        label: content.title.slice(0, 200),
        note,
        reportCount: closed.length,
        createdAt: now,
      })
      .returning();
    return { entry: logged!, chat: changedChat };
  });
  if (chat) await announceChange(context, chat, chat.rev);
  context.logger.info({ actorId, action, type, contentId: content.id }, 'moderation action');
  return entry;
}

/** The moderation log, newest first. */
export async function listModerationLog(
  db: Database,
  offset: number,
  limit: number,
): Promise<ModerationActionRow[]> {
  return db
    .select()
    .from(moderationActions)
    .orderBy(sql`${moderationActions.createdAt} DESC, ${moderationActions.id} DESC`)
    .limit(limit)
    .offset(offset);
}
