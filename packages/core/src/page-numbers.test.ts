import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PER_PAGE_MAX, pageNumbers, pageRequestProblem } from './page-numbers.ts';

describe('page numbers', () => {
  it('give the last page and where the current one starts', () => {
    expect(pageNumbers(45, 1, 20)).toEqual({
      total: 45,
      perPage: 20,
      currentPage: 1,
      lastPage: 3,
      offset: 0,
    });
    expect(pageNumbers(45, 3, 20)).toMatchObject({ lastPage: 3, offset: 40 });
    expect(pageNumbers(40, 2, 20)).toMatchObject({ lastPage: 2, offset: 20 });
  });

  it('call an empty list one page long', () => {
    expect(pageNumbers(0, 1, 20)).toMatchObject({ lastPage: 1, offset: 0 });
  });

  it('cover every entry exactly once across the pages', () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.integer({ min: 1, max: PER_PAGE_MAX }), (total, perPage) => {
        const { lastPage } = pageNumbers(total, 1, perPage);
        let seen = 0;
        for (let page = 1; page <= lastPage; page += 1) {
          const { offset } = pageNumbers(total, page, perPage);
          expect(offset).toBe(seen);
          seen += Math.max(0, Math.min(perPage, total - offset));
        }
        expect(seen).toBe(total);
        expect(pageNumbers(total, lastPage + 1, perPage).offset).toBeGreaterThanOrEqual(total);
      }),
    );
  });

  it('refuse pages below 1 and page sizes outside 1 to 100', () => {
    expect(pageRequestProblem(1, 1)).toBeNull();
    expect(pageRequestProblem(7, PER_PAGE_MAX)).toBeNull();
    expect(pageRequestProblem(0, 20)?.field).toBe('page');
    expect(pageRequestProblem(1.5, 20)?.field).toBe('page');
    expect(pageRequestProblem(1, 0)?.field).toBe('perPage');
    expect(pageRequestProblem(1, PER_PAGE_MAX + 1)).toEqual({
      field: 'perPage',
      message: 'perPage is between 1 and 100.',
    });
  });
});
