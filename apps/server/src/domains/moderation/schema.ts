import { and, desc, eq } from 'drizzle-orm';
import {
  MODERATION_ACTIONS,
  REPORT_MODEL_TYPES,
  REPORT_REASONS,
  REPORT_REASON_IDS,
  REPORT_STATUSES,
  moderationActionLabel,
  reportReason,
  type ModerationLogAction,
  type ReportModelType,
  type ReportReason,
} from '@plaza/core/moderation';
import { moderationActions } from '../../db/schema/index.ts';
import { builder } from '../../graphql/builder.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput } from '../../graphql/errors.ts';
import { MessageRef } from '../chats/schema-message.ts';
import { groupLoaders } from '../groups/group-loaders.ts';
import { GroupRef } from '../groups/group-type.ts';
import { planLoaders } from '../plans/plan-loaders.ts';
import { PlanRef } from '../plans/plan-type.ts';
import { decodeMarker, encodeMarker } from '../social/list-people.ts';
import { requireViewerUser } from '../users/require-viewer-user.ts';
import { MyselfRef, UserRef } from '../users/schema.ts';
import { grantAdmin, revokeAdmin } from './admin-role.ts';
import { listModerationLog, moderateContent, type ModerationActionRow } from './moderate-content.ts';
import { loadModeratedContent, type ModeratedContent } from './moderated-content.ts';
import { listModerationQueue, type ModerationItem } from './moderation-queue.ts';
import { reportModel, type ReportRow } from './report-model.ts';
import { listAdminIds, viewerIsAdmin, type AdminSource } from './site-admins.ts';

const LOG_PAGE_SIZE = 30;

const ReportModelTypeRef = builder.enumType('ReportModelType', {
  description: 'What is reported: a plan (event), a group, a person, or a chat message.',
  values: REPORT_MODEL_TYPES,
});
const ReportStatusRef = builder.enumType('ReportStatus', { values: REPORT_STATUSES });
const ModerationActionRef = builder.enumType('ModerationAction', {
  description:
    'HIDE/UNHIDE any content; BLOCK_EXPLORE/ENABLE_EXPLORE a plan or group; SUSPEND_USER/UNSUSPEND_USER the person or the content’s author; DISMISS the open reports.',
  values: MODERATION_ACTIONS,
});

const ReportReasonRef = builder.objectRef<ReportReason>('ReportReason').implement({
  fields: (t) => ({ id: t.exposeInt('id'), content: t.exposeString('content') }),
});

const reasonsOf = (ids: readonly number[]) => ids.map((id) => reportReason(id)!);

const ReportReasonsRef = builder.objectRef<Record<string, never>>('ReportReasons').implement({
  description: 'Spec 3: every reason, and the ones that fit each kind of content, in the order to show them.',
  fields: (t) => ({
    reasons: t.field({ type: [ReportReasonRef], resolve: () => [...REPORT_REASONS] }),
    events: t.field({ type: [ReportReasonRef], resolve: () => reasonsOf(REPORT_REASON_IDS.events) }),
    groups: t.field({ type: [ReportReasonRef], resolve: () => reasonsOf(REPORT_REASON_IDS.groups) }),
    users: t.field({ type: [ReportReasonRef], resolve: () => reasonsOf(REPORT_REASON_IDS.users) }),
    chatMessages: t.field({
      type: [ReportReasonRef],
      resolve: () => reasonsOf(REPORT_REASON_IDS.chatMessages),
    }),
  }),
});

const ReportSnapshotRef = builder.objectRef<{ title?: string; text?: string }>('ReportSnapshot').implement({
  description: 'What the content said when it was first reported.',
  fields: (t) => ({
    title: t.string({ resolve: (s) => s.title ?? '' }),
    text: t.string({ resolve: (s) => s.text ?? '' }),
  }),
});

