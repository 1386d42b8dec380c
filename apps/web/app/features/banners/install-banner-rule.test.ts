import { describe, expect, it } from 'vitest';
import { PUBLIC_KEY_ROUTE_ID, showsInstallBanner } from './install-banner-rule.ts';

const signedOut = (pathname: string, routeId = 'routes/page') =>
  showsInstallBanner({ pathname, routeId, isSignedIn: false });

describe('showsInstallBanner', () => {
  it('suggests the app to signed-out visitors on marketing pages', () => {
    for (const path of ['/', '/company', '/impact', '/press', '/download', '/groups-near-me']) {
      expect(signedOut(path), path).toBe(true);
    }
  });

  it('never shows to signed-in users', () => {
    expect(showsInstallBanner({ pathname: '/', routeId: 'routes/home', isSignedIn: true })).toBe(false);
  });

  it('stays off the pages of spec 2.4, their aliases included', () => {
    const pages = [
      '/download-agreement',
      '/faq',
      '/privacy-policy',
      '/privacy',
      '/terms-of-service',
      '/tos',
      '/community-guidelines',
      '/community-rules',
      '/community',
    ];
    for (const path of pages) expect(signedOut(path), path).toBe(false);
  });

  it('matches like the router: any case, with or without a trailing slash', () => {
    expect(signedOut('/FAQ/')).toBe(false);
    expect(signedOut('/Privacy-Policy')).toBe(false);
  });

  it('stays off anything under /group/ and /community/', () => {
    expect(signedOut('/group/board-games/abc12345')).toBe(false);
    expect(signedOut('/group/board-games/abc12345/invite')).toBe(false);
    expect(signedOut('/community/create')).toBe(false);
  });

  it('does not treat look-alike paths as those sections', () => {
    expect(signedOut('/groups')).toBe(true);
    expect(signedOut('/communitygarden')).toBe(true);
    expect(signedOut('/faq-old')).toBe(true);
  });

  it('stays off public key pages, found by their route id', () => {
    expect(signedOut('/maria/abc12345', PUBLIC_KEY_ROUTE_ID)).toBe(false);
  });
});
