import { eq, sql } from 'drizzle-orm';
import {
  REPORTS_PER_HOUR,
  REPORT_DETAILS_MAX_LENGTH,
  isReasonFor,
  reportModelNoun,
  type ReportModelType,
} from '@plaza/core/moderation';
import { messages, plans, reports, type ReportSnapshot } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput, plazaError, rateLimited } from '../../graphql/errors.ts';
import { findMessage } from '../chats/change-message.ts';
import { findGroup } from '../groups/find-group.ts';
import { findPlan } from '../plans/find-plan.ts';
import { findVisibleUser } from '../social/find-visible-user.ts';
import { loadOneModeratedContent } from './moderated-content.ts';

export interface ReportInput {
  type: ReportModelType;
  typeId?: number | null;
  key?: string | null;
  reasonId: number;
  details?: string | null;
}

export type ReportRow = typeof reports.$inferSelect;

const notFound = (type: ReportModelType) =>
  plazaError('NOT_FOUND', `This ${reportModelNoun(type)} could not be found.`);

/**
 * The id of the content the viewer asks to report, found as the viewer may see it: content they
 * may not see is NOT_FOUND, exactly as when they open it. Given both an id and a key, they must
 * name the same thing.
 */
async function findVisibleContentId(context: RequestContext, input: ReportInput): Promise<number> {
  const { type, typeId } = input;
  const key = input.key?.trim() || null;
  if (typeId == null && !key) throw badUserInput('typeId', 'Give the id or the key of what you report.');
  if (typeId != null && (!Number.isInteger(typeId) || typeId < 1)) throw notFound(type);
  const db = context.store.db;
  let id: number;
  if (type === 'EVENT') {
    let planKey = key;
    if (!planKey) {
      const [row] = await db.select({ key: plans.key }).from(plans).where(eq(plans.id, typeId!));
      if (!row) throw notFound(type);
      planKey = row.key;
    }
    id = (await findPlan(context, { key: planKey })).plan.id;
  } else if (type === 'GROUP') {
    id = (await findGroup(context, key ? { key } : { id: typeId! })).group.id;
  } else if (type === 'USER') {
    id = (await findVisibleUser(context, key ? { key } : { id: typeId! }, { hideBlocked: true })).id;
  } else {
    let messageKey = key;
    if (!messageKey) {
      const [row] = await db.select({ key: messages.key }).from(messages).where(eq(messages.id, typeId!));
      if (!row) throw notFound(type);
      messageKey = row.key;
    }
    const { message } = await findMessage(context, messageKey);
    // A deleted or already removed message has nothing left to report.
    if (message.deletedAt !== null || message.hiddenAt !== null) throw notFound(type);
    id = message.id;
  }
  if (typeId != null && typeId !== id) throw notFound(type);
  return id;
}

/**
 * reportModel (spec 7.3): a signed-in person reports a plan, group, person or message they can
 * see, for a reason that fits it. One open report per person and content: reporting again
 * replaces the reason and details. What the content said is kept with the report.
 */
export async function reportModel(
  context: RequestContext,
  reporterId: number,
  input: ReportInput,
): Promise<ReportRow> {
  if (!isReasonFor(input.type, input.reasonId))
    throw badUserInput(
      'reasonId',
      `Choose one of the reasons for reporting a ${reportModelNoun(input.type)}.`,
    );
  const details = (input.details ?? '').trim();
  if (details.length > REPORT_DETAILS_MAX_LENGTH)
    throw badUserInput('details', `Keep the details under ${REPORT_DETAILS_MAX_LENGTH} characters.`);
  const limit = await context.rateLimits.hit([
    { name: 'report-model', subject: `user:${reporterId}`, limit: REPORTS_PER_HOUR, windowSeconds: 3600 },
  ]);
  if (!limit.allowed) throw rateLimited(limit.retryAfterSeconds);

  const contentId = await findVisibleContentId(context, input);
  const content = await loadOneModeratedContent(context.store.db, input.type, contentId);
  if (!content) throw notFound(input.type);
  if (content.authorId === reporterId) {
    throw badUserInput(
      'typeId',
      input.type === 'USER'
        ? 'You cannot report yourself.'
        : `You cannot report your own ${reportModelNoun(input.type)}.`,
    );
  }
  const snapshot: ReportSnapshot = { title: content.title, text: content.text };
  const now = new Date();
  const [stored] = await context.store.db
    .insert(reports)
    .values({
      reporterId,
      type: input.type,
      contentId,
      authorId: content.authorId,
      reasonId: input.reasonId,
      details,
      snapshot,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [reports.reporterId, reports.type, reports.contentId],
      targetWhere: sql`status = 'OPEN'`,
      // The first snapshot stays: it is what the person saw first, whatever came after.
      set: { reasonId: input.reasonId, details, updatedAt: now },
    })
    .returning();
  return stored!;
}
