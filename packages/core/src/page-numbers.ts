/**
 * Lists paged by number (spec 3 "Organization list: paginated with total, lastPage, currentPage").
 * Pages count from 1; a page may hold 1 to 100 entries.
 */
export const PER_PAGE_MAX = 100;

export interface PageNumbers {
  total: number;
  perPage: number;
  currentPage: number;
  /** The last page that holds anything; 1 for an empty list. */
  lastPage: number;
  /** How many entries come before the current page. */
  offset: number;
}

export type PageRequestProblem = { field: 'page' | 'perPage'; message: string };

/** Why a page request cannot be answered, or null when it can. */
export function pageRequestProblem(page: number, perPage: number): PageRequestProblem | null {
  if (!Number.isInteger(page) || page < 1) return { field: 'page', message: 'Pages start at 1.' };
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > PER_PAGE_MAX)
    return { field: 'perPage', message: `perPage is between 1 and ${PER_PAGE_MAX}.` };
  return null;
}

/** The numbers of one page of a list of `total` entries; a page past the last one is empty. */
export function pageNumbers(total: number, page: number, perPage: number): PageNumbers {
  return {
    total,
    perPage,
    currentPage: page,
    lastPage: Math.max(1, Math.ceil(total / perPage)),
    offset: (page - 1) * perPage,
  };
}
