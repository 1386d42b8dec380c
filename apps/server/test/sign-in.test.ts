import { Writable } from 'node:stream';
import { count, eq, sql } from 'drizzle-orm';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { createLogger } from '../src/logger.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { countMessagesTo, lastCodeTo, lastMessageTo, readOutbox } from './support/outbox.ts';
import {
  PLAZA_ORIGIN,
  SESSION_COOKIE,
  nextIp,
  postAuth,
  signInWithEmail,
  signInWithPhone,
} from './support/sign-in.ts';

let t: TestPlaza;
const logLines: string[] = [];
/** Tokens and cookies handed out in this file, to look for in the log at the end. */
const secrets = new Set<string>();

function remember(...values: Array<string | null | undefined>) {
  for (const value of values) if (value) secrets.add(value.replace(/^[^=]+=/, '').split('.')[0]!);
}

beforeAll(async () => {
  // Everything the server logs, at the most talkative level, to check no credential leaks into it.
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await startTestPlaza({ TRUST_PROXY: '1', LOG_LEVEL: 'debug' }, { logger: createLogger('debug', sink) });
});
afterAll(() => t.close());

const MYSELF = '{ myself { needsOnboarding user { id username email phone } } }';

async function myselfWith(headers: Record<string, string>) {
  return t.gql<{
    myself: { needsOnboarding: boolean; user: { id: number; email: string | null; phone: string | null } };
  }>(MYSELF, {}, headers);
}

async function sendEmailCode(email: string, ip = nextIp()) {
  return postAuth(
    t,
    '/email-otp/send-verification-otp',
    { email, type: 'sign-in' },
    { 'x-forwarded-for': ip },
  );
}

async function tryEmailCode(email: string, otp: string, ip = nextIp()) {
  return postAuth<{ code?: string }>(
    t,
    '/sign-in/email-otp',
    { email, otp },
    { 'x-forwarded-for': ip, 'plaza-session-strategy': 'bearer' },
  );
}

