import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { badUserInput } from '../../graphql/errors.ts';
import { PLAN_CARD_COLUMNS, planCardOf, type PlanCardSqlRow } from '../plans/plan-card-sql.ts';
import { plansCreatedOrAnswered } from '../plans/person-plans-sql.ts';
import type { PlanCard } from '../plans/plan-type.ts';
import { planVisibleTo } from '../plans/plan-visibility-sql.ts';
import { rows } from './social-sql.ts';

export type DateFilter = 'upcoming' | 'past';
export const PLANS_PAGE_SIZE = 10;

export function parseDateFilter(value: string | null | undefined, field: string): DateFilter | null {
  if (value == null || value === '') return null;
  if (value === 'upcoming' || value === 'past') return value;
  throw badUserInput(field, 'The date filter is upcoming or past.');
}

export interface UserPlansPage {
  hasMore: boolean;
  /** True when this answer covers every plan of its filter and no other filter is left to try. */
  searchedAll: boolean;
  nextPage: number | null;
  /** How many plans the next page holds (0 when there is none). */
  nextPageTotal: number;
  dateFilter: DateFilter;
  plans: PlanCard[];
}

async function pageOf(
  db: Database,
  input: { userId: number; viewerId: number | null; dateFilter: DateFilter; page: number },
) {
  const isSelf = input.viewerId === input.userId;
  const when = input.dateFilter === 'upcoming' ? sql`p.ends_at >= now()` : sql`p.ends_at < now()`;
  const order = input.dateFilter === 'upcoming' ? sql`p.starts_at ASC, p.id` : sql`p.starts_at DESC, p.id`;
  const offset = (input.page - 1) * PLANS_PAGE_SIZE;
  const found = await rows<PlanCardSqlRow>(
    db,
    sql`SELECT ${PLAN_CARD_COLUMNS}
        FROM plans p JOIN users u ON u.id = p.creator_id
        WHERE p.id IN ${plansCreatedOrAnswered(input.userId, sql`r.response = 'ATTENDING'`)}
          AND ${when} AND ${isSelf ? sql`true` : planVisibleTo('p', input.viewerId)}
        ORDER BY ${order} LIMIT ${PLANS_PAGE_SIZE * 2 + 1} OFFSET ${offset}`,
  );
  const plans: PlanCard[] = found.slice(0, PLANS_PAGE_SIZE).map(planCardOf);
  const nextPageTotal = Math.min(Math.max(found.length - PLANS_PAGE_SIZE, 0), PLANS_PAGE_SIZE);
  return { plans, nextPageTotal };
}

/**
 * A person's plans (created or attending), by page number as the spec pages events. Others see only
 * the plans they may view (decision 0009). When the first page of `dateFilter` is empty and
 * `dateFilterOnEmpty` is given, that filter is used instead; `dateFilter` in the answer says which one was.
 */
export async function listUserPlans(
  db: Database,
  input: {
    userId: number;
    viewerId: number | null;
    page: number;
    dateFilter: DateFilter;
    dateFilterOnEmpty: DateFilter | null;
  },
): Promise<UserPlansPage> {
  if (!Number.isInteger(input.page) || input.page < 1) throw badUserInput('page', 'Pages start at 1.');
  let dateFilter = input.dateFilter;
  let result = await pageOf(db, { ...input, dateFilter });
  const canFallBack = input.dateFilterOnEmpty !== null && input.dateFilterOnEmpty !== dateFilter;
  if (result.plans.length === 0 && input.page === 1 && canFallBack) {
    dateFilter = input.dateFilterOnEmpty!;
    result = await pageOf(db, { ...input, dateFilter });
  }
  const hasMore = result.nextPageTotal > 0;
  return {
    hasMore,
    searchedAll: !hasMore && (dateFilter !== input.dateFilter || !canFallBack),
    nextPage: hasMore ? input.page + 1 : null,
    nextPageTotal: result.nextPageTotal,
    dateFilter,
    plans: result.plans,
  };
}
