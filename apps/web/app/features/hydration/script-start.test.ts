import { describe, expect, it } from 'vitest';
import { ESSENTIAL_ONLY_MASK } from '@plaza/core/consent';
import { CONSENT_FULL_MASK } from '@plaza/core/cookie-consent';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import routes from '../../routes.ts';
import { READ_BY_VISITORS, scriptStartOf, type PageFacts } from './script-start.server.ts';

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
    for (const routeId of ['routes/explore-index', 'routes/search', 'routes/chat-room', undefined]) {
      expect(scriptStartOf({ ...visitorOnPlan, routeId })).toBe('after-first-paint');
    }
    for (const search of ['?signin=1', '?k=share-key', '?utm_source=x&invite_key=abc', '?occurrence=2']) {
      expect(scriptStartOf({ ...visitorOnPlan, search }), search).toBe('after-first-paint');
    }
    expect(scriptStartOf({ ...visitorOnPlan, status: 404 })).toBe('after-first-paint');
    // The app records the page view of a visitor who allowed analytics as it starts.
    expect(scriptStartOf({ ...visitorOnPlan, consentMask: CONSENT_FULL_MASK })).toBe('after-first-paint');
  });

  it('names routes of the route table (an id is the file without its extension unless given)', () => {
    const ids = new Set<string>();
    const collect = (entries: RouteConfigEntry[]) => {
      for (const entry of entries) {
        ids.add(entry.id ?? entry.file.replace(/\.tsx?$/, ''));
        collect(entry.children ?? []);
      }
    };
    collect(routes);
    for (const id of READ_BY_VISITORS) expect(ids, id).toContain(id);
  });
});
