import type { ModerationAction, ReportModelType, ReportStatus } from '@plaza/core/moderation';

// The moderation area's queries and shapes (decision 0018).

export const PERSON_FIELDS = 'id username fullName image';

const CONTENT_FIELDS = `type typeId key title text path place hiddenAt exploreStatus authorSuspendedAt
  author { ${PERSON_FIELDS} }`;

const LOG_ENTRY_FIELDS = `id action actionLabel type typeId label note reportCount createdAt
  actor { ${PERSON_FIELDS} } subject { ${PERSON_FIELDS} }`;

export const QUEUE_QUERY = `query ModerationQueue($status: ReportStatus!, $marker: String) {
  moderationQueue(status: $status, marker: $marker) {
    nextMarker
    items {
      type typeId status reportCount firstReportedAt lastReportedAt
      reasons { reason { id content } count }
      content { ${CONTENT_FIELDS} }
      reports { id details createdAt updatedAt reason { content } snapshot { title text } reporter { ${PERSON_FIELDS} } }
      actions { ${LOG_ENTRY_FIELDS} }
    }
  }
}`;

export const LOG_QUERY = `query ModerationLog($marker: String) {
  moderationLog(marker: $marker) { nextMarker entries { ${LOG_ENTRY_FIELDS} content { path } } }
  siteAdmins { source user { ${PERSON_FIELDS} } }
}`;

export const MODERATE_MUTATION = `mutation ModerateContent($type: ReportModelType!, $typeId: Int!, $action: ModerationAction!, $note: String) {
  moderateContent(type: $type, typeId: $typeId, action: $action, note: $note) { id }
}`;

export interface ModerationPerson {
  id: number;
  username: string;
  fullName: string;
  image: string | null;
}

export interface ModeratedContent {
  type: ReportModelType;
  typeId: number;
  key: string;
  title: string;
  text: string;
  path: string | null;
  place: string | null;
  hiddenAt: string | null;
  exploreStatus: string | null;
  authorSuspendedAt: string | null;
  author: ModerationPerson | null;
}

export interface ModerationLogEntry {
  id: number;
  action: string;
  actionLabel: string;
  type: ReportModelType;
  typeId: number;
  label: string;
  note: string;
  reportCount: number;
  createdAt: string;
  actor: ModerationPerson | null;
  subject: ModerationPerson | null;
  content?: { path: string | null } | null;
}

export interface ModerationReport {
  id: number;
  details: string;
  createdAt: string;
  updatedAt: string;
  reason: { content: string };
  snapshot: { title: string; text: string };
  reporter: ModerationPerson | null;
}

export interface ModerationItem {
  type: ReportModelType;
  typeId: number;
  status: ReportStatus;
  reportCount: number;
  firstReportedAt: string;
  lastReportedAt: string;
  reasons: Array<{ reason: { id: number; content: string }; count: number }>;
  content: ModeratedContent | null;
  reports: ModerationReport[];
  actions: ModerationLogEntry[];
}

export const QUEUE_TABS: ReadonlyArray<{ status: ReportStatus; label: string; path: string }> = [
  { status: 'OPEN', label: 'Open', path: '/admin/reports' },
  { status: 'RESOLVED', label: 'Resolved', path: '/admin/reports?status=resolved' },
  { status: 'DISMISSED', label: 'Dismissed', path: '/admin/reports?status=dismissed' },
];

export function statusFromSearch(search: URLSearchParams): ReportStatus {
  const value = (search.get('status') ?? '').toUpperCase();
  return value === 'RESOLVED' || value === 'DISMISSED' ? value : 'OPEN';
}

const TYPE_LABELS: Record<ReportModelType, string> = {
  EVENT: 'Plan',
  GROUP: 'Group',
  USER: 'Person',
  CHAT_MESSAGE: 'Message',
};

export function typeLabel(type: ReportModelType): string {
  return TYPE_LABELS[type];
}

export interface ActionButton {
  action: ModerationAction;
  label: string;
}

/** The actions that make sense for this content as it is now, in the order to offer them. */
export function actionsFor(item: {
  type: ReportModelType;
  content: ModeratedContent | null;
  status: ReportStatus;
}): ActionButton[] {
  const content = item.content;
  if (!content) return item.status === 'OPEN' ? [{ action: 'DISMISS', label: 'Dismiss reports' }] : [];
  const buttons: ActionButton[] = [];
  const noun = TYPE_LABELS[item.type].toLowerCase();
  buttons.push(
    content.hiddenAt
      ? { action: 'UNHIDE', label: `Show ${noun} again` }
      : {
          action: 'HIDE',
          label: item.type === 'CHAT_MESSAGE' ? 'Remove message' : `Hide ${noun}`,
        },
  );
  if (item.type === 'EVENT' || item.type === 'GROUP') {
    buttons.push(
      content.exploreStatus === 'BLOCKED'
        ? { action: 'ENABLE_EXPLORE', label: 'Allow in explore' }
        : { action: 'BLOCK_EXPLORE', label: 'Block from explore' },
    );
  }
  if (content.author) {
    buttons.push(
      content.authorSuspendedAt
        ? { action: 'UNSUSPEND_USER', label: 'Lift suspension' }
        : {
            action: 'SUSPEND_USER',
            label: item.type === 'USER' ? 'Suspend account' : 'Suspend author',
          },
    );
  }
  if (item.status === 'OPEN') buttons.push({ action: 'DISMISS', label: 'Dismiss reports' });
  return buttons;
}

/** "3 Nov, 14:05": short enough for a list, in the reader's zone once in the browser. */
export function shortWhen(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: timeZone ?? 'UTC',
  }).format(new Date(iso));
}
