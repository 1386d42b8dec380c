import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { planOccurrences, planResponses, plans } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput } from '../../graphql/errors.ts';
import { dropPlanReminders, syncPlanReminders } from '../reminders/schedule-plan-reminders.ts';
import { planAudience, planCancelledActivities } from '../activity/activity-triggers/plan-triggers.ts';
import { planDenied, type PlanAccess } from './plan-access.ts';
import { resolveOccurrence } from './plan-occurrence.ts';
import type { ApplyTo } from './update-plan.ts';

/**
 * Deletes a plan (its creator only) with its responses and chat; or, with ONLY_THIS on a repeating
 * plan, cancels one occurrence (an exception the calendar export writes as EXDATE).
 */
export async function deletePlan(
  context: RequestContext,
  access: PlanAccess,
  target: { applyTo: ApplyTo; occurrence: string | null },
): Promise<void> {
  if (!access.permissions.delete) throw planDenied(context, 'Only the plan’s creator can delete it.');
  const plan = access.plan;
  const actorId = context.viewer?.id ?? plan.creatorId;
  if (target.applyTo === 'ONLY_THIS' && plan.recurrence) {
    if (!target.occurrence) throw badUserInput('occurrence', 'Name the occurrence to delete.');
    const occurrence = await resolveOccurrence(context, plan, target.occurrence);
    const key = new Date(occurrence.key);
    // Read before the responses go: who was going or interested hears of the cancellation.
    const audience = await planAudience(context.store.db, plan.id, occurrence.key);
    await context.store.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const row = { cancelled: true, startsAt: occurrence.startsAt, endsAt: occurrence.endsAt };
      await db
        .insert(planOccurrences)
        .values({ planId: plan.id, occurrenceStart: key, ...row })
        .onConflictDoUpdate({ target: [planOccurrences.planId, planOccurrences.occurrenceStart], set: row });
      await db
        .delete(planResponses)
        .where(and(eq(planResponses.planId, plan.id), eq(planResponses.occurrence, occurrence.key)));
      await syncPlanReminders(db, plan.id);
    });
    await planCancelledActivities(context, plan, actorId, occurrence, audience);
    return;
  }
  const audience = await planAudience(context.store.db, plan.id, null);
  await context.store.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    await db.delete(plans).where(eq(plans.id, plan.id));
    await dropPlanReminders(db, plan.id);
  });
  await planCancelledActivities(context, plan, actorId, null, audience);
}
