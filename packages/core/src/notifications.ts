/**
 * Activity and notification rules (spec 3 "Activity", issue 8, decision 0014): the kinds of
 * activity, which channels each reaches by default, quiet hours and the feed's "time ago".
 * Pure functions; the server stores and delivers, the web shows.
 */

/** Every kind of activity; also the `type` of `clearNotifications` (with ALL). */
export const ACTIVITY_TYPES = [
  'FRIEND_REQUEST',
  'FRIEND_ACCEPTED',
  'FOLLOW',
  'FOLLOW_REQUEST',
  'FOLLOW_ACCEPTED',
  'GROUP_JOIN_REQUEST',
  'GROUP_JOIN_APPROVED',
  'GROUP_INVITE',
  'PLAN_INVITE',
  'PLAN_RESPONSE',
  'PLAN_UPDATED',
  'PLAN_CANCELLED',
  'MENTION',
  'THREAD_REPLY',
  'POLL_RESULT',
  'PLAN_REMINDER',
  'SUGGESTION',
] as const;

export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export function isActivityType(value: unknown): value is ActivityType {
  return typeof value === 'string' && (ACTIVITY_TYPES as readonly string[]).includes(value);
}

export const NOTIFICATION_CHANNELS = ['IN_APP', 'PUSH', 'EMAIL'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export type ChannelChoice = Record<NotificationChannel, boolean>;

interface ActivityTypeInfo {
  /** What the settings page calls the kind. */
  label: string;
  /** The settings page groups kinds under these headings. */
  section: 'People' | 'Groups' | 'Plans' | 'Chats' | 'Suggestions';
  defaults: ChannelChoice;
}

const all: ChannelChoice = { IN_APP: true, PUSH: true, EMAIL: true };
const appAndPush: ChannelChoice = { IN_APP: true, PUSH: true, EMAIL: false };
const appOnly: ChannelChoice = { IN_APP: true, PUSH: false, EMAIL: false };

/**
 * The default channels of each kind: what a person must not miss reaches them everywhere; what is
 * merely nice to know stays in the feed. People change any of it on the settings page.
 */
export const ACTIVITY_TYPE_INFO: Record<ActivityType, ActivityTypeInfo> = {
  FRIEND_REQUEST: { label: 'Friend requests', section: 'People', defaults: all },
  FRIEND_ACCEPTED: { label: 'Accepted friend requests', section: 'People', defaults: appAndPush },
  FOLLOW: { label: 'New followers', section: 'People', defaults: appOnly },
  FOLLOW_REQUEST: { label: 'Follow requests', section: 'People', defaults: appAndPush },
  FOLLOW_ACCEPTED: { label: 'Accepted follow requests', section: 'People', defaults: appOnly },
  GROUP_JOIN_REQUEST: { label: 'Requests to join my groups', section: 'Groups', defaults: all },
  GROUP_JOIN_APPROVED: { label: 'Approved join requests', section: 'Groups', defaults: all },
  GROUP_INVITE: { label: 'Group invitations', section: 'Groups', defaults: all },
  PLAN_INVITE: { label: 'Plan invitations', section: 'Plans', defaults: all },
  PLAN_RESPONSE: { label: 'Answers to my plans', section: 'Plans', defaults: appAndPush },
  PLAN_UPDATED: { label: 'Changes to my plans', section: 'Plans', defaults: all },
  PLAN_CANCELLED: { label: 'Cancelled plans', section: 'Plans', defaults: all },
  PLAN_REMINDER: { label: 'Plan reminders', section: 'Plans', defaults: all },
  MENTION: { label: 'Mentions', section: 'Chats', defaults: all },
  THREAD_REPLY: { label: 'Replies in my threads', section: 'Chats', defaults: appAndPush },
  POLL_RESULT: { label: 'Votes in my polls', section: 'Chats', defaults: appOnly },
  SUGGESTION: { label: 'Suggestions', section: 'Suggestions', defaults: appOnly },
};

/** A person's saved choices override the defaults kind by kind and channel by channel. */
export function channelsFor(
  type: ActivityType,
  saved: Partial<ChannelChoice> | null | undefined,
): ChannelChoice {
  const defaults = ACTIVITY_TYPE_INFO[type].defaults;
  return {
    IN_APP: saved?.IN_APP ?? defaults.IN_APP,
    PUSH: saved?.PUSH ?? defaults.PUSH,
    EMAIL: saved?.EMAIL ?? defaults.EMAIL,
  };
}

/** Quiet hours: minutes after local midnight; start after end spans midnight (22:00–07:00). */
export interface QuietHours {
  start: number;
  end: number;
  timeZone: string;
}

export const MINUTES_PER_DAY = 24 * 60;

export function isValidQuietMinute(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value < MINUTES_PER_DAY;
}

/** Minutes after local midnight at `at` in `timeZone`. */
export function localMinute(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return hour * 60 + minute;
}

export function inQuietHours(at: Date, quiet: QuietHours | null | undefined): boolean {
  if (!quiet || quiet.start === quiet.end) return false;
  const now = localMinute(at, quiet.timeZone);
  return quiet.start < quiet.end
    ? now >= quiet.start && now < quiet.end
    : now >= quiet.start || now < quiet.end;
}

/**
 * The first moment at or after `at` outside the quiet hours (to the minute), or `at` itself when
 * it is not quiet. Walks minute by minute at most a day, so a daylight-saving change is handled
 * by the zone's own clock.
 */
export function quietHoursEnd(at: Date, quiet: QuietHours | null | undefined): Date {
  if (!inQuietHours(at, quiet)) return at;
  const start = new Date(Math.ceil(at.getTime() / 60_000) * 60_000);
  for (let step = 0; step <= MINUTES_PER_DAY + 60; step += 1) {
    const candidate = new Date(start.getTime() + step * 60_000);
    if (!inQuietHours(candidate, quiet)) return candidate;
  }
  return at;
}

/** "09:30" for 570. */
export function formatQuietMinute(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** 570 for "09:30"; null when the text is not a 24-hour time. */
export function parseQuietMinute(text: string): number | null {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** The feed's short age: "now", "5m", "3h", "2d", "4w", then "Mar 3" or "Mar 3, 2025". */
export function timeAgo(from: Date, now: Date, timeZone = 'UTC'): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - from.getTime()) / 1000));
  if (seconds < 60) return 'now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days}d`;
  if (days < 28) return `${Math.floor(days / 7)}w`;
  const sameYear =
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(from) ===
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(now);
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(from);
}

/** Badge text: the count, or "99+" past 99; empty for none. */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > 99 ? '99+' : String(count);
}

/** Activities per page of the feed. */
export const ACTIVITY_PAGE_SIZE = 30;
/** A notification e-mail waits this long and is not sent when the activity was seen meanwhile. */
export const NOTIFICATION_EMAIL_DELAY_MS = 10 * 60_000;
/** Away this long, a person gets the daily digest of what they have not seen. */
export const DIGEST_AWAY_MS = 24 * 60 * 60_000;
/** Local hour at which the daily digest goes out. */
export const DIGEST_LOCAL_HOUR = 9;
/** Activities listed in one digest at most (the rest as "and N more"). */
export const DIGEST_MAX_ITEMS = 20;