function wrongCodeFor(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

describe('signing in with a code by e-mail', () => {
  it('sends a six-digit code by e-mail, not in the subject', async () => {
    const res = await sendEmailCode('Code.Reader@Example.org');
    expect(res.status).toBe(200);
    const mail = await lastMessageTo(t.dataDir, 'code.reader@example.org');
    expect(mail.text).toMatch(/\b\d{6}\b/);
    expect(mail.subject).not.toMatch(/\d/);
  });

  it('signs a new person up with a cookie session that is httpOnly, SameSite=Lax and Secure', async () => {
    const email = 'web.person@example.org';
    const ip = nextIp();
    await sendEmailCode(email, ip);
    const otp = await lastCodeTo(t.dataDir, email);
    const res = await postAuth<Record<string, unknown>>(
      t,
      '/sign-in/email-otp',
      { email, otp },
      { 'x-forwarded-for': ip },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ strategy: 'cookie', loggedIn: true, user: { needsOnboarding: true } });
    // The web never sees the session token.
    expect(JSON.stringify(res.body)).not.toMatch(/token/i);
    expect(res.headers.get('set-auth-token')).toBeNull();
    const line = res.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Secure/i);
    expect(line).toMatch(/Path=\//i);

    remember(res.cookie);
    const me = await myselfWith({ cookie: res.cookie! });
    expect(me.errors).toBeUndefined();
    expect(me.data!.myself).toMatchObject({ needsOnboarding: true, user: { email, phone: null } });
  });

  it('tells the web page who is signed in without showing it the session token', async () => {
    const signedIn = await signInWithEmail(t, 'session.reader@example.org', { strategy: 'cookie' });
    remember(signedIn.cookie);
    const res = await fetch(`${await t.url()}/api/auth/get-session`, {
      headers: { cookie: signedIn.cookie! },
    });
    const body = (await res.json()) as { session: Record<string, unknown>; user: { id: string } };
    expect(Number(body.user.id)).toBe(signedIn.userId);
    expect(body.session).not.toHaveProperty('token');
    expect(JSON.stringify(body)).not.toContain(signedIn.cookie!.split('=')[1]!.split('.')[0]!);
  });

  it('gives an API client a bearer token and a refresh token, and no cookie', async () => {
    const email = 'api.client@example.org';
    const ip = nextIp();
    await sendEmailCode(email, ip);
    const otp = await lastCodeTo(t.dataDir, email);
    const res = await postAuth<{ token: string; refreshToken: string; expiresAt: string; strategy: string }>(
      t,
      '/sign-in/email-otp',
      { email, otp },
      { 'x-forwarded-for': ip, 'plaza-session-strategy': 'bearer' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ strategy: 'bearer', loggedIn: true });
    remember(res.body.token, res.body.refreshToken);
    expect(res.body.token).toMatch(/^\S{20,}$/);
    expect(res.body.refreshToken).toMatch(/^\S{20,}$/);
    const lifetime = new Date(res.body.expiresAt).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(50 * 60 * 1000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60 * 1000);
    expect(res.headers.getSetCookie().filter((c) => c.startsWith(SESSION_COOKIE))).toEqual([]);
    const me = await myselfWith({ authorization: `Bearer ${res.body.token}` });
    expect(me.data!.myself.user.email).toBe(email);
  });

  it('signs the same person in again to the same account', async () => {
    const first = await signInWithEmail(t, 'returning@example.org');
    const second = await signInWithEmail(t, 'Returning@Example.org');
    expect(second.userId).toBe(first.userId);
  });

  it('refuses a wrong code and creates no session', async () => {
    const email = 'wrong.code@example.org';
    await sendEmailCode(email);
    const otp = await lastCodeTo(t.dataDir, email);
    const res = await tryEmailCode(email, wrongCodeFor(otp));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_OTP');
    expect(res.headers.getSetCookie()).toEqual([]);
    const [row] = await t.plaza.platform.store.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.email, email));
    expect(row!.n).toBe(0);
  });

  it('refuses an expired code', async () => {
    const email = 'expired.code@example.org';
    await sendEmailCode(email);
    const otp = await lastCodeTo(t.dataDir, email);
    await t.plaza.platform.store.db.execute(
      sql`update verifications set expires_at = now() - interval '1 minute' where identifier = ${`sign-in-otp-${email}`}`,
    );
    const res = await tryEmailCode(email, otp);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('OTP_EXPIRED');
  });

  it('refuses a code that was already used', async () => {
    const email = 'used.code@example.org';
    await sendEmailCode(email);
    const otp = await lastCodeTo(t.dataDir, email);
    expect((await tryEmailCode(email, otp)).status).toBe(200);
    const again = await tryEmailCode(email, otp);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('INVALID_OTP');
  });

  it('refuses the sixth try even with the right code', async () => {
    const email = 'six.tries@example.org';
    await sendEmailCode(email);
    const otp = await lastCodeTo(t.dataDir, email);
    for (let i = 0; i < 5; i++) expect((await tryEmailCode(email, wrongCodeFor(otp))).status).toBe(400);
    const sixth = await tryEmailCode(email, otp);
    expect(sixth.status).toBe(403);
    expect(sixth.body.code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('accepts the right code on the fifth try', async () => {
    const email = 'five.tries@example.org';
    await sendEmailCode(email);
    const otp = await lastCodeTo(t.dataDir, email);
    for (let i = 0; i < 4; i++) expect((await tryEmailCode(email, wrongCodeFor(otp))).status).toBe(400);
    expect((await tryEmailCode(email, otp)).status).toBe(200);
  });

  it('limits codes per address, answering 429 with a JSON body and Retry-After', async () => {
    const email = 'flooded@example.org';
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 6; i++) {
      last = await sendEmailCode(email);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(last!.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await countMessagesTo(t.dataDir, email)).toBe(5);
  });

  it('limits codes per IP address', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await sendEmailCode(`per.ip.${i}@example.org`, ip)).status);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect(await countMessagesTo(t.dataDir, 'per.ip.20@example.org')).toBe(0);
  });

  it('refuses an invalid address', async () => {
    const res = await sendEmailCode('not-an-address');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_EMAIL' });
  });
});

describe('without an OpenID provider configured', () => {
  it('says so, and refuses to start "Continue with"', async () => {
    const res = await t.gql('{ signInMethods { emailCode phoneCode oidc { name } } }');
    expect(res.data).toEqual({ signInMethods: { emailCode: true, phoneCode: true, oidc: null } });
    const start = await postAuth(
      t,
      '/sign-in/social',
      { provider: 'oidc', callbackURL: '/chat' },
      { 'x-forwarded-for': nextIp() },
    );
    expect(start.status).toBeGreaterThanOrEqual(400);
    expect(start.status).toBeLessThan(500);
  });
});

