import { describe, expect, it } from 'vitest';
import { errorActionOf, errorDetails } from './error-details.ts';

/** The shape React Router gives a thrown `data(...)` or Response. */
function routeError(status: number, data: unknown = null, statusText = '') {
  return { status, statusText, internal: false, data };
}

const production = { isDevelopment: false };
const development = { isDevelopment: true };

describe('errorDetails', () => {
  it('titles 403, 404 and 503 as spec 2.4 says and everything else as unexpected', () => {
    expect(errorDetails(routeError(403), production).title).toBe('Forbidden');
    expect(errorDetails(routeError(404), production).title).toBe('Page not found');
    expect(errorDetails(routeError(503, { maintenance: true }), production).title).toBe('Maintenance');
    expect(errorDetails(routeError(503), production).title).toBe('Something unexpected happened');
    expect(errorDetails(routeError(500), production).title).toBe('Something unexpected happened');
    expect(errorDetails(routeError(418), production).title).toBe('Something unexpected happened');
    expect(errorDetails(new Error('boom'), production).title).toBe('Something unexpected happened');
  });

  it('says "This page could not be found" for a 404', () => {
    expect(errorDetails(routeError(404), production).explanation).toBe('This page could not be found');
  });

  it('maps a GraphQL error by its code when nothing gives a status', () => {
    expect(errorDetails({ message: 'no', extensions: { code: 'FORBIDDEN' } }, production).status).toBe(403);
    expect(
      errorDetails({ errors: [{ message: 'x', extensions: { code: 'NOT_FOUND' } }] }, production).status,
    ).toBe(404);
  });

  it('replaces the whole page only for maintenance', () => {
    expect(errorDetails(routeError(503, { maintenance: true }), production).isFullPage).toBe(true);
    expect(errorDetails(routeError(503), production).isFullPage).toBe(false);
    expect(errorDetails(routeError(500), production).isFullPage).toBe(false);
  });

  it('explains a chunk that could not be loaded', () => {
    const error = new Error('Part of Plaza could not be loaded.');
    error.name = 'ChunkLoadError';
    expect(errorDetails(error, production).explanation).toMatch(/could not be loaded/);
    expect(errorDetails(new Error('x'), production).explanation).not.toMatch(/could not be loaded/);
  });

  it('shows the raw message in development only', () => {
    const error = routeError(500, { message: 'database is on fire' });
    expect(errorDetails(error, production).rawMessage).toBeNull();
    expect(errorDetails(error, development).rawMessage).toBe('database is on fire');
    expect(errorDetails(new Error('secret detail'), production).rawMessage).toBeNull();
    expect(errorDetails(new Error('secret detail'), development).rawMessage).toContain('secret detail');
  });

  it('takes the action button from the error data', () => {
    const error = routeError(403, { action: { label: 'Ask to join', href: '/group/hikers/abc12345' } });
    expect(errorDetails(error, production).action).toEqual({
      label: 'Ask to join',
      href: '/group/hikers/abc12345',
    });
    expect(errorDetails(routeError(404), production).action).toBeNull();
  });
});

describe('errorActionOf', () => {
  it('accepts in-app paths and https addresses', () => {
    expect(errorActionOf({ action: { label: 'Status', href: '/healthcheck-all' } })).not.toBeNull();
    expect(
      errorActionOf({ action: { label: 'Status', href: 'https://status.example.org/' } }),
    ).not.toBeNull();
  });

  it('refuses links that could run script or leave for another site unannounced', () => {
    expect(errorActionOf({ action: { label: 'x', href: 'javascript:alert(1)' } })).toBeNull();
    expect(errorActionOf({ action: { label: 'x', href: '//evil.example' } })).toBeNull();
    expect(errorActionOf({ action: { label: '', href: '/' } })).toBeNull();
    expect(errorActionOf({ action: 'Go' })).toBeNull();
    expect(errorActionOf(null)).toBeNull();
  });
});
