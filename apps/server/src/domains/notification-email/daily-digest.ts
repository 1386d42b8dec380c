import { sql } from 'drizzle-orm';
import {
  DIGEST_AWAY_MS,
  DIGEST_LOCAL_HOUR,
  DIGEST_MAX_ITEMS,
  localMinute,
  quietHoursEnd,
} from '@plaza/core/notifications';
import { fullName } from '@plaza/core/profile';
import type { Database } from '../../db/client.ts';
import type { Platform } from '../../graphql/context.ts';
import { JOB_MAX_ATTEMPTS, scheduleJob, type ClaimedJob, type JobRunner } from '../../platform/jobs/jobs.ts';
import { quietHoursOf } from '../activity/activity-delivery.ts';
import { rows } from '../social/social-sql.ts';
import { digestMail } from './notification-mail.ts';
import { unsubscribeFooter } from './unsubscribe-footer.ts';

/** Every hour: finds the people at their digest hour who should get one (no payload). */
export const DIGEST_SWEEP_JOB = 'notification-email.digest-sweep';
/** One person's digest of one local day (payload: userId, localDate). */
export const DIGEST_JOB = 'notification-email.digest';

const SWEEP_KEY = 'notification-email:digest-sweep';
/** The feed on the web, where the digest's "see everything" leads. */
const ACTIVITY_FEED_PATH = '/profile/activity';
const HOUR_MS = 3_600_000;
/** A second digest waits at least this long, whatever the clocks and zones say. */
export const DIGEST_MIN_GAP_MS = 20 * HOUR_MS;

/** The local calendar day at `at` in `timeZone`, as 2026-11-24. */
function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The start of the local hour holding `at` (zones with half-hour offsets start at :30 UTC). */
function localHourStart(at: Date, timeZone: string): Date {
  const minute = Math.floor(at.getTime() / 60_000) * 60_000;
  return new Date(minute - (localMinute(at, timeZone) % 60) * 60_000);
}

/** Schedules the sweep at `at`; it reschedules itself every hour after (decision 0011 jobs). */
export async function scheduleDigestSweep(db: Database, at: Date): Promise<void> {
  await scheduleJob(db, { kind: DIGEST_SWEEP_JOB, runAt: at, uniqueKey: SWEEP_KEY });
}

/** The next hour on the hour after `at`: every zone's digest hour holds exactly one of them. */
const nextHourAfter = (at: Date) => new Date((Math.floor(at.getTime() / HOUR_MS) + 1) * HOUR_MS);

/**
 * At start, a sweep waiting (even one overdue after a stop, which then runs at once) is left as
 * it is; without one (a new database, or a sweep given up after its retries) one is scheduled for
 * the next hour. Several processes starting together schedule the same row.
 */
async function ensureDigestSweep(db: Database, now: Date): Promise<void> {
  const [pending] = await rows<{ n: number }>(
    db,
    sql`SELECT 1 AS n FROM jobs WHERE unique_key = ${SWEEP_KEY} AND done_at IS NULL`,
  );
  if (!pending) await scheduleDigestSweep(db, nextHourAfter(now));
}

/** Who may get a digest at `now`, apart from the hour: digest on, verified address, away, none lately. */
const digestWanted = (now: Date) => sql`s.email_digest AND u.email IS NOT NULL AND u.email_verified
  AND s.last_seen_at < ${new Date(now.getTime() - DIGEST_AWAY_MS).toISOString()}::timestamptz
  AND (s.last_digest_at IS NULL OR s.last_digest_at < ${new Date(now.getTime() - DIGEST_MIN_GAP_MS).toISOString()}::timestamptz)`;

/** Activities a digest tells of: unread in the feed and newer than both the last visit and the last digest. */
const UNREAD_SINCE_AWAY = sql`a.receiver_id = s.user_id AND a.read_at IS NULL AND a.in_app
  AND a.created_at > GREATEST(s.last_seen_at, COALESCE(s.last_digest_at, s.last_seen_at))`;

/**
 * The hourly sweep: in every zone where it is now DIGEST_LOCAL_HOUR, each person who was away
 * DIGEST_AWAY_MS, wants the digest, has a verified address and something unread since gets a
 * digest job keyed by person and local day, so a second sweep in the same hour adds nothing.
 */
async function sweep(platform: Platform, now: Date): Promise<void> {
  const db = platform.store.db;
  const zones = await rows<{ zone: string }>(
    db,
    sql`SELECT DISTINCT COALESCE(time_zone, 'UTC') AS zone FROM notification_settings
        WHERE email_digest AND last_seen_at < ${new Date(now.getTime() - DIGEST_AWAY_MS).toISOString()}::timestamptz`,
  );
  const due = zones
    .map((row) => row.zone)
    .filter((zone) => {
      try {
        return Math.floor(localMinute(now, zone) / 60) === DIGEST_LOCAL_HOUR;
      } catch {
        platform.logger.warn({ zone }, 'digest skipped for an unknown time zone');
        return false;
      }
    });
  if (due.length === 0) return;
  const people = await rows<{ user_id: number; zone: string }>(
    db,
    sql`SELECT s.user_id, COALESCE(s.time_zone, 'UTC') AS zone
        FROM notification_settings s JOIN users u ON u.id = s.user_id
        WHERE COALESCE(s.time_zone, 'UTC') IN (${sql.join(
          due.map((zone) => sql`${zone}`),
          sql`, `,
        )}) AND ${digestWanted(now)}
          AND EXISTS (SELECT 1 FROM activities a WHERE ${UNREAD_SINCE_AWAY})`,
  );
  for (const person of people) {
    const userId = Number(person.user_id);
    const day = localDate(now, person.zone);
    await scheduleJob(db, {
      kind: DIGEST_JOB,
      runAt: localHourStart(now, person.zone),
      payload: { userId, localDate: day },
      uniqueKey: `notification-email:digest:${userId}:${day}`,
    });
  }
}

