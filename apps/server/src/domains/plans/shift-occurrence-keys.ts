import { and, eq, ne } from 'drizzle-orm';
import { isOccurrenceStart, type PlanSeries } from '@plaza/core/plan-occurrences';
import type { Database } from '../../db/client.ts';
import { WHOLE_PLAN, planOccurrences, planResponses } from '../../db/schema/index.ts';

/**
 * After an "All repeating plans" edit moved the series, carries each occurrence's exception and
 * responses along (decision 0009): a key moved by the same shift as the series start that lands on
 * an occurrence of the new series follows; one still on the new series stays; an exception that
 * is neither is dropped, and such responses stay behind, counted nowhere.
 */
export async function shiftOccurrenceKeys(
  db: Database,
  planId: number,
  before: PlanSeries,
  after: PlanSeries,
) {
  const shift = after.start.getTime() - before.start.getTime();
  const moved = (key: Date): Date | null => {
    const shifted = new Date(key.getTime() + shift);
    if (isOccurrenceStart(after, shifted)) return shifted;
    return isOccurrenceStart(after, key) ? key : null;
  };
  const exceptions = await db.select().from(planOccurrences).where(eq(planOccurrences.planId, planId));
  await db.delete(planOccurrences).where(eq(planOccurrences.planId, planId));
  const kept = exceptions.flatMap((row) => {
    const key = moved(row.occurrenceStart);
    if (!key) return [];
    const delta = key.getTime() - row.occurrenceStart.getTime();
    return [
      {
        ...row,
        occurrenceStart: key,
        startsAt: new Date(row.startsAt.getTime() + delta),
        endsAt: new Date(row.endsAt.getTime() + delta),
      },
    ];
  });
  if (kept.length > 0) await db.insert(planOccurrences).values(kept);

  const responses = await db
    .select()
    .from(planResponses)
    .where(and(eq(planResponses.planId, planId), ne(planResponses.occurrence, WHOLE_PLAN)));
  if (shift === 0 || responses.length === 0) return;
  await db
    .delete(planResponses)
    .where(and(eq(planResponses.planId, planId), ne(planResponses.occurrence, WHOLE_PLAN)));
  await db
    .insert(planResponses)
    .values(
      responses.map((row) => {
        const key = moved(new Date(row.occurrence));
        return { ...row, occurrence: key ? key.toISOString() : row.occurrence };
      }),
    )
    .onConflictDoNothing();
}
