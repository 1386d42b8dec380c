import { describe, expect, it } from 'vitest';
import { ESSENTIAL_ONLY_MASK } from '@plaza/core/consent';
import { CONSENT_FULL_MASK } from '@plaza/core/cookie-consent';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import routes from '../../routes.ts';
import { READ_BY_VISITORS, isReadByVisitors, scriptStartOf, type PageFacts } from './script-start.server.ts';

const visitorOnPlan: PageFacts = {
  routeId: 'routes/plan',
  status: 200,
  search: '',
  isSignedIn: false,
  consentMask: null,
};

describe('scriptStartOf', () => {
  it("waits for a signed-out visitor's intent on the pages they come to read", () => {
    for (const routeId of [
      'routes/home',
      'routes/plan',
      'routes/group',
      'routes/public-profile',
      'routes/faq',
      'routes/explore-index',
      'routes/explore-e-place-events-search',
      'routes/explore-tags',
      'routes/search-text',
    ]) {
      expect(scriptStartOf({ ...visitorOnPlan, routeId })).toBe('on-intent');
    }
    expect(scriptStartOf({ ...visitorOnPlan, consentMask: ESSENTIAL_ONLY_MASK })).toBe('on-intent');
    // A link shared on a social site carries its trackers: still a page to read.
    for (const search of ['?fbclid=IwAR0x', '?igshid=abc', '?utm_source=newsletter&utm_medium=email']) {
      expect(scriptStartOf({ ...visitorOnPlan, search }), search).toBe('on-intent');
    }
  });

  it('starts after the first paint for people signed in, other pages, queries, errors and analytics consent', () => {
    expect(scriptStartOf({ ...visitorOnPlan, isSignedIn: true })).toBe('after-first-paint');
    for (const routeId of ['routes/login', 'routes/explorer', 'routes/chat-room', undefined]) {
      expect(scriptStartOf({ ...visitorOnPlan, routeId })).toBe('after-first-paint');
    }
    for (const search of ['?signin=1', '?k=share-key', '?utm_source=x&invite_key=abc', '?occurrence=2']) {
      expect(scriptStartOf({ ...visitorOnPlan, search }), search).toBe('after-first-paint');
    }
    expect(scriptStartOf({ ...visitorOnPlan, status: 404 })).toBe('after-first-paint');
    // The app records the page view of a visitor who allowed analytics as it starts.
    expect(scriptStartOf({ ...visitorOnPlan, consentMask: CONSENT_FULL_MASK })).toBe('after-first-paint');
  });

  // An id is the file without its extension unless given.
  const idsByFile = new Map<string, string[]>();
  const collect = (entries: RouteConfigEntry[]) => {
    for (const entry of entries) {
      const ids = idsByFile.get(entry.file) ?? [];
      ids.push(entry.id ?? entry.file.replace(/\.tsx?$/, ''));
      idsByFile.set(entry.file, ids);
      collect(entry.children ?? []);
    }
  };
  collect(routes);

  it('names routes of the route table', () => {
    const ids = new Set([...idsByFile.values()].flat());
    for (const id of READ_BY_VISITORS) expect(ids, id).toContain(id);
  });

  it('counts every shape of address of explore, its hashtags and search', () => {
    for (const file of ['routes/explore.tsx', 'routes/explore-tags.tsx', 'routes/search.tsx']) {
      const ids = idsByFile.get(file) ?? [];
      expect(ids.length, file).toBeGreaterThan(0);
      for (const id of ids) expect(isReadByVisitors(id), id).toBe(true);
    }
  });
});