const ReportRef = builder.objectRef<ReportRow>('Report').implement({
  description: 'One person’s report. Only the reporter and site administrators ever read one.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    type: t.field({ type: ReportModelTypeRef, resolve: (r) => r.type as ReportModelType }),
    typeId: t.exposeInt('contentId'),
    reason: t.field({ type: ReportReasonRef, resolve: (r) => reportReason(r.reasonId)! }),
    details: t.exposeString('details'),
    status: t.field({ type: ReportStatusRef, resolve: (r) => r.status as (typeof REPORT_STATUSES)[number] }),
    snapshot: t.field({ type: ReportSnapshotRef, resolve: (r) => r.snapshot }),
    reporter: t.field({
      type: UserRef,
      nullable: true,
      resolve: (r, _a, context) =>
        r.reporterId === null ? null : groupLoaders(context).user.load(r.reporterId),
    }),
    createdAt: t.string({ resolve: (r) => r.createdAt.toISOString() }),
    updatedAt: t.string({ resolve: (r) => r.updatedAt.toISOString() }),
  }),
});

const ModeratedContentRef = builder.objectRef<ModeratedContent>('ModeratedContent').implement({
  description: 'Reported content as a site administrator sees it, whoever else may.',
  fields: (t) => ({
    type: t.field({ type: ReportModelTypeRef, resolve: (c) => c.type }),
    typeId: t.exposeInt('id'),
    key: t.exposeString('key'),
    title: t.exposeString('title', { description: 'A title, a full name, or a message’s first words.' }),
    text: t.exposeString('text', { description: 'A description, a bio, or a message’s text.' }),
    path: t.exposeString('path', { nullable: true, description: 'Its web page (messages have none).' }),
    place: t.exposeString('place', { nullable: true, description: 'Which chat a message is in.' }),
    author: t.field({
      type: UserRef,
      nullable: true,
      resolve: (c, _a, context) => (c.authorId === null ? null : groupLoaders(context).user.load(c.authorId)),
    }),
    hiddenAt: t.string({ nullable: true, resolve: (c) => c.hiddenAt?.toISOString() ?? null }),
    exploreStatus: t.exposeString('exploreStatus', { nullable: true }),
    authorSuspendedAt: t.string({
      nullable: true,
      resolve: (c) => c.authorSuspendedAt?.toISOString() ?? null,
    }),
  }),
});

const ModerationLogEntryRef = builder.objectRef<ModerationActionRow>('ModerationLogEntry').implement({
  description: 'One line of the moderation log: who did what to which content, when and why.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    action: t.exposeString('action', {
      description: 'A ModerationAction, GRANT_ADMIN or REVOKE_ADMIN.',
    }),
    actionLabel: t.string({ resolve: (e) => moderationActionLabel(e.action as ModerationLogAction) }),
    type: t.field({ type: ReportModelTypeRef, resolve: (e) => e.type as ReportModelType }),
    typeId: t.exposeInt('contentId'),
    label: t.exposeString('label', { description: 'The content’s title or name when the action was taken.' }),
    note: t.exposeString('note'),
    reportCount: t.exposeInt('reportCount', { description: 'Open reports the action closed.' }),
    createdAt: t.string({ resolve: (e) => e.createdAt.toISOString() }),
    actor: t.field({
      type: UserRef,
      nullable: true,
      resolve: (e, _a, context) => (e.actorId === null ? null : groupLoaders(context).user.load(e.actorId)),
    }),
    subject: t.field({
      type: UserRef,
      nullable: true,
      description: 'The account suspended, restored, or given or denied the administrator role.',
      resolve: (e, _a, context) =>
        e.subjectUserId === null ? null : groupLoaders(context).user.load(e.subjectUserId),
    }),
    content: t.field({
      type: ModeratedContentRef,
      nullable: true,
      description: 'The content as it is now; null once deleted.',
      resolve: async (e, _a, context) =>
        (await loadModeratedContent(context.store.db, e.type as ReportModelType, [e.contentId])).get(
          e.contentId,
        ) ?? null,
    }),
  }),
});

interface ReasonCount {
  reasonId: number;
  count: number;
}

const ReasonCountRef = builder.objectRef<ReasonCount>('ReportReasonCount').implement({
  fields: (t) => ({
    reason: t.field({ type: ReportReasonRef, resolve: (r) => reportReason(r.reasonId)! }),
    count: t.exposeInt('count'),
  }),
});

