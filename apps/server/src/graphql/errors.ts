import { GraphQLError } from 'graphql';

/** The error codes of the Plaza API (DESIGN "API conventions"); the web maps them as spec section 8 says. */
export type ErrorCode =
  'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'BAD_USER_INPUT' | 'RATE_LIMITED' | 'CONFLICT';

export function plazaError(code: ErrorCode, message: string, extra: Record<string, unknown> = {}) {
  return new GraphQLError(message, { extensions: { code, ...extra } });
}

/** Bad input, naming the argument at fault so a client can show the message beside its field. */
export function badUserInput(field: string, message: string) {
  return plazaError('BAD_USER_INPUT', message, { field });
}

export function rateLimited(retryAfterSeconds: number) {
  return plazaError('RATE_LIMITED', 'Too many requests. Please wait a little and try again.', {
    retryAfterSeconds,
  });
}
