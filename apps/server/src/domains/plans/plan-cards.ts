import type { RequestContext } from '../../graphql/context.ts';
import { planLoaders } from './plan-loaders.ts';
import { resolveOccurrence } from './plan-occurrence.ts';
import type { PlanCard } from './plan-type.ts';
import { planCardOf } from './plan-view.ts';

/**
 * Cards of the plans, in order, through the request's loaders (cardRow: the rows with the responses
 * counted and the creators' pictures, which the cards' fields read again, in one statement); a
 * repeating plan shows its next occurrence, a plan gone meanwhile is left out.
 */
export async function planCards(context: RequestContext, ids: readonly number[]): Promise<PlanCard[]> {
  const cards = await Promise.all(
    ids.map(async (id) => {
      const row = await planLoaders(context).cardRow.load(id);
      return row ? planCardOf(context, row, await resolveOccurrence(context, row, null)) : null;
    }),
  );
  return cards.filter((card): card is PlanCard => card !== null);
}

/** The rows a loader found, in order: those gone meanwhile left out, a failed read thrown. */
export function loadedRows<T>(loaded: ReadonlyArray<T | null | Error>): T[] {
  const rows: T[] = [];
  for (const row of loaded) {
    if (row instanceof Error) throw row;
    if (row !== null) rows.push(row);
  }
  return rows;
}
