import { sql } from 'drizzle-orm';
import {
  channelsFor,
  NOTIFICATION_EMAIL_DELAY_MS,
  type ActivityType,
  type ChannelChoice,
} from '@plaza/core/notifications';
import type { Database } from '../../db/client.ts';
import type { ActivitySuggestion } from '../../db/schema/index.ts';
import type { Platform } from '../../graphql/context.ts';
import { scheduleJob } from '../../platform/jobs/jobs.ts';
import { rows } from '../social/social-sql.ts';
import { isBlockedBetween } from '../social/ties.ts';

/** The channel jobs (payload: activityId, channel, createdAt): one per channel, retried on its own. */
export const ACTIVITY_CHANNEL_JOB = 'activity.channel';

export type ActivityModelType = 'User' | 'Group' | 'Plan' | 'Message';

/** What happened, for whom (decision 0014). */
export interface ActivityInput {
  receiverId: number;
  /** Who did it; null for Plaza itself (reminders, suggestions). */
  creatorId: number | null;
  type: ActivityType;
  /** A verb: requested, accepted, invited, answered, changed, cancelled, mentioned, replied… */
  action: string;
  model: { type: ActivityModelType; id: number };
  /** The thing's name as shown (spec 3 `to`), e.g. a plan title. */
  to?: string;
  /** Path in the web app, starting with `/`. */
  href: string;
  /** The feed's sentence, e.g. "Ana Lima wants to be your friend". */
  message: string;
  suggestion?: ActivitySuggestion | null;
  /** plan:<id>, group:<id> or chat:<id>: what a mute silences. */
  subject?: string | null;
  /** Repeats with the same key fold into one row, moved to the top and unread again. */
  collapseKey?: string | null;
}

/** Channel delays: push at once; an e-mail waits and is dropped if the activity was seen meanwhile. */
export const CHANNEL_DELAY_MS: Record<'PUSH' | 'EMAIL', number> = {
  PUSH: 0,
  EMAIL: NOTIFICATION_EMAIL_DELAY_MS,
};

/** A row of notification_preferences: a null column keeps the kind's default for that channel. */
export interface SavedPreferenceRow {
  in_app: boolean | null;
  push: boolean | null;
  email: boolean | null;
}

/** A person's channels for a kind from their saved row (or none): the saved choice over the default. */
export function channelsFromRow(
  type: ActivityType,
  saved: SavedPreferenceRow | null | undefined,
): ChannelChoice {
  return channelsFor(
    type,
    saved
      ? { IN_APP: saved.in_app ?? undefined, PUSH: saved.push ?? undefined, EMAIL: saved.email ?? undefined }
      : null,
  );
}

/** The person's channels for a kind: their saved choice over the default. */
export async function channelsOf(db: Database, userId: number, type: ActivityType): Promise<ChannelChoice> {
  const [saved] = await rows<SavedPreferenceRow>(
    db,
    sql`SELECT in_app, push, email FROM notification_preferences WHERE user_id = ${userId} AND type = ${type}`,
  );
  return channelsFromRow(type, saved);
}

/**
 * Whether `subject` is muted for the person at `now`: a plan or group mute, or for chat:<id> the
 * chat's own mute. A mention still reaches someone who muted the chat (as in Discord); a plan or
 * group mute silences everything about it.
 */
