import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput } from '../../graphql/errors.ts';
import type { DateFilter } from '../social/list-user-plans.ts';
import { rows } from '../social/social-sql.ts';
import { planLoaders } from './plan-loaders.ts';
import { resolveOccurrence } from './plan-occurrence.ts';
import type { PlanCard } from './plan-type.ts';
import { plansCreatedOrAnswered } from './person-plans-sql.ts';
import { planVisibleTo } from './plan-visibility-sql.ts';
import { planCardOf } from './plan-view.ts';

export const MY_PLANS_PAGE_SIZE = 10;

export interface MyPlansPage {
  hasMore: boolean;
  nextPage: number | null;
  dateFilter: DateFilter;
  plans: PlanCard[];
}

/**
 * The viewer's plans: created, invited to, or answered with anything but a no. A repeating plan is
 * upcoming until its end date passes, and shows its next occurrence.
 */
export async function listMyPlans(
  context: RequestContext,
  input: { userId: number; page: number; dateFilter: DateFilter },
): Promise<MyPlansPage> {
  if (!Number.isInteger(input.page) || input.page < 1) throw badUserInput('page', 'Pages start at 1.');
  const upcoming = sql`(p.ends_at >= now() OR (p.recurrence IS NOT NULL AND
    (p.recurrence->>'endDate' IS NULL OR (p.recurrence->>'endDate')::date >= (now() AT TIME ZONE p.timezone)::date)))`;
  const found = await rows<{ id: number }>(
    context.store.db,
    sql`SELECT p.id FROM plans p
        WHERE p.id IN ${plansCreatedOrAnswered(
          input.userId,
          sql`(r.response IS NULL OR r.response NOT IN ('UNATTENDING', 'UNINTERESTED'))`,
        )}
          AND ${planVisibleTo('p', input.userId)}
          AND ${input.dateFilter === 'upcoming' ? upcoming : sql`NOT ${upcoming}`}
        ORDER BY p.starts_at ${input.dateFilter === 'upcoming' ? sql`ASC` : sql`DESC`}, p.id
        LIMIT ${MY_PLANS_PAGE_SIZE + 1} OFFSET ${(input.page - 1) * MY_PLANS_PAGE_SIZE}`,
  );
  const plans = await Promise.all(
    found.slice(0, MY_PLANS_PAGE_SIZE).map(async ({ id }) => {
      const row = (await planLoaders(context).row.load(Number(id)))!;
      return planCardOf(context, row, await resolveOccurrence(context, row, null));
    }),
  );
  const hasMore = found.length > MY_PLANS_PAGE_SIZE;
  return { hasMore, nextPage: hasMore ? input.page + 1 : null, dateFilter: input.dateFilter, plans };
}
