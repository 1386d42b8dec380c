import { eq } from 'drizzle-orm';
import { isOccurrenceStart, occurrenceStarts } from '@plaza/core/plan-occurrences';
import type { Database } from '../../db/client.ts';
import { WHOLE_PLAN, planOccurrences, plans, type PlanOccurrenceChanges } from '../../db/schema/index.ts';
import type { PlanOccurrenceRow, PlanRow } from './plan-loaders.ts';
import { seriesOf } from './plan-occurrence.ts';

/**
 * Occurrences of a plan read straight from the store, for work outside a request (jobs, calendar
 * feeds): the same rules as plan-occurrence.ts (decision 0009), without a viewer.
 */
export interface OccurrenceAt {
  /** '' for a plan that does not repeat; else the original start, ISO in UTC. */
  key: string;
  startsAt: Date;
  endsAt: Date;
  changes: PlanOccurrenceChanges;
}

export async function loadPlanWithExceptions(
  db: Database,
  planId: number,
): Promise<{ plan: PlanRow; exceptions: PlanOccurrenceRow[] } | null> {
  const [plan] = await db.select().from(plans).where(eq(plans.id, planId));
  if (!plan) return null;
  const exceptions = plan.recurrence
    ? await db.select().from(planOccurrences).where(eq(planOccurrences.planId, planId))
    : [];
  return { plan, exceptions };
}

/** The occurrence a key names, with its own times and changes; null when cancelled or not one. */
export function occurrenceOf(
  plan: PlanRow,
  exceptions: PlanOccurrenceRow[],
  key: string,
): OccurrenceAt | null {
  const series = seriesOf(plan);
  if (!series)
    return key === WHOLE_PLAN ? { key, startsAt: plan.startsAt, endsAt: plan.endsAt, changes: {} } : null;
  const start = new Date(key);
  if (key === WHOLE_PLAN || Number.isNaN(start.getTime()) || !isOccurrenceStart(series, start)) return null;
  const exception = exceptions.find((e) => e.occurrenceStart.getTime() === start.getTime());
  if (exception?.cancelled) return null;
  const length = plan.endsAt.getTime() - plan.startsAt.getTime();
  return {
    key: start.toISOString(),
    startsAt: exception?.startsAt ?? start,
    endsAt: exception?.endsAt ?? new Date(start.getTime() + length),
    changes: exception?.changes ?? {},
  };
}

/**
 * Occurrences not cancelled that end after `from` and start at or before `to`, by their own
 * (possibly moved) times, earliest first. A plan that does not repeat is its one occurrence.
 */
export function occurrencesBetween(
  plan: PlanRow,
  exceptions: PlanOccurrenceRow[],
  from: Date,
  to: Date,
  limit = 500,
): OccurrenceAt[] {
  const series = seriesOf(plan);
  const wanted = (o: OccurrenceAt) => o.endsAt > from && o.startsAt <= to;
  if (!series) {
    const whole = occurrenceOf(plan, exceptions, WHOLE_PLAN)!;
    return wanted(whole) ? [whole] : [];
  }
  const length = plan.endsAt.getTime() - plan.startsAt.getTime();
  // Originals a little around the window, and every exception (one may have been moved far).
  const keys = new Set(
    occurrenceStarts(series, new Date(from.getTime() - length), new Date(to.getTime() + 1), limit).map((d) =>
      d.toISOString(),
    ),
  );
  for (const e of exceptions) keys.add(e.occurrenceStart.toISOString());
  return [...keys]
    .map((key) => occurrenceOf(plan, exceptions, key))
    .filter((o): o is OccurrenceAt => o !== null && wanted(o))
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
    .slice(0, limit);
}
