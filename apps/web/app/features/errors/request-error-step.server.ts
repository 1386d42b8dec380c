import { data } from 'react-router';
import { DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS } from '@plaza/core/constants';
import type { MiddlewareFunction } from 'react-router';
import { plazaContext } from '../../context.ts';
import { REQUEST_ERROR_HEADER } from './request-error-header.ts';

const MAINTENANCE_TEXT = 'Plaza is down for a short maintenance. Please try again in a few minutes.';

/**
 * Spec 8 "Code 503": while the server is in maintenance (PLAZA_MAINTENANCE) every page and data
 * request is the full-page maintenance screen, status 503, its data flagging maintenance.
 */
export const maintenanceStep: MiddlewareFunction<Response> = ({ context }) => {
  if (context.get(plazaContext).isMaintenance) {
    throw data(
      { maintenance: true, message: MAINTENANCE_TEXT },
      { status: 503, headers: { 'Retry-After': '300' } },
    );
  }
};

/**
 * Spec 8 "Code 429": notes whether any GraphQL call of this request was refused with
 * RATE_LIMITED and, if so, marks the response with REQUEST_ERROR_HEADER so the browser opens the
 * error modal (request-error-header.ts), whatever the loader or action did with the refusal.
 * "Code 503": a call the API could not serve (its database out of reach) ends the page or data
 * request at once with 503 and Retry-After (the error page; no maintenance flag), not a 500: a
 * crawler or a monitor then knows to come back.
 */
export const requestErrorStep: MiddlewareFunction<Response> = async ({ context }, next) => {
  const server = context.get(plazaContext);
  let isRateLimited = false;
  let isUnavailable = false;
  context.set(plazaContext, {
    ...server,
    async graphql(query, variables) {
      const result = await server.graphql(query, variables);
      if (result.errors?.some((error) => error.extensions?.code === 'RATE_LIMITED')) isRateLimited = true;
      const unavailable = result.errors?.find((error) => error.extensions?.code === '503');
      if (unavailable) {
        isUnavailable = true;
        throw data({ message: unavailable.message }, { status: 503 });
      }
      return result as never;
    },
  });
  const response = await next();
  // A page's error response does not carry its loader's thrown headers: say when to come back here.
  if (isUnavailable && response.status === 503) {
    try {
      response.headers.set('Retry-After', String(DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS));
    } catch {
      // Immutable headers: the 503 goes out without it.
    }
  }
  if (isRateLimited) {
    try {
      response.headers.set(REQUEST_ERROR_HEADER, '429');
    } catch {
      // A response with immutable headers (a redirect built elsewhere) goes out unmarked.
    }
  }
  return response;
};
