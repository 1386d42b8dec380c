import type { TestPlaza } from '../harness.ts';
import { lastCodeTo } from './outbox.ts';

let ipCounter = 0;

/** A fresh caller address, so per-IP limits of one test do not touch another (needs TRUST_PROXY=1). */
export function nextIp(): string {
  ipCounter += 1;
  return `10.77.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

export interface AuthResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
  /** `name=value` of the session cookie set by the response, if any. */
  cookie: string | null;
}

export const SESSION_COOKIE = 'plaza.session_token';

/** The session cookie pair of a response's Set-Cookie headers. */
export function sessionCookieOf(headers: Headers): string | null {
  for (const line of headers.getSetCookie()) {
    const pair = line.split(';')[0] ?? '';
    if (pair.startsWith(`${SESSION_COOKIE}=`) && pair.length > SESSION_COOKIE.length + 1) return pair;
  }
  return null;
}

/** Plaza's own origin in the tests (PUBLIC_URL): a browser on Plaza's pages sends it with every POST. */
export const PLAZA_ORIGIN = 'http://plaza.test';

export async function postAuth<T = Record<string, unknown>>(
  t: TestPlaza,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<AuthResponse<T>> {
  const response = await fetch(`${await t.url()}/api/auth${path}`, {
    method: 'POST',
    // Node's fetch sends Sec-Fetch-Mode like a browser, so better-auth wants the Origin a browser would send.
    headers: { 'content-type': 'application/json', origin: PLAZA_ORIGIN, ...headers },
    body: JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : null) as T,
    headers: response.headers,
    cookie: sessionCookieOf(response.headers),
  };
}

export interface SignedIn {
  userId: number;
  /** Headers that act as this person: a bearer token or the session cookie. */
  headers: Record<string, string>;
  token?: string;
  refreshToken?: string;
  cookie?: string;
}

/** Signs in (or up) with a code sent by e-mail, read from the outbox as the person would. */
export async function signInWithEmail(
  t: TestPlaza,
  email: string,
  options: { strategy?: 'bearer' | 'cookie'; ip?: string } = {},
): Promise<SignedIn> {
  const ip = { 'x-forwarded-for': options.ip ?? nextIp() };
  const sent = await postAuth(t, '/email-otp/send-verification-otp', { email, type: 'sign-in' }, ip);
  if (sent.status !== 200) throw new Error(`send code: ${sent.status} ${JSON.stringify(sent.body)}`);
  const otp = await lastCodeTo(t.dataDir, email.trim().toLowerCase());
  return finishSignIn(t, '/sign-in/email-otp', { email, otp }, ip, options.strategy ?? 'bearer');
}

/** Signs in (or up) with a code sent by text message. */
export async function signInWithPhone(
  t: TestPlaza,
  phone: string,
  e164: string,
  options: { strategy?: 'bearer' | 'cookie'; ip?: string } = {},
): Promise<SignedIn> {
  const ip = { 'x-forwarded-for': options.ip ?? nextIp() };
  const sent = await postAuth(t, '/phone-number/send-otp', { phoneNumber: phone }, ip);
  if (sent.status !== 200) throw new Error(`send code: ${sent.status} ${JSON.stringify(sent.body)}`);
  const code = await lastCodeTo(t.dataDir, e164);
  return finishSignIn(
    t,
    '/phone-number/verify',
    { phoneNumber: phone, code },
    ip,
    options.strategy ?? 'bearer',
  );
}

async function finishSignIn(
  t: TestPlaza,
  path: string,
  body: unknown,
  ip: Record<string, string>,
  strategy: 'bearer' | 'cookie',
): Promise<SignedIn> {
  const headers = strategy === 'bearer' ? { ...ip, 'plaza-session-strategy': 'bearer' } : ip;
  const res = await postAuth<{ token?: string; refreshToken?: string; user: { id: number } }>(
    t,
    path,
    body,
    headers,
  );
  if (res.status !== 200) throw new Error(`sign in: ${res.status} ${JSON.stringify(res.body)}`);
  if (strategy === 'bearer') {
    return {
      userId: res.body.user.id,
      headers: { authorization: `Bearer ${res.body.token}` },
      token: res.body.token!,
      refreshToken: res.body.refreshToken!,
    };
  }
  if (!res.cookie) throw new Error('no session cookie');
  return { userId: res.body.user.id, headers: { cookie: res.cookie }, cookie: res.cookie };
}
