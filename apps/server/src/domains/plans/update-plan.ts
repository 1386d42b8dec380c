import { eq } from 'drizzle-orm';
import { isPublicPlanMask } from '@plaza/core/plan-access';
import { parsePlanTime } from '@plaza/core/plan-time';
import { ONLY_THIS_PLAN_FIELDS } from '@plaza/core/recurrence';
import type { Database } from '../../db/client.ts';
import { planOccurrences, plans, type PlanOccurrenceChanges } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput } from '../../graphql/errors.ts';
import type { UserRow } from '../users/find-user.ts';
import {
  occurrenceShape,
  planShape,
  planUpdatedActivities,
} from '../activity/activity-triggers/plan-triggers.ts';
import { checkImage } from '../groups/group-input.ts';
import { syncPlanReminders } from '../reminders/schedule-plan-reminders.ts';
import { rememberPlanVenue } from '../places/remember-venue.ts';
import { planDenied, type PlanAccess } from './plan-access.ts';
import { checkPlanInput, PLAN_LIMITS, type PlanInput } from './plan-input.ts';
import { forgetPlan, type PlanRow } from './plan-loaders.ts';
import { resolveOccurrence, seriesOf, type PlanOccurrence } from './plan-occurrence.ts';
import { shiftOccurrenceKeys } from './shift-occurrence-keys.ts';

/** "Apply the changes to:" (spec 4): all repeating plans, or only this one. */
export type ApplyTo = 'ALL' | 'ONLY_THIS';

/** The fields an "Only this plan" edit may change. */
const ONLY_THIS_FIELDS: ReadonlySet<string> = new Set(ONLY_THIS_PLAN_FIELDS);

/**
 * Changes a plan (those its modify mask admits). ALL changes the plan, or the whole series of a
 * repeating plan; ONLY_THIS changes one occurrence and keeps the series as it was.
 */
export async function updatePlan(
  context: RequestContext,
  actor: UserRow,
  access: PlanAccess,
  input: PlanInput,
  target: { applyTo: ApplyTo; occurrence: string | null },
): Promise<{ row: PlanRow; occurrence: PlanOccurrence | null }> {
  if (!access.permissions.modify) throw planDenied(context, 'Only the plan’s creator can change it.');
  const existing = access.plan;
  if (target.applyTo === 'ONLY_THIS' && existing.recurrence) {
    if (!target.occurrence) throw badUserInput('occurrence', 'Name the occurrence to change.');
    const occurrence = await resolveOccurrence(context, existing, target.occurrence);
    await changeOneOccurrence(context, actor, existing, occurrence, input);
    await syncPlanReminders(context.store.db, existing.id);
    forgetPlan(context, existing.id);
    const changed = await resolveOccurrence(context, existing, target.occurrence);
    await planUpdatedActivities(context, existing, actor.id, {
      before: occurrenceShape(existing, occurrence),
      after: occurrenceShape(existing, changed),
      occurrence: occurrence.key,
    });
    return { row: existing, occurrence: changed };
  }
  const values = await checkPlanInput(context, actor.id, input, existing, {
    inGroup: existing.groupId !== null,
  });
  // BLOCKED is a moderator's decision (decision 0018): the plan's creator cannot lift it.
  if (existing.exploreStatus === 'BLOCKED') delete values.exploreStatus;
  if (existing.recurrence && target.occurrence && values.startsAt && values.endsAt)
    await moveSeriesLikeOccurrence(context, existing, target.occurrence, values);
  const row = await context.store.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const [updated] = await db
      .update(plans)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(plans.id, existing.id))
      .returning();
    const before = seriesOf(existing);
    const after = seriesOf(updated!);
    if (before && after) await shiftOccurrenceKeys(db, existing.id, before, after);
    if (!after) await db.delete(planOccurrences).where(eq(planOccurrences.planId, existing.id));
    await syncPlanReminders(db, existing.id);
    if (input.location != null && placeChanged(existing, updated!))
      await rememberPlanVenue(db, actor.id, updated!, { isPublic: isPublicPlanMask(updated!.viewMask) });
    return updated!;
  });
  forgetPlan(context, existing.id);
  await planUpdatedActivities(context, row, actor.id, {
    before: planShape(existing),
    after: planShape(row),
    occurrence: null,
  });
  return { row, occurrence: null };
}

