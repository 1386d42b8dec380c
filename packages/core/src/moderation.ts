/**
 * Reports and moderation (spec 3 "Report reasons", 7.3 reportModel; decision 0018): the reasons a
 * person may give, which of them fit each kind of content, and what a site administrator may do
 * to each kind. Server and web read these; neither keeps its own copy.
 */

/** What can be reported: a plan (event), a group, a person, or a chat message. */
export const REPORT_MODEL_TYPES = ['EVENT', 'GROUP', 'USER', 'CHAT_MESSAGE'] as const;
export type ReportModelType = (typeof REPORT_MODEL_TYPES)[number];

export interface ReportReason {
  id: number;
  content: string;
}

/** The built-in reasons. Ids are stored with reports: never renumber, only add. */
export const REPORT_REASONS: readonly ReportReason[] = [
  { id: 1, content: 'Spam' },
  { id: 2, content: 'Harassment or bullying' },
  { id: 3, content: 'Hate speech or symbols' },
  { id: 4, content: 'Violence or threats' },
  { id: 5, content: 'Nudity or sexual content' },
  { id: 6, content: 'Scam or fraud' },
  { id: 7, content: 'Impersonation' },
  { id: 8, content: 'Self-harm or suicide' },
  { id: 9, content: 'Selling illegal goods' },
  { id: 10, content: 'False information' },
  { id: 11, content: 'Something else' },
];

/** The reason lists of spec 3, named as the spec names them. */
export type ReportReasonList = 'events' | 'groups' | 'users' | 'chatMessages';

/** Which reasons fit each kind of content, in the order a form shows them ("Something else" last). */
export const REPORT_REASON_IDS: Readonly<Record<ReportReasonList, readonly number[]>> = {
  events: [1, 6, 4, 3, 5, 9, 10, 2, 11],
  groups: [1, 3, 2, 6, 7, 4, 5, 9, 10, 11],
  users: [2, 7, 1, 3, 6, 5, 4, 8, 11],
  chatMessages: [2, 1, 3, 4, 5, 6, 8, 9, 10, 11],
};

const LIST_OF: Record<ReportModelType, ReportReasonList> = {
  EVENT: 'events',
  GROUP: 'groups',
  USER: 'users',
  CHAT_MESSAGE: 'chatMessages',
};

export function isReportModelType(value: unknown): value is ReportModelType {
  return typeof value === 'string' && (REPORT_MODEL_TYPES as readonly string[]).includes(value);
}

export function reasonListOf(type: ReportModelType): ReportReasonList {
  return LIST_OF[type];
}

export function reportReason(id: number): ReportReason | null {
  return REPORT_REASONS.find((reason) => reason.id === id) ?? null;
}

/** The reasons a person may give for this kind of content, in form order. */
export function reasonsFor(type: ReportModelType): ReportReason[] {
  return REPORT_REASON_IDS[LIST_OF[type]].map((id) => reportReason(id)!);
}

export function isReasonFor(type: ReportModelType, reasonId: number): boolean {
  return REPORT_REASON_IDS[LIST_OF[type]].includes(reasonId);
}

/** Optional words a reporter adds; longer text is refused, not cut. */
export const REPORT_DETAILS_MAX_LENGTH = 1000;
/** A moderator's note on an action. */
export const MODERATION_NOTE_MAX_LENGTH = 1000;
/** Reports one person may send in an hour. */
export const REPORTS_PER_HOUR = 20;

/** Where a report stands: open until a moderator acts on its content or dismisses it. */
export const REPORT_STATUSES = ['OPEN', 'RESOLVED', 'DISMISSED'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What a site administrator may do to reported content (or to its author). */
export const MODERATION_ACTIONS = [
  'HIDE',
  'UNHIDE',
  'BLOCK_EXPLORE',
  'ENABLE_EXPLORE',
  'SUSPEND_USER',
  'UNSUSPEND_USER',
  'DISMISS',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Everything the moderation log records: the actions above and changes of the administrator role. */
export type ModerationLogAction = ModerationAction | 'GRANT_ADMIN' | 'REVOKE_ADMIN';

/**
 * Whether an action applies to a kind of content. Explore status belongs to plans and groups;
 * suspending acts on a person, or on the author of the plan, group or message.
 */
export function actionAppliesTo(action: ModerationAction, type: ReportModelType): boolean {
  if (action === 'BLOCK_EXPLORE' || action === 'ENABLE_EXPLORE') return type === 'EVENT' || type === 'GROUP';
  return true;
}

/** The status an action gives the open reports of its content. */
export function reportStatusAfter(action: ModerationAction): Exclude<ReportStatus, 'OPEN'> {
  return action === 'DISMISS' ? 'DISMISSED' : 'RESOLVED';
}

/** Shown in place of a chat message a moderator hid. */
export const REMOVED_MESSAGE_TEXT = 'This message was removed by a moderator.';
/** The toast after a report is sent. */
export const REPORT_THANKS = 'Thanks, we will look at it.';

const ACTION_LABELS: Record<ModerationLogAction, string> = {
  HIDE: 'Hidden',
  UNHIDE: 'Shown again',
  BLOCK_EXPLORE: 'Blocked from explore',
  ENABLE_EXPLORE: 'Allowed in explore',
  SUSPEND_USER: 'Account suspended',
  UNSUSPEND_USER: 'Suspension lifted',
  DISMISS: 'Reports dismissed',
  GRANT_ADMIN: 'Made administrator',
  REVOKE_ADMIN: 'Administrator role removed',
};

/** What an entry of the moderation log did, in a few words ("Hidden", "Account suspended"). */
export function moderationActionLabel(action: ModerationLogAction): string {
  return ACTION_LABELS[action];
}

const TYPE_NOUNS: Record<ReportModelType, string> = {
  EVENT: 'plan',
  GROUP: 'group',
  USER: 'person',
  CHAT_MESSAGE: 'message',
};

export function reportModelNoun(type: ReportModelType): string {
  return TYPE_NOUNS[type];
}
