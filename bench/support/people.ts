/**
 * People of a benchmark: each signs up through the server's real e-mail code flow (the code read
 * from the outbox folder), from an address of their own (X-Forwarded-For, so the server must run
 * with TRUST_PROXY=1), and then speaks GraphQL over HTTP or graphql-ws with their session cookie.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

export interface Person {
  id: number;
  email: string;
  cookie: string;
  /** An address of the documentation range, sent as X-Forwarded-For: sign-in limits count per address. */
  address: string;
}

export const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–');

/**
 * The six-digit sign-in code of the newest mail to `email` in a server's outbox folder, waiting up
 * to 15 s for it. The body, not the headers (a Date or Message-ID holds digits too), and six digits
 * standing alone: not part of a longer number, a time or an identifier.
 */
export async function signInCodeFrom(outbox: string, email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const names = (await readdir(outbox).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
    for (const name of names.sort().reverse()) {
      const raw = await readFile(path.join(outbox, name), 'utf8');
      if (!raw.includes(email)) continue;
      const body = raw.slice(raw.search(/\r?\n\r?\n/));
      const code = /(?<![\w:.=-])(\d{6})(?![\w:.-])/.exec(body)?.[1];
      if (code) return code;
    }
    await sleep(100);
  }
  throw new Error(`no sign-in code for ${email} in ${outbox}`);
}

export function benchPeople(base: string, outbox: string) {
  let people = 0;

  function headersOf(person: Pick<Person, 'address'> & { cookie?: string }): Record<string, string> {
    return {
      'content-type': 'application/json',
      origin: base,
      'x-forwarded-for': person.address,
      ...(person.cookie ? { cookie: person.cookie } : {}),
    };
  }

  async function graphql<T>(
    person: Pick<Person, 'address' | 'cookie'>,
    query: string,
    variables: Record<string, unknown> = {},
  ): Promise<T> {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: headersOf(person),
      body: JSON.stringify({ query, variables }),
    });
    const json = (await response.json()) as { data?: T; errors?: unknown };
    if (!json.data || json.errors) throw new Error(`GraphQL failed: ${JSON.stringify(json.errors)}`);
    return json.data;
  }

  /** A new person: a code by e-mail, signed in with it, a profile with a name and a username. */
  async function signUp(label: string): Promise<Person> {
    people += 1;
    const stamp = `${Date.now().toString(36)}${people}`;
    const email = `bench-${label}-${stamp}@example.org`;
    const address = `2001:db8::${people.toString(16)}`;
    const sent = await fetch(`${base}/api/auth/email-otp/send-verification-otp`, {
      method: 'POST',
      headers: headersOf({ address }),
      body: JSON.stringify({ email, type: 'sign-in' }),
    });
    if (!sent.ok) throw new Error(`sending a code failed: ${sent.status} ${await sent.text()}`);
    const otp = await signInCodeFrom(outbox, email);
    const signedIn = await fetch(`${base}/api/auth/sign-in/email-otp`, {
      method: 'POST',
      headers: headersOf({ address }),
      body: JSON.stringify({ email, otp }),
    });
    if (!signedIn.ok) throw new Error(`signing in failed: ${signedIn.status} ${await signedIn.text()}`);
    const token = signedIn.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0]!)
      .find((pair) => pair.startsWith('plaza.session_token='));
    if (!token) throw new Error('no plaza.session_token cookie after signing in');
    const { updateProfile } = await graphql<{ updateProfile: { id: number } }>(
      { address, cookie: token },
      'mutation ($u: UpdateProfileInput!) { updateProfile(user: $u) { id } }',
      { u: { first: 'Bench', last: label, username: `bench_${label}_${stamp}`.slice(0, 30) } },
    );
    return { id: Number(updateProfile.id), email, cookie: token, address };
  }

  /** A graphql-ws client speaking as `person` (its session cookie on the upgrade request). */
  function wsClient(person: Person): Client {
    class CookieWebSocket extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        super(address, protocols, { headers: { cookie: person.cookie, origin: base } });
      }
    }
    return createClient({
      url: `${base.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: CookieWebSocket,
      retryAttempts: 0,
      lazy: false,
    });
  }

  return { headersOf, graphql, signUp, wsClient };
}
