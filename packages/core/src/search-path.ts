/**
 * The search pages of spec 2.1: `/s/<search?>` over everything and `/s/<context>/<search?>` for
 * groups, events or people. A first segment naming a context is the context.
 */
export const SEARCH_CONTEXTS = ['groups', 'events', 'people'] as const;
export type SearchContextPath = (typeof SEARCH_CONTEXTS)[number];

/** What the API calls each context. */
export const SEARCH_CONTEXT_API: Record<SearchContextPath | 'all', 'ALL' | 'GROUPS' | 'EVENTS' | 'PEOPLE'> = {
  all: 'ALL',
  groups: 'GROUPS',
  events: 'EVENTS',
  people: 'PEOPLE',
};

export const EMPTY_QUERY_MESSAGE = 'A query must be provided.';

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The context and text of a path below /s/ (the splat, e.g. "events/picnic"). */
export function parseSearchPath(splat: string): { context: SearchContextPath | null; text: string } {
  const segments = splat.split('/').filter((s) => s.length > 0);
  const first = segments[0];
  if (first && (SEARCH_CONTEXTS as readonly string[]).includes(first)) {
    return { context: first as SearchContextPath, text: decode(segments.slice(1).join('/')).trim() };
  }
  return { context: null, text: decode(segments.join('/')).trim() };
}

/** The path of a search: `/s/<text>` or `/s/<context>/<text>`; empty text gives the bare page. */
export function searchPath(context: SearchContextPath | null, text: string): string {
  const query = text.trim();
  const encoded = query ? encodeURIComponent(query) : '';
  if (context) return encoded ? `/s/${context}/${encoded}` : `/s/${context}`;
  return encoded ? `/s/${encoded}` : '/s';
}
