/**
 * The explore pages of spec 2.1: `/explore`, `/explore/<filter>` and the main shape
 * `/e/<location?>/<filter?>/<search?>`, where the filter is events or people (spec 5: "The explore
 * filter is limited to events or people"). A first segment naming a filter is the filter, so
 * `/e/events` is every plan anywhere and `/e/lisbon/events/picnic` the picnics near Lisbon.
 */
export const EXPLORE_FILTERS = ['events', 'people'] as const;
export type ExploreFilterPath = (typeof EXPLORE_FILTERS)[number];

/** What the API calls each filter. */
export const EXPLORE_FILTER_API: Record<ExploreFilterPath | 'all', 'ALL' | 'EVENTS' | 'PEOPLE'> = {
  all: 'ALL',
  events: 'EVENTS',
  people: 'PEOPLE',
};

/** The orders plans can be explored in; the first is the default. */
export const EXPLORE_SORTS = ['nearest', 'soonest', 'popular'] as const;
export type ExploreSortPath = (typeof EXPLORE_SORTS)[number];

export interface ExplorePath {
  /** A place slug (or a city's name in slug form), as the URL carries it; null for anywhere. */
  location: string | null;
  filter: ExploreFilterPath | null;
  search: string;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function isExploreFilter(value: string | undefined): value is ExploreFilterPath {
  return value !== undefined && (EXPLORE_FILTERS as readonly string[]).includes(value.toLowerCase());
}

/** The location, filter and search of a path below /e/ (e.g. "lisbon/events/picnic"). */
export function parseExplorePath(splat: string): ExplorePath {
  const segments = splat.split('/').filter((s) => s.length > 0);
  let location: string | null = null;
  if (segments.length > 0 && !isExploreFilter(segments[0])) {
    location = decode(segments.shift()!).trim().toLowerCase() || null;
  }
  let filter: ExploreFilterPath | null = null;
  if (isExploreFilter(segments[0])) filter = segments.shift()!.toLowerCase() as ExploreFilterPath;
  return { location, filter, search: decode(segments.join('/')).trim() };
}

/**
 * The path of an exploration on the main shape; nothing at all gives `/explore`. A search with
 * neither place nor filter becomes a search of plans (`/e/events/<search>`), since `/e/<search>`
 * would name a place.
 */
export function explorePath({ location, filter, search }: ExplorePath): string {
  const parts: string[] = [];
  if (location?.trim()) parts.push(encodeURIComponent(location.trim().toLowerCase()));
  if (filter) parts.push(filter);
  const text = search.trim();
  if (text) {
    // A search alone would read as a place (/e/<location>): with no place, plans are searched.
    if (parts.length === 0) parts.push('events');
    parts.push(encodeURIComponent(text));
  }
  return parts.length === 0 ? '/explore' : `/e/${parts.join('/')}`;
}

/** The sort of a `?sort=` value; unknown values fall back to the default. */
export function exploreSortOf(value: string | null | undefined): ExploreSortPath {
  const lower = value?.toLowerCase();
  return (EXPLORE_SORTS as readonly string[]).includes(lower ?? '') ? (lower as ExploreSortPath) : 'nearest';
}

/** The hashtag explorer: `/explore/tags` (categories) and `/explore/tags/<name>`. */
export function hashtagPath(name: string): string {
  const bare = name.trim().replace(/^#+/, '');
  return bare ? `/explore/tags/${encodeURIComponent(bare.toLowerCase())}` : '/explore/tags';
}

/** A hashtag explorer's filters (spec 3): type upcoming or past; scope common, public or public-created. */
export const HASHTAG_TYPES = ['upcoming', 'past'] as const;
export type HashtagTypePath = (typeof HASHTAG_TYPES)[number];
export const HASHTAG_SCOPES = ['public', 'common', 'public-created'] as const;
export type HashtagScopePath = (typeof HASHTAG_SCOPES)[number];

export const HASHTAG_SCOPE_API: Record<HashtagScopePath, 'PUBLIC' | 'COMMON' | 'PUBLIC_CREATED'> = {
  public: 'PUBLIC',
  common: 'COMMON',
  'public-created': 'PUBLIC_CREATED',
};

export function hashtagTypeOf(value: string | null | undefined): HashtagTypePath {
  return value?.toLowerCase() === 'past' ? 'past' : 'upcoming';
}

export function hashtagScopeOf(value: string | null | undefined): HashtagScopePath {
  const lower = value?.toLowerCase();
  return (HASHTAG_SCOPES as readonly string[]).includes(lower ?? '') ? (lower as HashtagScopePath) : 'public';
}