interface DigestTarget {
  email: string;
  first: string;
  last: string;
  username: string;
  previousDigestAt: string | null;
  items: Array<{ message: string; href: string }>;
  total: number;
}

/**
 * Takes one person's digest: checks again that they should get one (they may have come back or
 * turned it off since the sweep), reads what to list and marks the digest sent, in one
 * transaction that locks their settings row, so two runners cannot both send it.
 */
async function takeDigest(db: Database, userId: number, now: Date): Promise<DigestTarget | null> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [person] = await rows<{
      email: string;
      first: string;
      last: string;
      username: string;
      last_digest_at: string | Date | null;
    }>(
      t,
      sql`SELECT u.email, u.first, u.last, u.username, s.last_digest_at
          FROM notification_settings s JOIN users u ON u.id = s.user_id
          WHERE s.user_id = ${userId} AND ${digestWanted(now)} FOR UPDATE OF s`,
    );
    if (!person) return null;
    const items = await rows<{ message: string; href: string }>(
      t,
      sql`SELECT a.message, a.href FROM activities a JOIN notification_settings s ON s.user_id = ${userId}
          WHERE ${UNREAD_SINCE_AWAY} ORDER BY a.created_at DESC, a.id DESC LIMIT ${DIGEST_MAX_ITEMS}`,
    );
    if (items.length === 0) return null;
    const [counted] = await rows<{ n: number | string }>(
      t,
      sql`SELECT count(*) AS n FROM activities a JOIN notification_settings s ON s.user_id = ${userId}
          WHERE ${UNREAD_SINCE_AWAY}`,
    );
    await t.execute(
      sql`UPDATE notification_settings SET last_digest_at = ${now.toISOString()}::timestamptz WHERE user_id = ${userId}`,
    );
    return {
      email: person.email,
      first: person.first,
      last: person.last,
      username: person.username,
      previousDigestAt: person.last_digest_at === null ? null : new Date(person.last_digest_at).toISOString(),
      items,
      total: Number(counted?.n ?? items.length),
    };
  });
}

async function sendDigest(platform: Platform, job: ClaimedJob, now: Date): Promise<void> {
  const { userId } = job.payload;
  if (typeof userId !== 'number') return;
  const db = platform.store.db;
  const end = quietHoursEnd(now, await quietHoursOf(db, userId));
  if (end.getTime() !== now.getTime()) {
    // The same key moves this job to the end of the quiet hours.
    await scheduleJob(db, {
      kind: DIGEST_JOB,
      runAt: end,
      payload: job.payload,
      uniqueKey: job.uniqueKey,
    });
    return;
  }
  const target = await takeDigest(db, userId, now);
  if (!target) return;
  const { publicUrl } = platform.config;
  try {
    await platform.mail.send(
      digestMail({
        to: target.email,
        name: fullName(target.first, target.last, target.username),
        items: target.items.map((item) => ({
          message: item.message,
          url: new URL(item.href, publicUrl).toString(),
        })),
        more: target.total - target.items.length,
        feedUrl: new URL(ACTIVITY_FEED_PATH, publicUrl).toString(),
        footer: unsubscribeFooter(platform, { userId, email: target.email }, 'DIGEST', now),
      }),
    );
  } catch (error) {
    // Not sent: the retry may send it, so the digest is not counted as sent.
    await db.execute(
      sql`UPDATE notification_settings SET last_digest_at = ${target.previousDigestAt}::timestamptz
          WHERE user_id = ${userId} AND last_digest_at = ${now.toISOString()}::timestamptz`,
    );
    throw error;
  }
}

/**
 * Registers the digest jobs with the runner and makes sure the sweep is scheduled; it runs every
 * hour on the hour after (a second sweep in an hour sends nothing twice).
 */
export async function registerNotificationEmailJobs(runner: JobRunner, platform: Platform): Promise<void> {
  runner.register(DIGEST_SWEEP_JOB, async (job, { now }) => {
    const next = nextHourAfter(now);
    try {
      await sweep(platform, now);
    } catch (error) {
      // Retried by the runner; only when it gives up does the next hour's sweep take over.
      if (job.attempts >= JOB_MAX_ATTEMPTS) await scheduleDigestSweep(platform.store.db, next);
      throw error;
    }
    await scheduleDigestSweep(platform.store.db, next);
  });
  runner.register(DIGEST_JOB, (job, { now }) => sendDigest(platform, job, now));
  await ensureDigestSweep(platform.store.db, new Date());
}
