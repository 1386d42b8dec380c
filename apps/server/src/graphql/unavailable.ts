import { GraphQLError } from 'graphql';
import { DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS } from '@plaza/core/constants';

/** What a request is told while PostgreSQL cannot be reached (a restart, a network cut, a full server). */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'Plaza cannot reach its database right now. Please try again in a moment.';

/** Socket errors of a connection that could not be made or was lost (to PostgreSQL's port only: see below). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * SQLSTATEs of a server that is going away, not there yet or full: class 08 (connection exception),
 * 57P01-57P03 (administrator or crash shutdown, cannot connect now), 53300 (too many connections).
 */
function isUnavailableState(code: string): boolean {
  return (
    code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300'
  );
}

/** node-postgres' own words for a connection that ended or never came. */
const LOST_CONNECTION =
  /^(Connection terminated( unexpectedly| due to connection timeout)?|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable)$/;

/** The port of a `postgres://` address (5432 when it names none), or null without one (PGlite). */
export function databasePortOf(databaseUrl: string | undefined): number | null {
  if (!databaseUrl) return null;
  return Number(new URL(databaseUrl).port || 5432);
}

/**
 * True when the error, or one it wraps (GraphQL's `originalError`, Drizzle's `cause`, an
 * AggregateError's errors), says the database could not be reached: not a fault of the request or
 * of Plaza's code, and one that passes. A socket error counts only for a connection to
 * `databasePort` (Stripe, S3 or Redis out of reach are not the database), a SQLSTATE or
 * node-postgres' own words always.
 */
export function isDatabaseUnreachable(error: unknown, databasePort: number | null, depth = 0): boolean {
  if (depth > 6 || typeof error !== 'object' || error === null) return false;
  const { code, message, port } = error as { code?: unknown; message?: unknown; port?: unknown };
  if (typeof code === 'string' && NETWORK_CODES.has(code) && databasePort !== null && port === databasePort)
    return true;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && isUnavailableState(code)) return true;
  if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
  const wrapped = [
    (error as { originalError?: unknown }).originalError,
    (error as { cause?: unknown }).cause,
    ...(error instanceof AggregateError ? error.errors : []),
  ];
  return wrapped.some(
    (inner) =>
      inner !== undefined && inner !== error && isDatabaseUnreachable(inner, databasePort, depth + 1),
  );
}

/** The error a request gets instead of "Unexpected error." while the database is out of reach (spec 8: 503, an error modal). */
export function databaseUnavailable(): GraphQLError {
  return new GraphQLError(DATABASE_UNAVAILABLE_MESSAGE, {
    extensions: {
      code: '503',
      http: { status: 503, headers: { 'Retry-After': String(DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS) } },
    },
  });
}
