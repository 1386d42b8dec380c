import { nextOccurrence, isOccurrenceStart, type PlanSeries } from '@plaza/core/plan-occurrences';
import { WHOLE_PLAN, type PlanOccurrenceChanges } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput } from '../../graphql/errors.ts';
import { planLoaders, type PlanRow } from './plan-loaders.ts';

/** One occurrence of a plan: the plan itself when it does not repeat (decision 0009). */
export interface PlanOccurrence {
  /** '' for a plan that does not repeat; else the occurrence's original start, ISO in UTC. */
  key: string;
  startsAt: Date;
  endsAt: Date;
  changes: PlanOccurrenceChanges;
}

export function seriesOf(plan: PlanRow): PlanSeries | null {
  return plan.recurrence
    ? { start: plan.startsAt, timezone: plan.timezone, recurrence: plan.recurrence }
    : null;
}

/** Occurrences looked at when skipping cancelled ones before giving up. */
const MAX_SKIPPED = 366;

/**
 * The occurrence a request means: the one named (its original start, ISO) or, when none is named,
 * the next one not yet over. A name that is not an occurrence of the plan is BAD_USER_INPUT.
 */
export async function resolveOccurrence(
  context: RequestContext,
  plan: PlanRow,
  named: string | null | undefined,
): Promise<PlanOccurrence> {
  const series = seriesOf(plan);
  const length = plan.endsAt.getTime() - plan.startsAt.getTime();
  if (!series) {
    if (named) throw badUserInput('occurrence', 'This plan does not repeat.');
    return { key: WHOLE_PLAN, startsAt: plan.startsAt, endsAt: plan.endsAt, changes: {} };
  }
  const exceptions = await planLoaders(context).occurrences.load(plan.id);
  const exceptionAt = (start: Date) =>
    exceptions.find((e) => e.occurrenceStart.getTime() === start.getTime());
  const occurrenceAt = (start: Date): PlanOccurrence => {
    const exception = exceptionAt(start);
    return {
      key: start.toISOString(),
      startsAt: exception?.startsAt ?? start,
      endsAt: exception?.endsAt ?? new Date(start.getTime() + length),
      changes: exception?.changes ?? {},
    };
  };
  if (named) {
    const start = new Date(named);
    if (Number.isNaN(start.getTime()) || !isOccurrenceStart(series, start) || exceptionAt(start)?.cancelled)
      throw badUserInput('occurrence', 'This plan has no occurrence starting then.');
    return occurrenceAt(start);
  }
  let candidate: Date | null = new Date(Math.max(Date.now() - length, plan.startsAt.getTime() - 1));
  for (let skipped = 0; skipped < MAX_SKIPPED; skipped++) {
    candidate = nextOccurrence(series, candidate);
    if (!candidate) break;
    if (!exceptionAt(candidate)?.cancelled) return occurrenceAt(candidate);
  }
  // A series that has ended (or is all cancelled) shows its first occurrence.
  return occurrenceAt(plan.startsAt);
}