/**
 * "All repeating plans" edited from one occurrence: the times in the form are that occurrence's, so
 * the series moves by as much as the occurrence did (unchanged times leave it where it was), and
 * its length becomes the new one. Earlier occurrences stay in the series.
 */
async function moveSeriesLikeOccurrence(
  context: RequestContext,
  existing: PlanRow,
  occurrenceKey: string,
  values: { startsAt?: Date | null; endsAt?: Date | null },
): Promise<void> {
  const occurrence = await resolveOccurrence(context, existing, occurrenceKey);
  const moved = values.startsAt!.getTime() - occurrence.startsAt.getTime();
  const length = values.endsAt!.getTime() - values.startsAt!.getTime();
  values.startsAt = new Date(existing.startsAt.getTime() + moved);
  values.endsAt = new Date(values.startsAt.getTime() + length);
}

/** Whether an edit named another place, so its venue counts one more use. */
function placeChanged(before: PlanRow, after: PlanRow): boolean {
  return (['locationName', 'address', 'city', 'latitude', 'longitude'] as const).some(
    (field) => before[field] !== after[field],
  );
}

async function changeOneOccurrence(
  context: RequestContext,
  actor: UserRow,
  plan: PlanRow,
  occurrence: PlanOccurrence,
  input: PlanInput,
): Promise<void> {
  for (const [field, value] of Object.entries(input))
    if (value !== undefined && !ONLY_THIS_FIELDS.has(field))
      throw badUserInput(
        field,
        'Only this plan can change its title, description, picture, links, place and times.',
      );
  // The series' own checks read the fields; the result is kept on the occurrence only.
  const checked = await checkPlanInput(context, actor.id, { ...input, start: null, end: null }, plan, {
    inGroup: plan.groupId !== null,
  });
  const changes: PlanOccurrenceChanges = { ...occurrence.changes };
  if (checked.title !== undefined) changes.title = checked.title;
  if (checked.description !== undefined) changes.description = checked.description;
  if (input.image !== undefined) changes.image = await checkImage(context.store.db, actor.id, input.image);
  if (checked.link !== undefined) changes.link = checked.link;
  if (checked.outUrl !== undefined) changes.outUrl = checked.outUrl;
  if (input.location !== undefined) {
    changes.locationName = checked.locationName ?? null;
    changes.address = checked.address ?? null;
    changes.city = checked.city ?? null;
    changes.state = checked.state ?? null;
  }
  const read = (field: 'start' | 'end', value: string | null | undefined) => {
    if (!value?.trim()) return null;
    const instant = parsePlanTime(value, plan.timezone);
    if (!instant) throw badUserInput(field, 'Give a date (YYYY-MM-DD) or a time (YYYY-MM-DDTHH:mm).');
    return instant;
  };
  const length = occurrence.endsAt.getTime() - occurrence.startsAt.getTime();
  const startsAt = read('start', input.start) ?? occurrence.startsAt;
  const endsAt = read('end', input.end) ?? new Date(startsAt.getTime() + length);
  if (endsAt <= startsAt) throw badUserInput('end', 'The end is before the start.');
  if ((changes.title?.length ?? 0) > PLAN_LIMITS.title)
    throw badUserInput('title', `At most ${PLAN_LIMITS.title} characters.`);
  const row = { startsAt, endsAt, changes, cancelled: false };
  await context.store.db
    .insert(planOccurrences)
    .values({ planId: plan.id, occurrenceStart: new Date(occurrence.key), ...row })
    .onConflictDoUpdate({ target: [planOccurrences.planId, planOccurrences.occurrenceStart], set: row });
  if (input.location != null)
    await rememberPlanVenue(
      context.store.db,
      actor.id,
      {
        locationName: checked.locationName ?? null,
        address: checked.address ?? null,
        city: checked.city ?? null,
        state: checked.state ?? null,
        latitude: checked.latitude ?? null,
        longitude: checked.longitude ?? null,
      },
      { isPublic: isPublicPlanMask(plan.viewMask) },
    );
}
