import { SESSION_EXPIRED_HASH } from '@plaza/core/error-messages';
import { routeAccessOf } from '@plaza/core/route-guard';
import { reportRequestError } from '../../components/request-error-modal.tsx';
import { SESSION_STORAGE_KEY } from './session-keys.ts';

/** A REST answer of /api/auth: the JSON body, or the error code and text the server gave. */
export type AuthAnswer<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; code: string; message: string; retryAfterSeconds?: number };

export async function postAuth<T>(path: string, body?: unknown): Promise<AuthAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body ?? {}),
      credentials: 'same-origin',
    });
  } catch {
    return {
      ok: false,
      status: 0,
      code: 'NETWORK',
      message: 'We could not reach Plaza. Check your connection.',
    };
  }
  const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok) return { ok: true, data: json as T };
  const failure = {
    ok: false as const,
    status: response.status,
    code: typeof json?.code === 'string' ? json.code : `HTTP_${response.status}`,
    message: typeof json?.message === 'string' ? json.message : response.statusText,
    retryAfterSeconds: typeof json?.retryAfterSeconds === 'number' ? json.retryAfterSeconds : undefined,
  };
  // Spec 8: a 429 (and a server error) also opens the error modal, once per page session.
  reportRequestError({
    status: failure.status,
    message: signInErrorText(failure),
    isMaintenance: json?.maintenance === true,
  });
  return failure;
}

function minutes(seconds: number | undefined): string {
  const count = Math.max(1, Math.ceil((seconds ?? 60) / 60));
  return count === 1 ? 'a minute' : `${count} minutes`;
}

/** What a person reads for each error code of the sign-in endpoints. */
export function signInErrorText(answer: Extract<AuthAnswer<unknown>, { ok: false }>): string {
  switch (answer.code) {
    case 'INVALID_OTP':
      return 'That code is not right. Check the message and try again.';
    case 'OTP_EXPIRED':
      return 'That code has expired. Ask for a new one.';
    case 'OTP_NOT_FOUND':
      return 'That code is no longer valid. Ask for a new one.';
    case 'TOO_MANY_ATTEMPTS':
      return 'Too many wrong tries. Ask for a new code.';
    case 'INVALID_EMAIL':
      return 'Enter an e-mail address like name@example.org.';
    case 'INVALID_PHONE_NUMBER':
      return 'Enter a phone number we can text.';
    case 'COUNTRY_NOT_SUPPORTED':
      return 'Sorry, we cannot text numbers in this country yet. Use your e-mail instead.';
    case 'RATE_LIMITED':
      return `Too many codes asked for. Try again in ${minutes(answer.retryAfterSeconds)}.`;
    case 'NETWORK':
      return answer.message;
    case 'FORBIDDEN':
      // Plaza's own refusal of a page at another address (http/security.ts): it says which.
      if (answer.message) return answer.message;
      break;
  }
  return 'Something went wrong. Please try again.';
}

export interface GraphQLAnswer<T> {
  data?: T | null;
  errors?: Array<{ message: string; extensions?: { code?: string; field?: string; reason?: string } }>;
}

/**
 * Spec 8: an UNAUTHENTICATED answer while a session was believed to exist logs out without a
 * modal, then reloads the current path when it is public, else the root, with #signedout.
 */
export function endExpiredSession(): void {
  window.localStorage.setItem(SESSION_STORAGE_KEY, 'signed-out');
  const { pathname, search } = window.location;
  const target = routeAccessOf(pathname) === 'private' ? '/' : `${pathname}${search}`;
  window.location.assign(`${target}${SESSION_EXPIRED_HASH}`);
}

/** A GraphQL call from the browser, as the signed-in person (the cookie travels with it). */
export async function graphqlFromBrowser<T>(
  query: string,
  variables?: Record<string, unknown>,
): Promise<GraphQLAnswer<T>> {
  const response = await fetch('/graphql', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ query, variables }),
    credentials: 'same-origin',
  });
  const answer = (await response.json().catch(() => ({}))) as GraphQLAnswer<T>;
  if (response.status === 401 || answer.errors?.some((e) => e.extensions?.code === 'UNAUTHENTICATED')) {
    endExpiredSession();
  }
  return answer;
}

export async function signOut(): Promise<void> {
  await postAuth('/api/auth/sign-out');
  window.localStorage.setItem(SESSION_STORAGE_KEY, 'signed-out');
}
