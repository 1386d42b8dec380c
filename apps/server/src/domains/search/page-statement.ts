import { sql } from 'drizzle-orm';
import { idArrayValue } from '../../db/id-array.ts';
import { nearParams, type Around, type Coordinates, type PageInput, type SearchList } from './search-sql.ts';
import type { TextMatch } from './text-query.ts';

/** What one viewer's page of a list is asked with (search.ts). */
export interface PageValues {
  text: TextMatch;
  near: Coordinates | null;
  viewerId: number | null;
  friends: readonly number[];
  around: Around;
  candidates: readonly number[];
  since: Date;
  offset: number;
  limit: number;
}

/** Every value of a page as the placeholder it is filled in for (search-sql.ts PageInput). */
const PLACEHOLDERS = {
  text: { match: sql.placeholder('match'), exact: sql.placeholder('exact'), whole: sql.placeholder('whole') },
  near: {
    latitudeE6: sql.placeholder('latitudeE6'),
    longitudeE6: sql.placeholder('longitudeE6'),
    cos: sql.placeholder('cos'),
  },
  viewerId: sql.placeholder('viewer'),
  friends: sql.placeholder('friends'),
  around: { ids: sql.placeholder('aroundIds'), counts: sql.placeholder('aroundCounts') },
  candidates: sql.placeholder('candidates'),
  since: sql.placeholder('since'),
  offset: sql.placeholder('offset'),
  limit: sql.placeholder('limit'),
} satisfies PageInput;

/**
 * What a page's statement text depends on besides its list (decision 0043, later note): signed in
 * or not, near words for typos or not, a place or not. Everything else is a value.
 */
export function pageShape(list: SearchList<unknown>['name'], page: PageValues): string {
  return [
    list,
    page.viewerId === null ? 'visitor' : 'viewer',
    page.text.exact === null ? 'exact' : 'typos',
    page.near ? 'near' : 'anywhere',
  ].join(':');
}

/** The page's input for its shape, with placeholders where its values go (pageParameters). */
export function pageWithPlaceholders(page: PageValues): PageInput {
  return {
    ...PLACEHOLDERS,
    text: { ...PLACEHOLDERS.text, exact: page.text.exact === null ? null : PLACEHOLDERS.text.exact },
    near: page.near && PLACEHOLDERS.near,
    viewerId: page.viewerId === null ? null : PLACEHOLDERS.viewerId,
  };
}

/** The values of pageWithPlaceholders' placeholders, by name. */
export function pageParameters(page: PageValues): Record<string, unknown> {
  return {
    match: page.text.match,
    exact: page.text.exact,
    whole: page.text.whole,
    ...(page.near ? nearParams(page.near) : {}),
    viewer: page.viewerId,
    friends: idArrayValue(page.friends),
    aroundIds: idArrayValue(page.around.ids),
    aroundCounts: idArrayValue(page.around.counts),
    candidates: idArrayValue(page.candidates),
    since: page.since.toISOString(),
    offset: page.offset,
    limit: page.limit,
  };
}