describe('signing in with a code by text message', () => {
  it('texts a code to the normalised number and signs the person up with that phone', async () => {
    const signedIn = await signInWithPhone(t, '(415) 555-2671', '+14155552671');
    const me = await myselfWith(signedIn.headers);
    expect(me.data!.myself.user).toMatchObject({ phone: '+14155552671', email: null });
  });

  it('refuses an invalid number with a JSON error', async () => {
    const res = await postAuth(
      t,
      '/phone-number/send-otp',
      { phoneNumber: '123' },
      { 'x-forwarded-for': nextIp() },
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_PHONE_NUMBER' });
  });

  it('refuses a wrong code', async () => {
    const ip = { 'x-forwarded-for': nextIp() };
    await postAuth(t, '/phone-number/send-otp', { phoneNumber: '+44 7911 123456' }, ip);
    const code = await lastCodeTo(t.dataDir, '+447911123456');
    const res = await postAuth(
      t,
      '/phone-number/verify',
      { phoneNumber: '+447911123456', code: wrongCodeFor(code) },
      ip,
    );
    expect(res.status).toBe(400);
    expect(res.cookie).toBeNull();
  });
});

describe('bearer tokens and refresh tokens', () => {
  async function refresh(refreshToken: string) {
    return postAuth<{ token: string; refreshToken: string; code?: string; user?: { id: number } }>(
      t,
      '/token/refresh',
      { refreshToken },
      { 'x-forwarded-for': nextIp() },
    );
  }

  it('trades a refresh token for a new token and refresh token, ending the old token', async () => {
    const signedIn = await signInWithEmail(t, 'rotating@example.org');
    remember(signedIn.token, signedIn.refreshToken);
    const res = await refresh(signedIn.refreshToken!);
    expect(res.status).toBe(200);
    remember(res.body.token, res.body.refreshToken);
    expect(res.body).toMatchObject({ strategy: 'bearer', loggedIn: true, user: { id: signedIn.userId } });
    expect(res.body.token).not.toBe(signedIn.token);
    expect(res.body.refreshToken).not.toBe(signedIn.refreshToken);

    const fresh = await myselfWith({ authorization: `Bearer ${res.body.token}` });
    expect(fresh.data!.myself.user.id).toBe(signedIn.userId);
    const stale = await myselfWith(signedIn.headers);
    expect(stale.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('keeps the app’s native push token with the session through a refresh', async () => {
    const signedIn = await signInWithEmail(t, 'native-app@example.org');
    remember(signedIn.token, signedIn.refreshToken);
    const token = 'fcm-token-of-this-phone:APA91b';
    const registered = await t.gql(
      'mutation { registerFirebaseToken(token: "' + token + '") }',
      {},
      signedIn.headers,
    );
    expect(registered.errors).toBeUndefined();
    const res = await refresh(signedIn.refreshToken!);
    expect(res.status).toBe(200);
    remember(res.body.token, res.body.refreshToken);
    const me = await t.gql<{ myself: { firebaseToken: string | null } }>(
      '{ myself(withFirebaseToken: true) { firebaseToken } }',
      {},
      { authorization: `Bearer ${res.body.token}` },
    );
    expect(me.data?.myself.firebaseToken).toBe(token);
  });

  it('refuses a used refresh token and then signs out its whole family', async () => {
    const signedIn = await signInWithEmail(t, 'stolen@example.org');
    const rotated = await refresh(signedIn.refreshToken!);
    expect(rotated.status).toBe(200);
    remember(signedIn.token, signedIn.refreshToken, rotated.body.token, rotated.body.refreshToken);

    const replay = await refresh(signedIn.refreshToken!);
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('REFRESH_TOKEN_REUSED');
    // The thief replayed an old token: the rightful new tokens are dead too.
    const me = await myselfWith({ authorization: `Bearer ${rotated.body.token}` });
    expect(me.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await refresh(rotated.body.refreshToken)).status).toBe(401);
  });

  it('refuses an unknown refresh token', async () => {
    const res = await refresh('not-a-real-refresh-token');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_REFRESH_TOKEN');
  });

  it('does not extend a bearer token when the session is read', async () => {
    const signedIn = await signInWithEmail(t, 'no.extension@example.org');
    remember(signedIn.token, signedIn.refreshToken);
    const base = await t.url();
    const res = await fetch(`${base}/api/auth/get-session`, { headers: signedIn.headers });
    const body = (await res.json()) as { session: { expiresAt: string } };
    expect(new Date(body.session.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
  });
});

describe('signing out', () => {
  it('ends a cookie session and clears the cookie', async () => {
    const signedIn = await signInWithEmail(t, 'leaving.web@example.org', { strategy: 'cookie' });
    remember(signedIn.cookie);
    const res = await postAuth(t, '/sign-out', {}, { cookie: signedIn.cookie! });
    expect(res.status).toBe(200);
    const cleared = res.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
    expect(cleared).toMatch(/Max-Age=0/i);
    const me = await myselfWith(signedIn.headers);
    expect(me.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a cookie session once it has expired, or with a cookie whose signature was changed', async () => {
    const signedIn = await signInWithEmail(t, 'expiring.web@example.org', { strategy: 'cookie' });
    remember(signedIn.cookie);
    expect((await myselfWith(signedIn.headers)).errors).toBeUndefined();
    // One letter of the token changed: the signature no longer matches.
    const tampered = signedIn.headers.cookie!.replace(
      /=(.)/,
      (_all, first: string) => `=${first === 'A' ? 'B' : 'A'}`,
    );
    expect((await myselfWith({ ...signedIn.headers, cookie: tampered })).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
    await t.plaza.platform.store.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where user_id = (select id from users where email = 'expiring.web@example.org')`,
    );
    const me = await myselfWith(signedIn.headers);
    expect(me.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('ends a bearer session and its refresh token', async () => {
    const signedIn = await signInWithEmail(t, 'leaving.app@example.org');
    remember(signedIn.token, signedIn.refreshToken);
    expect((await postAuth(t, '/sign-out', {}, signedIn.headers)).status).toBe(200);
    expect((await myselfWith(signedIn.headers)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const res = await postAuth(
      t,
      '/token/refresh',
      { refreshToken: signedIn.refreshToken },
      { 'x-forwarded-for': nextIp() },
    );
    expect(res.status).toBe(401);
  });
});

describe('the session cookie on GraphQL', () => {
  it('counts from Plaza’s own pages and not from a page elsewhere', async () => {
    const signedIn = await signInWithEmail(t, 'cross.site@example.org', { strategy: 'cookie' });
    remember(signedIn.cookie);
    const own = await myselfWith({ cookie: signedIn.cookie!, origin: PLAZA_ORIGIN });
    expect(own.data?.myself.user.id).toBe(signedIn.userId);
    const elsewhere = await myselfWith({ cookie: signedIn.cookie!, origin: 'https://evil.example' });
    expect(elsewhere.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('does not fall back to the cookie when a bearer token is bad', async () => {
    const signedIn = await signInWithEmail(t, 'bad.bearer@example.org', { strategy: 'cookie' });
    remember(signedIn.cookie);
    const res = await myselfWith({ cookie: signedIn.cookie!, authorization: 'Bearer forged' });
    expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('GraphQL over WebSocket', () => {
  async function myselfOverWebSocket(options: {
    headers?: Record<string, string>;
    connectionParams?: Record<string, unknown>;
  }) {
    const base = await t.url();
    const client = createClient({
      url: `${base.replace('http', 'ws')}/graphql`,
      webSocketImpl: class extends WebSocket {
        constructor(address: string, protocols?: string | string[]) {
          super(address, protocols, { headers: options.headers ?? {} });
        }
      },
      connectionParams: options.connectionParams ?? {},
      retryAttempts: 0,
    });
    try {
      return await new Promise<{
        data?: { myself?: { user: { id: number } } };
        errors?: Array<{ extensions?: { code?: string } }>;
      }>((resolve, reject) => {
        let value: unknown;
        client.subscribe(
          { query: '{ myself { user { id } } }' },
          { next: (data) => (value = data), error: reject, complete: () => resolve(value as never) },
        );
      });
    } finally {
      await client.dispose();
    }
  }

  it('knows the person from the session cookie of the upgrade request', async () => {
    const signedIn = await signInWithEmail(t, 'socket.cookie@example.org', { strategy: 'cookie' });
    remember(signedIn.cookie);
    const result = await myselfOverWebSocket({ headers: { cookie: signedIn.cookie!, origin: PLAZA_ORIGIN } });
    expect(result.data?.myself?.user.id).toBe(signedIn.userId);
  });

  it('ignores the cookie when the page is elsewhere', async () => {
    const signedIn = await signInWithEmail(t, 'socket.hijack@example.org', { strategy: 'cookie' });
    remember(signedIn.cookie);
    const result = await myselfOverWebSocket({
      headers: { cookie: signedIn.cookie!, origin: 'https://evil.example' },
    });
    expect(result.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('knows the person from a bearer token in the connection parameters or the header', async () => {
    const signedIn = await signInWithEmail(t, 'socket.bearer@example.org');
    remember(signedIn.token, signedIn.refreshToken);
    const byParams = await myselfOverWebSocket({
      connectionParams: { authorization: `Bearer ${signedIn.token}` },
    });
    expect(byParams.data?.myself?.user.id).toBe(signedIn.userId);
    const byHeader = await myselfOverWebSocket({ headers: signedIn.headers });
    expect(byHeader.data?.myself?.user.id).toBe(signedIn.userId);
  });
});

describe('the server log', () => {
  it('never holds a code, a token or a cookie', async () => {
    const log = logLines.join('');
    expect(log).toContain('mail written to outbox');
    const codes = (await readOutbox(t.dataDir)).flatMap((message) => /\b\d{6}\b/.exec(message.text) ?? []);
    expect(codes.length).toBeGreaterThan(10);
    expect(secrets.size).toBeGreaterThan(10);
    // A 6-digit code may occur by chance inside a longer number (a timestamp): look for it standing alone.
    for (const code of codes) expect(log).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