export async function isMuted(
  db: Database,
  userId: number,
  subject: string | null | undefined,
  type: ActivityType,
  now: Date,
): Promise<boolean> {
  if (!subject) return false;
  const at = now.toISOString();
  if (subject.startsWith('chat:')) {
    if (type === 'MENTION') return false;
    const chatId = Number(subject.slice(5));
    const [row] = await rows<{ muted: boolean }>(
      db,
      sql`SELECT (mute_until IS NOT NULL AND mute_until > ${at}::timestamptz) AS muted
          FROM chat_members WHERE chat_id = ${chatId} AND user_id = ${userId}`,
    );
    return row?.muted === true;
  }
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT 1 AS n FROM notification_mutes WHERE user_id = ${userId} AND subject = ${subject}
        AND until > ${at}::timestamptz`,
  );
  return row !== undefined;
}

/** Wakes the person's feed subscribers in every process; the change is already stored. */
export async function publishActivityChange(
  platform: Pick<Platform, 'bus' | 'logger'>,
  userId: number,
): Promise<void> {
  try {
    await platform.bus.pubsub.publish('activity:changed', { kind: 'CHANGED', userId });
  } catch (error) {
    platform.logger.warn({ err: error, userId }, 'activity change not published');
  }
}

export interface RecordedActivity {
  id: number;
  /** Stored as already read: a mute or the in-app channel being off keeps it out of the badge. */
  silent: boolean;
}

/**
 * Records an activity for one person and schedules its push and e-mail, unless the person does not
 * want it: nobody hears of their own doings, nothing passes a block, a kind turned off on every
 * channel is not stored, a muted plan/group/chat is stored read and sent nowhere. Call it after
 * the change it tells of is committed.
 */
export async function recordActivity(
  platform: Pick<Platform, 'store' | 'bus' | 'logger'>,
  input: ActivityInput,
  now = new Date(),
): Promise<RecordedActivity | null> {
  const db = platform.store.db;
  if (input.creatorId !== null && input.creatorId === input.receiverId) return null;
  if (input.creatorId !== null && (await isBlockedBetween(db, input.creatorId, input.receiverId)))
    return null;
  const channels = await channelsOf(db, input.receiverId, input.type);
  if (!channels.IN_APP && !channels.PUSH && !channels.EMAIL) return null;
  const muted = await isMuted(db, input.receiverId, input.subject, input.type, now);
  const silent = muted || !channels.IN_APP;
  const at = now.toISOString();
  const suggestion = input.suggestion ? JSON.stringify(input.suggestion) : null;
  const [row] = await rows<{ id: number; created_at: string | Date }>(
    db,
    sql`INSERT INTO activities (receiver_id, creator_id, type, action, model_type, model_id, "to", href,
          message, suggestion, subject, collapse_key, in_app, read_at, created_at)
        VALUES (${input.receiverId}, ${input.creatorId}, ${input.type}, ${input.action}, ${input.model.type},
          ${input.model.id}, ${input.to ?? ''}, ${input.href}, ${input.message}, ${suggestion}::jsonb,
          ${input.subject ?? null}, ${input.collapseKey ?? null}, ${channels.IN_APP},
          ${silent ? at : null}::timestamptz, ${at}::timestamptz)
        ON CONFLICT (receiver_id, collapse_key) DO UPDATE SET creator_id = excluded.creator_id,
          type = excluded.type, action = excluded.action, "to" = excluded."to", href = excluded.href,
          message = excluded.message, suggestion = excluded.suggestion, subject = excluded.subject,
          in_app = excluded.in_app, read_at = excluded.read_at, created_at = excluded.created_at
        RETURNING id, created_at`,
  );
  if (!row) return null;
  const id = Number(row.id);
  const createdAt = new Date(row.created_at).getTime();
  if (!muted) {
    for (const channel of ['PUSH', 'EMAIL'] as const) {
      if (!channels[channel]) continue;
      await scheduleJob(db, {
        kind: ACTIVITY_CHANNEL_JOB,
        runAt: new Date(now.getTime() + CHANNEL_DELAY_MS[channel]),
        payload: { activityId: id, channel, createdAt },
        uniqueKey: `activity:${id}:${channel}:${createdAt}`,
        subject: `activity:${id}`,
      });
    }
  }
  if (!silent) await publishActivityChange(platform, input.receiverId);
  return { id, silent };
}

/** `recordActivity` for several people, one after the other (a failure for one does not stop the rest). */
export async function recordActivities(
  platform: Pick<Platform, 'store' | 'bus' | 'logger'>,
  inputs: readonly ActivityInput[],
  now = new Date(),
): Promise<void> {
  for (const input of inputs) {
    try {
      await recordActivity(platform, input, now);
    } catch (error) {
      platform.logger.error(
        { err: error, type: input.type, receiverId: input.receiverId },
        'activity not recorded',
      );
    }
  }
}