const ModerationItemRef = builder.objectRef<ModerationItem>('ModerationItem').implement({
  description: 'The reports of one piece of content in one status: a line of the moderation queue.',
  fields: (t) => ({
    type: t.field({ type: ReportModelTypeRef, resolve: (i) => i.type }),
    typeId: t.exposeInt('contentId'),
    status: t.field({ type: ReportStatusRef, resolve: (i) => i.status }),
    reportCount: t.exposeInt('reportCount'),
    reasons: t.field({ type: [ReasonCountRef], resolve: (i) => i.reasons }),
    firstReportedAt: t.string({ resolve: (i) => i.firstReportedAt.toISOString() }),
    lastReportedAt: t.string({ resolve: (i) => i.lastReportedAt.toISOString() }),
    content: t.field({
      type: ModeratedContentRef,
      nullable: true,
      description: 'Null when the content was deleted since.',
      resolve: (i) => i.content,
    }),
    reports: t.field({
      type: [ReportRef],
      description: 'The newest reports (at most 20).',
      resolve: (i) => i.reports,
    }),
    actions: t.field({
      type: [ModerationLogEntryRef],
      description: 'What moderators did to this content, the latest first (at most 5).',
      resolve: (i, _a, context) =>
        context.store.db
          .select()
          .from(moderationActions)
          .where(and(eq(moderationActions.type, i.type), eq(moderationActions.contentId, i.contentId)))
          .orderBy(desc(moderationActions.id))
          .limit(5),
    }),
  }),
});

const ModerationQueueRef = builder
  .objectRef<{ items: ModerationItem[]; nextMarker: string | null }>('ModerationQueue')
  .implement({
    fields: (t) => ({
      items: t.field({ type: [ModerationItemRef], resolve: (q) => q.items }),
      nextMarker: t.exposeString('nextMarker', { nullable: true }),
    }),
  });

const ModerationLogRef = builder
  .objectRef<{ entries: ModerationActionRow[]; nextMarker: string | null }>('ModerationLog')
  .implement({
    fields: (t) => ({
      entries: t.field({ type: [ModerationLogEntryRef], resolve: (l) => l.entries }),
      nextMarker: t.exposeString('nextMarker', { nullable: true }),
    }),
  });

const SiteAdminRef = builder.objectRef<{ userId: number; source: AdminSource }>('SiteAdmin').implement({
  fields: (t) => ({
    user: t.field({
      type: UserRef,
      nullable: true,
      resolve: (a, _args, context) => groupLoaders(context).user.load(a.userId),
    }),
    source: t.exposeString('source', {
      description: 'CONFIGURATION (PLAZA_ADMINS: cannot be revoked in the app) or GRANTED.',
    }),
  }),
});

async function viewerId(context: RequestContext): Promise<number> {
  return (await requireViewerUser(context)).id;
}

builder.queryFields((t) => ({
  reportReasons: t.field({
    type: ReportReasonsRef,
    authScopes: { public: true },
    description: 'Spec 7.2: the reasons a report may give, and the lists for each kind of content.',
    resolve: () => ({}),
  }),
  moderationQueue: t.field({
    type: ModerationQueueRef,
    authScopes: { admin: true },
    description:
      'Site administrators: reported content with reports in this status, the latest reported first.',
    args: {
      status: t.arg({ type: ReportStatusRef, defaultValue: 'OPEN' }),
      marker: t.arg.string(),
    },
    resolve: (_root, args, context) =>
      listModerationQueue(context.store.db, args.status ?? 'OPEN', args.marker),
  }),
  moderationLog: t.field({
    type: ModerationLogRef,
    authScopes: { admin: true },
    description: 'Site administrators: every moderation action, the latest first.',
    args: { marker: t.arg.string() },
    resolve: async (_root, args, context) => {
      const offset = args.marker ? decodeMarker(args.marker) : { list: 'moderation-log', offset: 0 };
      if (offset.list !== 'moderation-log')
        throw badUserInput('marker', 'This paging marker belongs to another list.');
      const entries = await listModerationLog(context.store.db, offset.offset, LOG_PAGE_SIZE + 1);
      return {
        entries: entries.slice(0, LOG_PAGE_SIZE),
        nextMarker:
          entries.length > LOG_PAGE_SIZE
            ? encodeMarker('moderation-log', offset.offset + LOG_PAGE_SIZE)
            : null,
      };
    },
  }),
  siteAdmins: t.field({
    type: [SiteAdminRef],
    authScopes: { admin: true },
    description: 'Site administrators: who holds the role, and how.',
    resolve: (_root, _args, context) => listAdminIds(context.store.db, context.config.admins),
  }),
}));

