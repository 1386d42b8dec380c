import { PLAN_REMINDER_KINDS, planReminderTimes, type PlanReminderKind } from '@plaza/core/plan-reminders';
import type { Database } from '../../db/client.ts';
import { cancelJobs, scheduleJob, type JobSpec } from '../../platform/jobs/jobs.ts';
import { loadPlanWithExceptions, occurrencesBetween } from '../plans/plan-occurrence-rows.ts';

/** Sends one reminder of one occurrence (payload: planId, occurrence, reminder). */
export const PLAN_REMINDER_JOB = 'plan.reminder';
/** Schedules the reminders of a repeating plan's next occurrences, then itself again (payload: planId). */
export const PLAN_REMINDERS_SYNC_JOB = 'plan.reminders-sync';

/** A repeating plan has reminders scheduled for the occurrences starting this far ahead… */
export const REMINDER_HORIZON_MS = 7 * 86_400_000;
/**
 * …and is looked at again this long before that horizon runs out, more than any reminder's lead
 * (a day, or 39 hours for an all-day plan's "still going?"), so no reminder falls between two looks.
 */
export const REMINDER_RESYNC_BEFORE_MS = 2 * 86_400_000;

const FAR_FUTURE = new Date('9999-01-01T00:00:00Z');

export interface PlanReminderPayload {
  planId: number;
  occurrence: string;
  reminder: PlanReminderKind;
}

export const planJobsSubject = (planId: number) => `plan:${planId}`;

export const reminderJobKey = (planId: number, occurrence: string, reminder: PlanReminderKind) =>
  `plan:${planId}:${occurrence || 'plan'}:${reminder}`;

/**
 * Makes a plan's scheduled reminders match the plan as it is now (decision 0011): for a plan that
 * does not repeat, its two reminders; for a repeating one, those of the occurrences starting within
 * REMINDER_HORIZON_MS, plus a sync job that looks again later. Reminders due before `now` are not
 * scheduled. Pending jobs no longer wanted are dropped, except ones already due, whose handler
 * checks them. Call it after a plan is created, moved or deleted, in the same transaction.
 */
export async function syncPlanReminders(db: Database, planId: number, now: Date = new Date()): Promise<void> {
  const subject = planJobsSubject(planId);
  const found = await loadPlanWithExceptions(db, planId);
  if (!found) {
    await cancelJobs(db, subject);
    return;
  }
  const { plan, exceptions } = found;
  const horizon = plan.recurrence ? new Date(now.getTime() + REMINDER_HORIZON_MS) : FAR_FUTURE;
  const wanted: JobSpec[] = [];
  for (const occurrence of occurrencesBetween(plan, exceptions, now, horizon)) {
    const times = planReminderTimes({
      startsAt: occurrence.startsAt,
      timezone: plan.timezone,
      allDay: plan.allDay,
    });
    for (const reminder of PLAN_REMINDER_KINDS) {
      if (times[reminder] <= now) continue;
      const payload: PlanReminderPayload = { planId, occurrence: occurrence.key, reminder };
      wanted.push({
        kind: PLAN_REMINDER_JOB,
        runAt: times[reminder],
        payload: { ...payload },
        uniqueKey: reminderJobKey(planId, occurrence.key, reminder),
        subject,
      });
    }
  }
  if (plan.recurrence) {
    // The first occurrence past the horizon (cancelled ones skipped), if the series goes on.
    const beyond = occurrencesBetween(plan, exceptions, horizon, FAR_FUTURE, 400)[0];
    if (beyond) {
      const runAt = Math.max(
        horizon.getTime() - REMINDER_RESYNC_BEFORE_MS,
        beyond.startsAt.getTime() - REMINDER_RESYNC_BEFORE_MS,
      );
      wanted.push({
        kind: PLAN_REMINDERS_SYNC_JOB,
        runAt: new Date(runAt),
        payload: { planId },
        uniqueKey: `plan:${planId}:sync`,
        subject,
      });
    }
  }
  await cancelJobs(db, subject, { keep: wanted.map((job) => job.uniqueKey!), after: now });
  for (const job of wanted) await scheduleJob(db, job);
}

/** Drops every reminder of a plan not yet sent (the plan is being deleted). */
export async function dropPlanReminders(db: Database, planId: number): Promise<void> {
  await cancelJobs(db, planJobsSubject(planId));
}
