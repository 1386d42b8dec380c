// Fixed user-facing strings of spec 1 and 8, written exactly as the spec gives them.

export const SIGNED_OUT_NOTICE = 'You have been signed out.';

/** Hash added to the address when a session expired (spec 2.3). */
export const SESSION_EXPIRED_HASH = '#signedout';

export const SESSION_EXPIRED_NOTICE =
  'Your session has expired. For your security, please login again. Let us know if this persists at {email}.';

export function sessionExpiredNotice(supportEmail: string): string {
  return SESSION_EXPIRED_NOTICE.replace('{email}', () => supportEmail);
}

export const SIGN_IN_ERROR_PROMPT =
  'Unfortunately an error occurred during sign in. Press OK to try again. Press cancel to return to the site.';

// The spec's wording, grammar included.
export const OLDER_BROWSER_BANNER =
  'You are visiting the website with an older browser. For the best experience we strongly recommended to update your browser.';

/** What a request refused for load is told (the server's PLAZA_MAX_CONCURRENT_REQUESTS). */
export const BUSY_MESSAGE = 'Plaza is very busy right now. Please try again in a moment.';
export const PAGE_NOT_FOUND_MESSAGE = 'This page could not be found';
export const ERROR_PAGE_FAILURE_MESSAGE = 'An error occurred while showing the error page';

export const NETWORK_ERROR_PREFIX = '[Network]';
export const GRAPHQL_ERROR_PREFIX = '[GraphQL]';

export const UNEXPECTED_RESPONSE_MESSAGE = 'Unexpected response';
export const QUERY_REQUIRED_MESSAGE = 'A query must be provided.';
export const NO_FETCH_MESSAGE = 'Could not resolve a fetch() method';
export const NO_SUBSCRIPTION_FORWARDER_MESSAGE = 'No subscription forwarder was set.';

export function unknownMiddlewareMessage(name: string): string {
  return `Unknown middleware ${name}`;
}

type MessageOf = { message: string };

/**
 * Message of a combined request error (spec 8): a network failure as "[Network] message",
 * otherwise each GraphQL error as "[GraphQL] message", one per line.
 */
export function combinedErrorMessage(errors: {
  networkError?: MessageOf | null;
  graphQLErrors?: readonly MessageOf[];
}): string {
  if (errors.networkError) return `${NETWORK_ERROR_PREFIX} ${errors.networkError.message}`;
  return (errors.graphQLErrors ?? []).map((error) => `${GRAPHQL_ERROR_PREFIX} ${error.message}`).join('\n');
}