builder.mutationFields((t) => ({
  reportModel: t.field({
    type: ReportRef,
    authScopes: { signedIn: true },
    description:
      'Spec 7.3: report a plan (EVENT), group, person (USER) or chat message the caller can see, by typeId or key. Reporting the same content again while the report is open updates it.',
    args: {
      type: t.arg({ type: ReportModelTypeRef, required: true }),
      typeId: t.arg.int(),
      reasonId: t.arg.int({ required: true }),
      key: t.arg.string(),
      details: t.arg.string({ description: 'Optional words for the moderators (at most 1000 characters).' }),
    },
    resolve: async (_root, args, context) =>
      reportModel(context, await viewerId(context), {
        type: args.type,
        typeId: args.typeId,
        key: args.key,
        reasonId: args.reasonId,
        details: args.details,
      }),
  }),
  moderateContent: t.field({
    type: ModerationLogEntryRef,
    authScopes: { admin: true },
    description:
      'Site administrators: act on content (by typeId or key). Recorded in the moderation log; closes the content’s open reports.',
    args: {
      type: t.arg({ type: ReportModelTypeRef, required: true }),
      typeId: t.arg.int(),
      key: t.arg.string(),
      action: t.arg({ type: ModerationActionRef, required: true }),
      note: t.arg.string(),
    },
    resolve: async (_root, args, context) =>
      moderateContent(context, await viewerId(context), {
        type: args.type,
        typeId: args.typeId,
        key: args.key,
        action: args.action,
        note: args.note,
      }),
  }),
  grantAdmin: t.field({
    type: UserRef,
    authScopes: { admin: true },
    description: 'Site administrators: make this person an administrator too.',
    args: { userId: t.arg.int({ required: true }) },
    resolve: async (_root, args, context) => grantAdmin(context, await viewerId(context), args.userId),
  }),
  revokeAdmin: t.field({
    type: UserRef,
    authScopes: { admin: true },
    description:
      'Site administrators: take the role from someone granted it in the app (never from those named by PLAZA_ADMINS, never from the last one).',
    args: { userId: t.arg.int({ required: true }) },
    resolve: async (_root, args, context) => revokeAdmin(context, await viewerId(context), args.userId),
  }),
}));

builder.objectField(MyselfRef, 'isAdmin', (t) =>
  t.boolean({
    description: 'A site administrator: the web shows the moderation area (decision 0018).',
    resolve: (_myself, _args, context) => viewerIsAdmin(context),
  }),
);

builder.objectField(PlanRef, 'hiddenByModerator', (t) =>
  t.boolean({
    description: 'A moderator hid this plan: only its creator and site administrators still see it.',
    resolve: async (plan, _args, context) => (await planLoaders(context).row.load(plan.id))?.hiddenAt != null,
  }),
);

builder.objectField(GroupRef, 'hiddenByModerator', (t) =>
  t.boolean({
    description: 'A moderator hid this group: only its creator and site administrators still see it.',
    resolve: async (group, _args, context) =>
      (await groupLoaders(context).row.load(group.id))?.hiddenAt != null,
  }),
);

builder.objectField(MessageRef, 'removedByModerator', (t) =>
  t.boolean({
    description: 'A moderator hid this message: its text and attachments are withheld from everyone.',
    resolve: (message) => message.hiddenAt !== null,
  }),
);
