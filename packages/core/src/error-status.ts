type Fields = Record<string, unknown>;

function fieldsOf(value: unknown): Fields | null {
  return typeof value === 'object' && value !== null ? (value as Fields) : null;
}

/** An HTTP status (100-599) given as a number or as digits, else null. */
function httpStatus(value: unknown): number | null {
  const status = typeof value === 'string' && /^\d{3}$/.test(value) ? Number(value) : value;
  return typeof status === 'number' && Number.isInteger(status) && status >= 100 && status <= 599
    ? status
    : null;
}

/**
 * A combined error holding exactly one GraphQL error (and no network error) stands for that error
 * (spec 8). Reads `graphQLErrors` (client combined errors) or `errors` (a GraphQL response).
 */
export function unwrapGraphQLError(error: unknown): unknown {
  const fields = fieldsOf(error);
  if (!fields || fields.networkError) return error;
  const list = Array.isArray(fields.graphQLErrors) ? fields.graphQLErrors : fields.errors;
  return Array.isArray(list) && list.length === 1 ? list[0] : error;
}

function extensionCode(fields: Fields): unknown {
  return fieldsOf(fields.extensions)?.code;
}

/**
 * The HTTP status an error stands for (spec 8): its statusCode, status or response.status, in that
 * order; without one, extension code FORBIDDEN is 403, NOT_FOUND 404, a 503 code stays 503, and
 * anything else is 500.
 */
export function errorStatus(error: unknown): number {
  const fields = fieldsOf(unwrapGraphQLError(error));
  if (!fields) return 500;
  const status =
    httpStatus(fields.statusCode) ??
    httpStatus(fields.status) ??
    httpStatus(fieldsOf(fields.response)?.status);
  if (status !== null) return status;
  const code = extensionCode(fields);
  if (code === 'FORBIDDEN') return 403;
  if (code === 'NOT_FOUND') return 404;
  if (httpStatus(code) === 503) return 503;
  return 500;
}

/**
 * Whether an error's data flags maintenance (spec 8 "Code 503"): `maintenance: true` on the error,
 * its data (a thrown route response) or its GraphQL extensions. Only a 503 flagged so is the
 * full-page maintenance screen; any other 503 is an ordinary error.
 */
export function isMaintenanceError(error: unknown): boolean {
  const fields = fieldsOf(unwrapGraphQLError(error));
  if (!fields) return false;
  return (
    fields.maintenance === true ||
    fieldsOf(fields.data)?.maintenance === true ||
    fieldsOf(fields.extensions)?.maintenance === true
  );
}

/** Error code 401 or UNAUTHENTICATED: the session is gone (spec 8). */
export function isUnauthenticatedError(error: unknown): boolean {
  const fields = fieldsOf(unwrapGraphQLError(error));
  if (!fields) return false;
  return (
    extensionCode(fields) === 'UNAUTHENTICATED' ||
    [fields.statusCode, fields.status, fieldsOf(fields.response)?.status, extensionCode(fields)].some(
      (value) => httpStatus(value) === 401,
    )
  );
}

/** Title of the error page for a status (spec 2.4). */
export function errorPageTitle(status: number): string {
  switch (status) {
    case 403:
      return 'Forbidden';
    case 404:
      return 'Page not found';
    case 503:
      return 'Maintenance';
    default:
      return 'Something unexpected happened';
  }
}

/** 403 and 404 are shown but not reported to the error-reporting service (spec 8). */
export function isReportedStatus(status: number): boolean {
  return status !== 403 && status !== 404;
}

export type RequestErrorDisplay = 'modal' | 'maintenance-page' | 'none';

const CHAT_PATH = /^\/chat(?:\/|$)/;

/**
 * How a failed request shows itself (spec 8): 429 in an error modal except on chat routes; 503
 * as the full maintenance page when the error says so, else a modal; other server errors in a
 * modal. 401 ends the session, 403 and 404 go to the error page, other 4xx stay beside the form.
 */
export function requestErrorDisplay(
  status: number,
  where: { pathname: string; isMaintenance?: boolean },
): RequestErrorDisplay {
  if (status === 429) return CHAT_PATH.test(where.pathname) ? 'none' : 'modal';
  if (status === 503) return where.isMaintenance ? 'maintenance-page' : 'modal';
  return status >= 500 ? 'modal' : 'none';
}
