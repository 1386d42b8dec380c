import { sql } from 'drizzle-orm';
import { quietHoursEnd, type ActivityType, type QuietHours } from '@plaza/core/notifications';
import type { Database } from '../../db/client.ts';
import type { ActivitySuggestion } from '../../db/schema/index.ts';
import type { Platform } from '../../graphql/context.ts';
import { scheduleJob, type ClaimedJob, type JobRunner } from '../../platform/jobs/jobs.ts';
import { rows } from '../social/social-sql.ts';
import { loadActivityPeople } from './list-activities.ts';
import { ACTIVITY_CHANNEL_JOB, channelsOf, isMuted } from './record-activity.ts';

/** One stored activity, as channels see it. */
export interface ActivityRow {
  id: number;
  receiverId: number;
  creatorId: number | null;
  type: ActivityType;
  action: string;
  modelType: string;
  modelId: number;
  to: string;
  href: string;
  message: string;
  suggestion: ActivitySuggestion | null;
  subject: string | null;
  inApp: boolean;
  readAt: Date | null;
  createdAt: Date;
}

export interface ActivityPerson {
  id: number;
  username: string;
  first: string;
  last: string;
  image: string | null;
}

/** Everything a channel needs to tell one person of one activity. */
export interface ActivityDelivery {
  activity: ActivityRow;
  receiver: ActivityPerson & { email: string | null; emailVerified: boolean };
  creator: ActivityPerson | null;
  /** The activity's page, absolute (PUBLIC_URL + href). */
  url: string;
}

/** A way out of Plaza to the person: Web Push and native push, e-mail. */
export interface ActivityChannel {
  name: 'PUSH' | 'EMAIL';
  deliver(delivery: ActivityDelivery, now: Date): Promise<void>;
}

interface ActivitySqlRow {
  id: number;
  receiver_id: number;
  creator_id: number | null;
  type: ActivityType;
  action: string;
  model_type: string;
  model_id: number;
  to: string;
  href: string;
  message: string;
  suggestion: ActivitySuggestion | string | null;
  subject: string | null;
  in_app: boolean;
  read_at: string | Date | null;
  created_at: string | Date;
}

export const ACTIVITY_COLUMNS = sql`id, receiver_id, creator_id, type, action, model_type, model_id, "to",
  href, message, suggestion, subject, in_app, read_at, created_at`;

export function activityOf(row: ActivitySqlRow): ActivityRow {
  return {
    id: Number(row.id),
    receiverId: Number(row.receiver_id),
    creatorId: row.creator_id === null ? null : Number(row.creator_id),
    type: row.type,
    action: row.action,
    modelType: row.model_type,
    modelId: Number(row.model_id),
    to: row.to,
    href: row.href,
    message: row.message,
    suggestion:
      typeof row.suggestion === 'string'
        ? (JSON.parse(row.suggestion) as ActivitySuggestion)
        : row.suggestion,
    subject: row.subject,
    inApp: row.in_app,
    readAt: row.read_at === null ? null : new Date(row.read_at),
    createdAt: new Date(row.created_at),
  };
}

export async function loadActivity(db: Database, id: number): Promise<ActivityRow | null> {
  const [row] = await rows<ActivitySqlRow>(
    db,
    sql`SELECT ${ACTIVITY_COLUMNS} FROM activities WHERE id = ${id}`,
  );
  return row ? activityOf(row) : null;
}

/** The person's quiet hours, or null when they have none. */
export async function quietHoursOf(db: Database, userId: number): Promise<QuietHours | null> {
  const [row] = await rows<{
    quiet_start: number | null;
    quiet_end: number | null;
    time_zone: string | null;
  }>(db, sql`SELECT quiet_start, quiet_end, time_zone FROM notification_settings WHERE user_id = ${userId}`);
  if (!row || row.quiet_start === null || row.quiet_end === null) return null;
  return { start: Number(row.quiet_start), end: Number(row.quiet_end), timeZone: row.time_zone ?? 'UTC' };
}

/**
 * Runs one channel of one activity (decision 0014). Nothing goes out when the activity is gone,
 * was folded into a newer one (its time changed), was seen meanwhile, is now muted, or the
 * person turned the channel off since; in quiet hours the job waits for their end.
 */
async function runChannelJob(
  platform: Platform,
  channels: ReadonlyMap<string, ActivityChannel>,
  job: ClaimedJob,
  now: Date,
): Promise<void> {
  const { activityId, channel: name, createdAt } = job.payload;
  if (typeof activityId !== 'number' || typeof name !== 'string' || typeof createdAt !== 'number') return;
  const channel = channels.get(name);
  if (!channel) return;
  const db = platform.store.db;
  const activity = await loadActivity(db, activityId);
  if (!activity || activity.createdAt.getTime() !== createdAt || activity.readAt !== null) return;
  const choice = await channelsOf(db, activity.receiverId, activity.type);
  if (!choice[channel.name]) return;
  if (await isMuted(db, activity.receiverId, activity.subject, activity.type, now)) return;
  const quiet = await quietHoursOf(db, activity.receiverId);
  const end = quietHoursEnd(now, quiet);
  if (end.getTime() !== now.getTime()) {
    await scheduleJob(db, {
      kind: ACTIVITY_CHANNEL_JOB,
      runAt: end,
      payload: job.payload,
      uniqueKey: `activity:${activityId}:${name}:${createdAt}:after-quiet`,
      subject: `activity:${activityId}`,
    });
    return;
  }
  const people = await loadActivityPeople(
    db,
    [activity.receiverId, activity.creatorId].filter((id): id is number => id !== null),
  );
  const receiver = people.get(activity.receiverId);
  if (!receiver) return;
  const creator = activity.creatorId === null ? null : (people.get(activity.creatorId) ?? null);
  await channel.deliver(
    { activity, receiver, creator, url: new URL(activity.href, platform.config.publicUrl).toString() },
    now,
  );
}

/** Registers the channel job with the runner; `channels` are the ways out this process has. */
export function registerActivityJobs(
  jobs: JobRunner,
  platform: Platform,
  channels: readonly ActivityChannel[],
): void {
  const byName = new Map(channels.map((c) => [c.name, c]));
  jobs.register(ACTIVITY_CHANNEL_JOB, (job, { now }) => runChannelJob(platform, byName, job, now));
}
