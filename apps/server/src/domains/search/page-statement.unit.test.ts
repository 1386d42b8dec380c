import { fillPlaceholders } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { pageParameters, pageShape, pageWithPlaceholders, type PageValues } from './page-statement.ts';
import { groupList } from './search-groups.ts';
import { personList } from './search-people.ts';
import { planList } from './search-plans.ts';
import { nearParams, type PageInput } from './search-sql.ts';
import { exactMatch } from './text-query.ts';

const dialect = new PgDialect();

/** The page's input with its values written in, as the statement was built before decision 0043's later note. */
function withValues(page: PageValues): PageInput {
  return { ...page, near: page.near && nearParams(page.near) };
}

const exact = exactMatch(['cozy', 'picnic']);
const typos = { ...exact, match: '(cozy:* | cosy) & picnic:*', exact: exact.match };
const lisbon = { latitude: 38.7223, longitude: -9.1393 };

/** Every shape of a page: signed in or not, near words or not, a place or not. */
const pages: PageValues[] = [null, 7].flatMap((viewerId) =>
  [exact, typos].flatMap((text) =>
    [null, lisbon].map((near) => ({
      text,
      near,
      viewerId,
      friends: viewerId === null ? [] : [3, 5, 8],
      around: viewerId === null ? { ids: [], counts: [] } : { ids: [11, 12], counts: [2, 1] },
      candidates: [21, 22, 23],
      since: new Date('2026-12-06T01:00:00.000Z'),
      offset: 20,
      limit: 20,
    })),
  ),
);

describe('a page built once per shape with placeholders (search, decision 0043)', () => {
  for (const list of [planList, groupList, personList]) {
    it(`is the ${list.name} page built with its values, for every shape`, () => {
      const shapes = new Set<string>();
      for (const page of pages) {
        const direct = dialect.sqlToQuery(list.page(withValues(page)));
        const shaped = dialect.sqlToQuery(list.page(pageWithPlaceholders(page)));
        expect(shaped.sql).toBe(direct.sql);
        // The values as the statement sends them: the ranking's time as text either way.
        const sent = direct.params.map((value) => (value instanceof Date ? value.toISOString() : value));
        expect(fillPlaceholders(shaped.params, pageParameters(page))).toEqual(sent);
        shapes.add(pageShape(list.name, page));
      }
      // One statement text per shape (people are not ranked by a place: theirs has four).
      const texts = new Map<string, string>();
      for (const page of pages)
        texts.set(pageShape(list.name, page), dialect.sqlToQuery(list.page(pageWithPlaceholders(page))).sql);
      expect(shapes.size).toBe(8);
      expect(new Set(texts.values()).size).toBe(list === personList ? 4 : 8);
    });
  }

  it('tells a page of another text, place or viewer of the same shape by its values alone', () => {
    const [first] = pages.filter((page) => page.viewerId !== null && page.near !== null);
    const other = {
      ...first!,
      text: exactMatch(['chess']),
      near: { latitude: 52.52, longitude: 13.405 },
      viewerId: 9,
    };
    expect(pageShape('plans', other)).toBe(pageShape('plans', first!));
    expect(pageParameters(other)).toMatchObject({ match: 'chess:*', viewer: 9, latitudeE6: 52_520_000 });
  });
});
