import { sql } from 'drizzle-orm';
import { isPlanReminderKind, planReminderTimes, type PlanReminderKind } from '@plaza/core/plan-reminders';
import type { Database } from '../../db/client.ts';
import type { Platform } from '../../graphql/context.ts';
import { scheduleJob, type ClaimedJob, type JobRunner } from '../../platform/jobs/jobs.ts';
import { loadPlanWithExceptions, occurrenceOf, type OccurrenceAt } from '../plans/plan-occurrence-rows.ts';
import type { PlanRow } from '../plans/plan-loaders.ts';
import { planVisibleTo } from '../plans/plan-visibility-sql.ts';
import { rows } from '../social/social-sql.ts';
import { createPlanReplyToken } from './plan-reply-token.ts';
import { activityReminderChannel, emailReminderChannel, type ReminderChannel } from './reminder-channels.ts';
import {
  PLAN_REMINDER_JOB,
  PLAN_REMINDERS_SYNC_JOB,
  reminderJobKey,
  syncPlanReminders,
} from './schedule-plan-reminders.ts';

/** Delivers one reminder to one person (payload: planId, occurrence, reminder, userId, due). */
export const PLAN_REMINDER_DELIVERY_JOB = 'plan.reminder-delivery';

/** The plan page of an occurrence: /<slug>/<key>, with ?occurrence= for a repeating plan. */
export function planPageUrl(
  publicUrl: string,
  plan: Pick<PlanRow, 'slug' | 'key'>,
  occurrence: string,
): string {
  const url = new URL(`${publicUrl}/${plan.slug}/${plan.key}`);
  if (occurrence) url.searchParams.set('occurrence', occurrence);
  return url.toString();
}

interface ReminderTarget {
  plan: PlanRow;
  occurrence: OccurrenceAt;
  reminder: PlanReminderKind;
}

/**
 * The occurrence a reminder job was scheduled for, if the reminder still stands at `now`: the plan
 * and occurrence exist and are not cancelled, the reminder's time is still the one scheduled (a
 * moved plan has its own, newer job), and the occurrence has not started (an all-day plan: ended).
 */
async function currentTarget(
  db: Database,
  payload: Record<string, unknown>,
  due: Date,
  now: Date,
): Promise<ReminderTarget | null> {
  const { planId, occurrence: key, reminder } = payload;
  if (typeof planId !== 'number' || typeof key !== 'string' || !isPlanReminderKind(reminder)) return null;
  const found = await loadPlanWithExceptions(db, planId);
  if (!found) return null;
  const occurrence = occurrenceOf(found.plan, found.exceptions, key);
  if (!occurrence) return null;
  const { plan } = found;
  const times = planReminderTimes({
    startsAt: occurrence.startsAt,
    timezone: plan.timezone,
    allDay: plan.allDay,
  });
  if (times[reminder].getTime() !== due.getTime()) return null;
  const tooLate = plan.allDay ? occurrence.endsAt : occurrence.startsAt;
  if (now >= tooLate) return null;
  return { plan, occurrence, reminder };
}

/**
 * A reminder job fans out: one delivery job per person ATTENDING the occurrence, each with its own
 * unique key, so a failure for one person is retried for that person only and nobody gets it twice.
 */
async function fanOut(platform: Platform, job: ClaimedJob, now: Date): Promise<void> {
  const db = platform.store.db;
  const target = await currentTarget(db, job.payload, job.runAt, now);
  if (!target) return;
  const attendees = await rows<{ user_id: number }>(
    db,
    sql`SELECT user_id FROM plan_responses WHERE plan_id = ${target.plan.id}
        AND occurrence = ${target.occurrence.key} AND response = 'ATTENDING' ORDER BY user_id`,
  );
  const key = reminderJobKey(target.plan.id, target.occurrence.key, target.reminder);
  for (const { user_id: userId } of attendees)
    await scheduleJob(db, {
      kind: PLAN_REMINDER_DELIVERY_JOB,
      runAt: now,
      payload: { ...job.payload, userId: Number(userId), due: job.runAt.toISOString() },
      uniqueKey: `${key}:${job.runAt.toISOString()}:${userId}`,
      // No subject: re-syncing the plan's reminders must not drop a delivery waiting for a retry.
    });
}

async function deliver(platform: Platform, channels: ReminderChannel[], job: ClaimedJob, now: Date) {
  const db = platform.store.db;
  const { userId, due } = job.payload;
  if (typeof userId !== 'number' || typeof due !== 'string') return;
  const target = await currentTarget(db, job.payload, new Date(due), now);
  if (!target) return;
  const { plan, occurrence, reminder } = target;
  // Still going, and still allowed to see the plan (a block or a narrower view mask since hides it).
  const [person] = await rows<{
    id: number;
    first: string;
    last: string;
    username: string;
    email: string | null;
    email_verified: boolean;
    answered_at: string | number;
  }>(
    db,
    sql`SELECT u.id, u.first, u.last, u.username, u.email, u.email_verified,
          floor(extract(epoch from r.updated_at) * 1000)::bigint AS answered_at
        FROM plan_responses r JOIN users u ON u.id = r.user_id
        WHERE r.plan_id = ${plan.id} AND r.occurrence = ${occurrence.key} AND r.user_id = ${userId}
          AND r.response = 'ATTENDING'
          AND EXISTS (SELECT 1 FROM plans p WHERE p.id = ${plan.id} AND ${planVisibleTo('p', userId)})`,
  );
  if (!person) return;
  const page = planPageUrl(platform.config.publicUrl, plan, occurrence.key);
  const links: { plan: string; yes?: string; no?: string } = { plan: page };
  if (reminder === 'STILL_GOING') {
    const token = createPlanReplyToken(platform.auth.secret, {
      userId,
      planId: plan.id,
      occurrence: occurrence.key,
      answeredAt: Number(person.answered_at),
      expiresAt: (plan.allDay ? occurrence.endsAt : occurrence.startsAt).getTime(),
    });
    const reply = `${platform.config.publicUrl}/plan-reply/${token}`;
    links.yes = `${reply}?answer=yes`;
    links.no = `${reply}?answer=no`;
  }
  for (const channel of channels)
    await channel.deliver({
      kind: reminder,
      plan,
      occurrence,
      person: {
        id: Number(person.id),
        first: person.first,
        last: person.last,
        username: person.username,
        email: person.email,
        emailVerified: person.email_verified,
      },
      links,
    });
}

/** Registers the reminder jobs' handlers with this process's runner (decision 0011). */
export function registerPlanReminderJobs(
  runner: JobRunner,
  platform: Platform,
  // The feed first: a retry after a failed e-mail folds into the same activity row.
  channels: ReminderChannel[] = [activityReminderChannel(platform), emailReminderChannel(platform)],
): void {
  runner.register(PLAN_REMINDERS_SYNC_JOB, async (job, { now }) => {
    if (typeof job.payload.planId === 'number')
      await syncPlanReminders(platform.store.db, job.payload.planId, now);
  });
  runner.register(PLAN_REMINDER_JOB, (job, { now }) => fanOut(platform, job, now));
  runner.register(PLAN_REMINDER_DELIVERY_JOB, (job, { now }) => deliver(platform, channels, job, now));
}
