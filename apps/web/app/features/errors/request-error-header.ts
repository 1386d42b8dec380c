import { reportRequestError } from '../../components/request-error-modal.tsx';

/**
 * Set by the root middleware (request-error-step.server.ts) on a page or data response whose
 * GraphQL calls were refused with RATE_LIMITED; its value is the status the request stands for.
 */
export const REQUEST_ERROR_HEADER = 'X-Plaza-Request-Error';

export const RATE_LIMITED_TEXT = 'Too many requests. Please wait a little and try again.';

/**
 * Spec 8 "Code 429": the web's GraphQL runs inside loaders and actions, so the browser only sees
 * their data requests; this watches those answers for the header and tells the error modal, which
 * shows once per page session and never on chat routes. Installed once by entry.client.tsx.
 */
export function watchRequestErrorHeader(): void {
  const original = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await original(input, init);
    if (response.headers.get(REQUEST_ERROR_HEADER) === '429')
      reportRequestError({ status: 429, message: RATE_LIMITED_TEXT });
    return response;
  };
}
