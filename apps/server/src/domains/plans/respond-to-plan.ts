import { and, eq, sql } from 'drizzle-orm';
import type { PlanResponseValue } from '@plaza/core/plan-response';
import { nextOccurrence } from '@plaza/core/plan-occurrences';
import { planResponses } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import type { UserRow } from '../users/find-user.ts';
import { planResponseActivities } from '../activity/activity-triggers/plan-triggers.ts';
import { planSuggestionActivities } from '../activity/activity-triggers/suggestion-triggers.ts';
import { planDenied, type PlanAccess } from './plan-access.ts';
import { forgetPlan, planLoaders } from './plan-loaders.ts';
import { resolveOccurrence, seriesOf, type PlanOccurrence } from './plan-occurrence.ts';

/** Occurrences looked at for the next one not cancelled. */
const MAX_SKIPPED = 366;

/**
 * Sets the person's response to a plan, or to one occurrence of a repeating plan (the named one,
 * else the next). Someone who came by the invite link stays invited. NEXT_TIME on a repeating plan
 * invites the person to the next occurrence.
 */
export async function respondToPlan(
  context: RequestContext,
  actor: UserRow,
  access: PlanAccess,
  response: PlanResponseValue,
  named: string | null,
): Promise<PlanOccurrence> {
  if (!access.permissions.respond) throw planDenied(context, 'You cannot respond to this plan.');
  const plan = access.plan;
  const occurrence = await resolveOccurrence(context, plan, named);
  const invited = access.facts.isInvited;
  const [previous] = await context.store.db
    .select({ response: planResponses.response })
    .from(planResponses)
    .where(
      and(
        eq(planResponses.planId, plan.id),
        eq(planResponses.occurrence, occurrence.key),
        eq(planResponses.userId, actor.id),
      ),
    );
  await context.store.db
    .insert(planResponses)
    .values({ planId: plan.id, occurrence: occurrence.key, userId: actor.id, response, invited })
    .onConflictDoUpdate({
      target: [planResponses.planId, planResponses.occurrence, planResponses.userId],
      set: { response, updatedAt: new Date(), invited: sql`${planResponses.invited} OR ${invited}` },
    });
  const series = seriesOf(plan);
  if (response === 'NEXT_TIME' && series) {
    const cancelled = new Set(
      (await planLoaders(context).occurrences.load(plan.id))
        .filter((e) => e.cancelled)
        .map((e) => e.occurrenceStart.getTime()),
    );
    let next: Date | null = new Date(occurrence.key);
    for (let skipped = 0; skipped < MAX_SKIPPED && next; skipped++) {
      next = nextOccurrence(series, next);
      if (next && !cancelled.has(next.getTime())) break;
    }
    if (next)
      await context.store.db
        .insert(planResponses)
        .values({
          planId: plan.id,
          occurrence: next.toISOString(),
          userId: actor.id,
          response: null,
          invited: true,
        })
        .onConflictDoUpdate({
          target: [planResponses.planId, planResponses.occurrence, planResponses.userId],
          set: { invited: true },
        });
  }
  forgetPlan(context, plan.id);
  // The creator hears of a new going or interested; friends of someone going, of a public plan.
  if ((response === 'ATTENDING' || response === 'INTERESTED') && previous?.response !== response) {
    await planResponseActivities(context, plan, occurrence, actor.id, response);
    if (response === 'ATTENDING')
      await planSuggestionActivities(
        context,
        { id: plan.id, endsAt: occurrence.endsAt },
        occurrence.key,
        actor.id,
      );
  }
  return occurrence;
}
