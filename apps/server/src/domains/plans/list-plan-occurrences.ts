import { occurrenceStarts } from '@plaza/core/plan-occurrences';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput } from '../../graphql/errors.ts';
import { planLoaders, type PlanRow } from './plan-loaders.ts';
import { resolveOccurrence, seriesOf } from './plan-occurrence.ts';
import type { PlanCard } from './plan-type.ts';
import { planCardOf } from './plan-view.ts';

export const OCCURRENCES_SHOWN = 100;

/** A plan's occurrences starting in [from, to), each with its own changes; cancelled ones left out. */
export async function listPlanOccurrences(
  context: RequestContext,
  plan: PlanRow,
  fromText: string,
  toText: string,
): Promise<PlanCard[]> {
  const from = new Date(fromText);
  const to = new Date(toText);
  if (Number.isNaN(from.getTime())) throw badUserInput('from', 'Give an ISO date and time.');
  if (Number.isNaN(to.getTime()) || to <= from)
    throw badUserInput('to', 'Give an ISO date and time after from.');
  const series = seriesOf(plan);
  if (!series) {
    const whole = await resolveOccurrence(context, plan, null);
    return whole.startsAt >= from && whole.startsAt < to ? [await planCardOf(context, plan, whole)] : [];
  }
  const cancelled = new Set(
    (await planLoaders(context).occurrences.load(plan.id))
      .filter((e) => e.cancelled)
      .map((e) => e.occurrenceStart.getTime()),
  );
  const starts = occurrenceStarts(series, from, to, OCCURRENCES_SHOWN + cancelled.size).filter(
    (start) => !cancelled.has(start.getTime()),
  );
  return Promise.all(
    starts
      .slice(0, OCCURRENCES_SHOWN)
      .map(async (start) =>
        planCardOf(context, plan, await resolveOccurrence(context, plan, start.toISOString())),
      ),
  );
}
