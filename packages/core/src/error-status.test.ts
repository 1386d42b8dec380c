import { describe, it, expect } from 'vitest';
import {
  errorPageTitle,
  errorStatus,
  isMaintenanceError,
  isReportedStatus,
  isUnauthenticatedError,
  requestErrorDisplay,
  unwrapGraphQLError,
} from './error-status.ts';

describe('errorStatus', () => {
  it('takes statusCode, then status, then response.status', () => {
    expect(errorStatus({ statusCode: 404, status: 403, response: { status: 401 } })).toBe(404);
    expect(errorStatus({ status: 403, response: { status: 401 } })).toBe(403);
    expect(errorStatus({ response: { status: 429 } })).toBe(429);
  });

  it('reads a status given as digits', () => {
    expect(errorStatus({ statusCode: '404' })).toBe(404);
  });

  it('skips values that are no HTTP status', () => {
    expect(errorStatus({ statusCode: 'oops', status: 0, response: { status: 418 } })).toBe(418);
    expect(errorStatus({ status: 1000 })).toBe(500);
    expect(errorStatus({ status: 404.5 })).toBe(500);
  });

  it('defaults to 500', () => {
    expect(errorStatus(new Error('boom'))).toBe(500);
    expect(errorStatus(undefined)).toBe(500);
    expect(errorStatus('boom')).toBe(500);
  });

  it('maps extension codes when there is no status', () => {
    expect(errorStatus({ extensions: { code: 'FORBIDDEN' } })).toBe(403);
    expect(errorStatus({ extensions: { code: 'NOT_FOUND' } })).toBe(404);
    expect(errorStatus({ extensions: { code: 503 } })).toBe(503);
    expect(errorStatus({ extensions: { code: '503' } })).toBe(503);
  });

  it('makes every other extension code 500', () => {
    for (const code of ['BAD_USER_INPUT', 'UNAUTHENTICATED', 'RATE_LIMITED', 404, undefined]) {
      expect(errorStatus({ extensions: { code } }), String(code)).toBe(500);
    }
  });

  it('prefers a status over the extension code', () => {
    expect(errorStatus({ status: 503, extensions: { code: 'FORBIDDEN' } })).toBe(503);
  });

  it('unwraps a single GraphQL error', () => {
    expect(errorStatus({ graphQLErrors: [{ message: 'no', extensions: { code: 'NOT_FOUND' } }] })).toBe(404);
    expect(errorStatus({ errors: [{ extensions: { code: 'FORBIDDEN' } }] })).toBe(403);
  });

  it('does not unwrap several GraphQL errors', () => {
    const error = {
      graphQLErrors: [{ extensions: { code: 'NOT_FOUND' } }, { extensions: { code: 'NOT_FOUND' } }],
    };
    expect(errorStatus(error)).toBe(500);
  });
});

describe('unwrapGraphQLError', () => {
  it('returns the single GraphQL error itself', () => {
    const inner = { message: 'Not found' };
    expect(unwrapGraphQLError({ graphQLErrors: [inner] })).toBe(inner);
  });

  it('keeps an error with a network error, several or no GraphQL errors', () => {
    const withNetwork = { networkError: new Error('offline'), graphQLErrors: [{ message: 'x' }] };
    const several = { graphQLErrors: [{ message: 'a' }, { message: 'b' }] };
    const none = { graphQLErrors: [] };
    expect(unwrapGraphQLError(withNetwork)).toBe(withNetwork);
    expect(unwrapGraphQLError(several)).toBe(several);
    expect(unwrapGraphQLError(none)).toBe(none);
    expect(unwrapGraphQLError(null)).toBeNull();
  });
});

describe('isUnauthenticatedError', () => {
  it('recognises code 401 and UNAUTHENTICATED', () => {
    expect(isUnauthenticatedError({ statusCode: 401 })).toBe(true);
    expect(isUnauthenticatedError({ response: { status: 401 } })).toBe(true);
    expect(isUnauthenticatedError({ extensions: { code: 'UNAUTHENTICATED' } })).toBe(true);
    expect(isUnauthenticatedError({ graphQLErrors: [{ extensions: { code: 'UNAUTHENTICATED' } }] })).toBe(
      true,
    );
  });

  it('is false for other errors', () => {
    expect(isUnauthenticatedError({ statusCode: 403 })).toBe(false);
    expect(isUnauthenticatedError({ extensions: { code: 'FORBIDDEN' } })).toBe(false);
    expect(isUnauthenticatedError(new Error('x'))).toBe(false);
    expect(isUnauthenticatedError(null)).toBe(false);
  });
});

describe('errorPageTitle', () => {
  it('uses the titles of spec 2.4', () => {
    expect(errorPageTitle(403)).toBe('Forbidden');
    expect(errorPageTitle(404)).toBe('Page not found');
    expect(errorPageTitle(503)).toBe('Maintenance');
    expect(errorPageTitle(500)).toBe('Something unexpected happened');
    expect(errorPageTitle(429)).toBe('Something unexpected happened');
  });
});

describe('isReportedStatus', () => {
  it('does not report 403 and 404, and reports the rest', () => {
    expect(isReportedStatus(403)).toBe(false);
    expect(isReportedStatus(404)).toBe(false);
    expect(isReportedStatus(500)).toBe(true);
    expect(isReportedStatus(503)).toBe(true);
  });
});

describe('requestErrorDisplay', () => {
  it('shows 429 in a modal, except on chat routes', () => {
    expect(requestErrorDisplay(429, { pathname: '/profile' })).toBe('modal');
    expect(requestErrorDisplay(429, { pathname: '/' })).toBe('modal');
    expect(requestErrorDisplay(429, { pathname: '/chat' })).toBe('none');
    expect(requestErrorDisplay(429, { pathname: '/chat/d/abc' })).toBe('none');
    expect(requestErrorDisplay(429, { pathname: '/chatter' })).toBe('modal');
  });

  it('shows 503 as the maintenance page only when flagged', () => {
    expect(requestErrorDisplay(503, { pathname: '/', isMaintenance: true })).toBe('maintenance-page');
    expect(requestErrorDisplay(503, { pathname: '/' })).toBe('modal');
  });

  it('puts other server errors in a modal and leaves client errors to the page', () => {
    expect(requestErrorDisplay(500, { pathname: '/' })).toBe('modal');
    for (const status of [400, 401, 403, 404, 409]) {
      expect(requestErrorDisplay(status, { pathname: '/' })).toBe('none');
    }
  });
});

describe('isMaintenanceError', () => {
  it('reads the maintenance flag from the error, its data or its GraphQL extensions', () => {
    expect(isMaintenanceError({ status: 503, maintenance: true })).toBe(true);
    expect(isMaintenanceError({ status: 503, data: { maintenance: true } })).toBe(true);
    expect(
      isMaintenanceError({ errors: [{ message: 'down', extensions: { code: '503', maintenance: true } }] }),
    ).toBe(true);
  });

  it('is false for a 503 without the flag, a flag that is not true, and non-objects', () => {
    expect(isMaintenanceError({ status: 503 })).toBe(false);
    expect(isMaintenanceError({ status: 503, data: { maintenance: 'yes' } })).toBe(false);
    expect(isMaintenanceError(null)).toBe(false);
    expect(isMaintenanceError('maintenance')).toBe(false);
  });
});
