import { mayTrack } from '@plaza/core/consent';
import type { ScriptStart } from './after-first-paint.server.ts';

/**
 * The pages a signed-out visitor comes to read (issue 11's public pages: the home page, a plan, a
 * group, a profile and its sections; and the site's pages of text; with explore and search,
 * READ_BY_VISITORS_FAMILIES): their scripts wait for the visitor's first sign of interaction
 * (decision 0033).
 */
export const READ_BY_VISITORS: ReadonlySet<string> = new Set([
  'routes/home',
  'routes/plan',
  'routes/group',
  'routes/public-profile',
  'routes/public-profile-events',
  'routes/public-profile-events-past',
  'routes/public-profile-groups',
  'routes/public-profile-friends',
  'routes/company',
  'routes/impact',
  'routes/press',
  'routes/faq',
  'routes/creators',
  'routes/copyright',
  'routes/download-agreement',
  'routes/community-rules',
  'routes/community-guidelines',
  'routes/privacy-policy',
  'routes/privacy',
  'routes/terms-of-service',
  'routes/tos',
]);

/**
 * Families of pages a visitor reads too, each a route module with many shapes of address (routes.ts
 * spells each shape with its own id: `routes/explore-index`, `routes/explore-e-place-events`…): explore
 * (its plans, people and hashtags near a place) and search's results. Their buttons (more plans,
 * the place picker, the filters) start the scripts as any other's.
 */
const READ_BY_VISITORS_FAMILIES = ['routes/explore', 'routes/search'];

/** True for a page of READ_BY_VISITORS or of one of READ_BY_VISITORS_FAMILIES. */
export function isReadByVisitors(routeId: string): boolean {
  return (
    READ_BY_VISITORS.has(routeId) ||
    READ_BY_VISITORS_FAMILIES.some((family) => routeId === family || routeId.startsWith(`${family}-`))
  );
}

/**
 * Parameters that social sites, ads and mail tools add to a shared link, which Plaza never reads:
 * a link shared on Instagram or Facebook arrives with `fbclid` or `igshid`, and is still a page to read.
 */
const SHARED_LINK_TRACKING =
  /^(utm_[a-z_]+|fbclid|gclid|dclid|gbraid|wbraid|msclkid|igshid|twclid|ttclid|mc_cid|mc_eid)$/i;

/** True when the query has a parameter Plaza may read (`?signin=1`, an invitation, a share key…). */
function asksForTheApp(search: string): boolean {
  return [...new URLSearchParams(search).keys()].some((name) => !SHARED_LINK_TRACKING.test(name));
}

export interface PageFacts {
  /** The id of the page's deepest route. */
  routeId: string | undefined;
  /** The response's status: an error page starts as any other. */
  status: number;
  /** The request's query with its "?", or "": a parameter but trackers' (`?signin=1`, an invitation) asks for the app. */
  search: string;
  isSignedIn: boolean;
  /** The visitor's cookie consent choice: page views are counted by the app once it runs. */
  consentMask: number | null;
}

/**
 * When the page's scripts start (decision 0033): on the visitor's intent for a signed-out visitor
 * reading a page of READ_BY_VISITORS (or its families) as shared (no query but trackers'), unless they allowed analytics (whose page
 * view the app records as it starts); after the first paint otherwise (decision 0030).
 */
export function scriptStartOf(page: PageFacts): ScriptStart {
  const readsOnly =
    page.routeId !== undefined &&
    isReadByVisitors(page.routeId) &&
    page.status === 200 &&
    !asksForTheApp(page.search) &&
    !page.isSignedIn &&
    !mayTrack(page.consentMask);
  return readsOnly ? 'on-intent' : 'after-first-paint';
}
