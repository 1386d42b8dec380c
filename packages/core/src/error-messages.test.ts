import { describe, it, expect } from 'vitest';
import * as messages from './error-messages.ts';

describe('fixed strings of spec 8', () => {
  it('has the sign-in and session strings', () => {
    expect(messages.SIGNED_OUT_NOTICE).toBe('You have been signed out.');
    expect(messages.SESSION_EXPIRED_HASH).toBe('#signedout');
    expect(messages.SIGN_IN_ERROR_PROMPT).toBe(
      'Unfortunately an error occurred during sign in. Press OK to try again. Press cancel to return to the site.',
    );
  });

  it('fills the e-mail into the session-expired notice', () => {
    expect(messages.SESSION_EXPIRED_NOTICE).toBe(
      'Your session has expired. For your security, please login again. Let us know if this persists at {email}.',
    );
    expect(messages.sessionExpiredNotice('help@plaza.test')).toBe(
      'Your session has expired. For your security, please login again. Let us know if this persists at help@plaza.test.',
    );
  });

  it('fills an e-mail holding replacement patterns literally', () => {
    expect(messages.sessionExpiredNotice("$&$'@plaza.test")).toContain("at $&$'@plaza.test.");
  });

  it('keeps the older-browser banner exactly as the spec words it', () => {
    expect(messages.OLDER_BROWSER_BANNER).toBe(
      'You are visiting the website with an older browser. For the best experience we strongly recommended to update your browser.',
    );
  });

  it('has the page and request error strings', () => {
    expect(messages.PAGE_NOT_FOUND_MESSAGE).toBe('This page could not be found');
    expect(messages.ERROR_PAGE_FAILURE_MESSAGE).toBe('An error occurred while showing the error page');
    expect(messages.UNEXPECTED_RESPONSE_MESSAGE).toBe('Unexpected response');
    expect(messages.QUERY_REQUIRED_MESSAGE).toBe('A query must be provided.');
    expect(messages.NO_FETCH_MESSAGE).toBe('Could not resolve a fetch() method');
    expect(messages.NO_SUBSCRIPTION_FORWARDER_MESSAGE).toBe('No subscription forwarder was set.');
    expect(messages.unknownMiddlewareMessage('i18n')).toBe('Unknown middleware i18n');
  });
});

describe('combinedErrorMessage', () => {
  it('prefixes a network failure with [Network]', () => {
    expect(messages.combinedErrorMessage({ networkError: { message: 'Failed to fetch' } })).toBe(
      '[Network] Failed to fetch',
    );
  });

  it('puts each GraphQL error on its own line prefixed with [GraphQL]', () => {
    expect(
      messages.combinedErrorMessage({ graphQLErrors: [{ message: 'Not found' }, { message: 'Forbidden' }] }),
    ).toBe('[GraphQL] Not found\n[GraphQL] Forbidden');
  });

  it('reports the network failure when there are both', () => {
    expect(
      messages.combinedErrorMessage({
        networkError: { message: 'offline' },
        graphQLErrors: [{ message: 'x' }],
      }),
    ).toBe('[Network] offline');
  });
});
