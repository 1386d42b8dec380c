import type { RequestContext } from '../../graphql/context.ts';
import { groupLoaders } from '../groups/group-loaders.ts';
import { loadPlanAccess, type PlanAccess } from './plan-access.ts';
import { planLoaders, type PlanRow } from './plan-loaders.ts';
import { resolveOccurrence, type PlanOccurrence } from './plan-occurrence.ts';
import type { PlanCard } from './plan-type.ts';
import { keptOn } from '../../once-per.ts';

/** What most of the Plan type's fields read: the row and the occurrence shown. */
export interface PlanRowView {
  row: PlanRow;
  occurrence: PlanOccurrence;
}

/** Everything the Plan type's fields read: the row, the viewer's access, and the occurrence shown. */
export interface PlanView extends PlanRowView {
  access: PlanAccess;
}

const rowViews = keptOn<PlanCard, Promise<PlanRowView>>();
const views = keptOn<PlanCard, Promise<PlanView>>();

/**
 * The row and occurrence behind a card, loaded once per card and request: the fields that show the
 * plan as it is (its title, times, place, counts) read only this, so a list's cards (explore,
 * search) read no facts of the viewer's toward each plan unless a field asks what the viewer may do.
 * The list that found the plans decided that the viewer may see them.
 */
export function rowViewOf(context: RequestContext, card: PlanCard): Promise<PlanRowView> {
  let view = rowViews.get(card);
  if (!view) {
    view = (async () => {
      const row = await planLoaders(context).row.load(card.id);
      if (!row) throw new Error(`plan ${card.id} vanished`);
      const occurrence = await (card.occurrence ?? resolveOccurrence(context, row, null));
      return { row, occurrence };
    })();
    rowViews.set(card, view);
  }
  return view;
}

/** The view behind a card with the viewer's access to the plan, loaded once per card and request. */
export function viewOf(context: RequestContext, card: PlanCard): Promise<PlanView> {
  let view = views.get(card);
  if (!view) {
    view = (async () => {
      // The access read beside the occurrence, not after it (each may read the store).
      const row = await planLoaders(context).row.load(card.id);
      if (!row) throw new Error(`plan ${card.id} vanished`);
      const [rowView, access] = await Promise.all([rowViewOf(context, card), loadPlanAccess(context, row)]);
      return { ...rowView, access };
    })();
    views.set(card, view);
  }
  return view;
}

/** The picture of the plan's creator: read with its card row (planLoaders' cardRow), else with theirs. */
async function creatorImageOf(context: RequestContext, row: PlanRow): Promise<string | null> {
  const known = planLoaders(context).creatorImages.get(row.id);
  if (known !== undefined) return known;
  return (await groupLoaders(context).user.load(row.creatorId))?.image ?? null;
}

/** A card for one occurrence of a plan: its times and its own changes ("Only this plan") applied. */
export async function planCardOf(
  context: RequestContext,
  row: PlanRow,
  occurrence: PlanOccurrence,
): Promise<PlanCard> {
  const changes = occurrence.changes;
  const own = changes.image !== undefined ? changes.image : row.image;
  return {
    id: row.id,
    key: row.key,
    slug: row.slug,
    title: changes.title ?? row.title,
    image: own ?? (await creatorImageOf(context, row)),
    startsAt: occurrence.startsAt,
    endsAt: occurrence.endsAt,
    timezone: row.timezone,
    locationName: changes.locationName !== undefined ? changes.locationName : row.locationName,
    city: changes.city !== undefined ? changes.city : row.city,
    occurrence,
  };
}

/** A field of the occurrence: its own change when it has one, else the series'. */
export function occurrenceField<K extends keyof PlanOccurrence['changes'] & keyof PlanRow>(
  view: PlanRowView,
  field: K,
): PlanRow[K] | NonNullable<PlanOccurrence['changes'][K]> | null {
  const changed = view.occurrence.changes[field];
  return changed !== undefined
    ? (changed as NonNullable<PlanOccurrence['changes'][K]> | null)
    : view.row[field];
}
