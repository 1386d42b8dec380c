import { asc, count, sql } from 'drizzle-orm';
import { pageNumbers, pageRequestProblem } from '@plaza/core/page-numbers';
import type { Database } from '../../db/client.ts';
import { organizations } from '../../db/schema/index.ts';
import { badUserInput } from '../../graphql/errors.ts';
import type { OrganizationRow } from './organization-loaders.ts';

/** One page of a numbered list (spec 3: paginated with total, lastPage, currentPage). */
export interface NumberedPage<T> {
  data: T[];
  total: number;
  perPage: number;
  currentPage: number;
  lastPage: number;
}

/** Checks page and perPage (pages from 1, 1 to 100 a page), or BAD_USER_INPUT naming the argument. */
export function checkPageRequest(page: number, perPage: number): void {
  const problem = pageRequestProblem(page, perPage);
  if (problem) throw badUserInput(problem.field, problem.message);
}

/** Every organization by name (spec 7.2 organizations(page, perPage)). */
export async function listOrganizations(
  db: Database,
  page: number,
  perPage: number,
): Promise<NumberedPage<OrganizationRow>> {
  checkPageRequest(page, perPage);
  const [counted] = await db.select({ n: count() }).from(organizations);
  const numbers = pageNumbers(Number(counted?.n ?? 0), page, perPage);
  const data =
    numbers.offset >= numbers.total
      ? []
      : await db
          .select()
          .from(organizations)
          .orderBy(sql`lower(${organizations.name})`, asc(organizations.id))
          .limit(perPage)
          .offset(numbers.offset);
  return { data, ...numbers };
}
