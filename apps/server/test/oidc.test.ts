import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../src/db/schema/index.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { CookieJar } from './support/cookie-jar.ts';
import { PLAZA_ORIGIN, SESSION_COOKIE } from './support/sign-in.ts';

/**
 * "Continue with" an OpenID provider, end to end against a real one (oidc-provider) on loopback.
 * The test plays the browser: it follows every redirect by hand and signs in and consents at the
 * provider the way its login page would.
 */

const CLIENT = { id: 'plaza-web', secret: 'a-client-secret-for-tests-only' };
const REDIRECT_URI = `${PLAZA_ORIGIN}/api/auth/callback/oidc`;

interface Person {
  email: string;
  given_name: string;
  family_name: string;
  birthdate: string;
}

const people: Record<string, Person> = {
  ada: { email: 'ada@idp.example', given_name: 'Ada', family_name: 'Lovelace', birthdate: '1990-12-10' },
  grace: { email: 'grace@idp.example', given_name: 'Grace', family_name: 'Hopper', birthdate: '1986-12-09' },
  mallory: { email: 'mallory@idp.example', given_name: 'Mallory', family_name: 'M', birthdate: '1980-01-01' },
};

let idp: Server;
let issuer: string;
let t: TestPlaza;
/** The scope parameter of the last authorization request the provider received. */
let lastAuthorizationRequest: URLSearchParams | null = null;

const { privateKey: signingKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

async function startProvider(): Promise<void> {
  idp = createServer();
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [REDIRECT_URI],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    // Offers phone and calendar but not contacts or birthday, to see Plaza ask only for what exists.
    scopes: ['openid', 'profile', 'email', 'phone', 'calendar'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'birthdate'],
      phone: ['phone_number', 'phone_number_verified'],
    },
    findAccount: async (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: async () => {
        const person = people[id]!;
        return {
          sub: id,
          ...person,
          name: `${person.given_name} ${person.family_name}`,
          email_verified: true,
        };
      },
    }),
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    cookies: { keys: ['oidc-test-cookie-key'] },
    jwks: { keys: [{ ...signingKey.export({ format: 'jwk' }), kid: 'test', alg: 'RS256', use: 'sig' }] },
  });
  const callback = provider.callback();
  idp.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname === '/auth') lastAuthorizationRequest = url.searchParams;
    if (!url.pathname.startsWith('/interaction/')) {
      callback(req, res);
      return;
    }
    // The provider's own login and consent pages, answered as if the person filled them in.
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      const accountId = url.searchParams.get('as') ?? 'ada';
      if (details.prompt.name === 'login') {
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const grant = new provider.Grant({ accountId: details.session!.accountId!, clientId: CLIENT.id });
      const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId: await grant.save() } },
        {
          mergeWithLastSubmission: true,
        },
      );
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
}

beforeAll(async () => {
  await startProvider();
  t = await startTestPlaza({
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: CLIENT.id,
    OIDC_CLIENT_SECRET: CLIENT.secret,
    OIDC_NAME: 'Continue with Test ID',
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => idp.close(resolve));
});

/** Plaza's public URL (http://plaza.test) is this test's listener. */
async function onPlaza(url: string): Promise<string> {
  const parsed = new URL(url, PLAZA_ORIGIN);
  return `${await t.url()}${parsed.pathname}${parsed.search}`;
}

interface Browser {
  plaza: CookieJar;
  idp: CookieJar;
}

function newBrowser(): Browser {
  return { plaza: new CookieJar(), idp: new CookieJar() };
}

/** Starts "Continue with": Plaza answers with the provider's authorization URL and a state cookie. */
async function startSignIn(browser: Browser): Promise<URL> {
  const res = await fetch(await onPlaza('/api/auth/sign-in/social'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: PLAZA_ORIGIN },
    body: JSON.stringify({ provider: 'oidc', callbackURL: '/chat', errorCallbackURL: '/login' }),
  });
  expect(res.status).toBe(200);
  browser.plaza.store(res.headers);
  const body = (await res.json()) as { url: string; redirect: boolean };
  return new URL(body.url);
}

/**
 * Walks the provider's redirects (login, consent) until it sends the browser back to Plaza, and
 * answers that callback URL without following it.
 */
async function authorizeAtProvider(browser: Browser, authorizationUrl: URL, as = 'ada'): Promise<URL> {
  let next = authorizationUrl.toString();
  for (let hop = 0; hop < 10; hop++) {
    const url = new URL(next, issuer);
    if (url.pathname.startsWith('/interaction/')) url.searchParams.set('as', as);
    const res = await fetch(url, { headers: { cookie: browser.idp.header() }, redirect: 'manual' });
    browser.idp.store(res.headers);
    const location = res.headers.get('location');
    if (!location)
      throw new Error(`the provider stopped at ${url.pathname} with ${res.status}: ${await res.text()}`);
    const target = new URL(location, url);
    if (target.origin === PLAZA_ORIGIN) return target;
    next = target.toString();
  }
  throw new Error('too many redirects at the provider');
}

async function deliverCallback(browser: Browser, callback: URL) {
  const res = await fetch(await onPlaza(callback.toString()), {
    headers: { cookie: browser.plaza.header() },
    redirect: 'manual',
  });
  browser.plaza.store(res.headers);
  return res;
}

async function myselfOf(browser: Browser) {
  return t.gql<{
    myself: {
      needsOnboarding: boolean;
      user: { first: string; last: string; email: string; birthday: string };
    };
  }>(
    '{ myself { needsOnboarding user { first last email birthday } } }',
    {},
    { cookie: browser.plaza.header() },
  );
}

describe('Continue with an OpenID Connect provider', () => {
  it('is announced with its button label', async () => {
    const res = await t.gql('{ signInMethods { emailCode phoneCode oidc { providerId name } } }');
    expect(res.data).toEqual({
      signInMethods: {
        emailCode: true,
        phoneCode: true,
        oidc: { providerId: 'oidc', name: 'Continue with Test ID' },
      },
    });
  });

  it('asks with PKCE and a state, for the spec 1 scopes the provider offers and no others', async () => {
    const authorizationUrl = await startSignIn(newBrowser());
    const params = authorizationUrl.searchParams;
    expect(`${authorizationUrl.origin}${authorizationUrl.pathname}`).toBe(`${issuer}/auth`);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe(CLIENT.id);
    expect(params.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toMatch(/^\S{16,}$/);
    expect(params.get('scope')!.split(' ').sort()).toEqual([
      'calendar',
      'email',
      'openid',
      'phone',
      'profile',
    ]);
  });

  it('signs a new person up and in, with a cookie session and their name from the provider', async () => {
    const browser = newBrowser();
    const callback = await authorizeAtProvider(browser, await startSignIn(browser));
    expect(lastAuthorizationRequest?.get('scope')).toContain('calendar');
    expect(callback.pathname).toBe('/api/auth/callback/oidc');
    expect(callback.searchParams.get('code')).toBeTruthy();

    const res = await deliverCallback(browser, callback);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/chat');
    expect(browser.plaza.get(SESSION_COOKIE)).toBeTruthy();
    const line = res.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))!;
    expect(line).toMatch(/HttpOnly/i);

    const me = await myselfOf(browser);
    expect(me.errors).toBeUndefined();
    expect(me.data!.myself).toEqual({
      needsOnboarding: true,
      user: { first: 'Ada', last: 'Lovelace', email: 'ada@idp.example', birthday: '1990-12-10' },
    });
    const [user] = await t.plaza.platform.store.db
      .select()
      .from(users)
      .where(eq(users.email, 'ada@idp.example'));
    const linked = await t.plaza.platform.store.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, user!.id));
    expect(linked).toHaveLength(1);
    expect(linked[0]).toMatchObject({ providerId: 'oidc', accountId: 'ada' });
    // Provider tokens (opaque base64url from this provider) are kept encrypted, as hex.
    expect(linked[0]!.accessToken).toMatch(/^[0-9a-f]{80,}$/);
  });

  it('signs the same person in to the same account the next time', async () => {
    const first = newBrowser();
    await deliverCallback(first, await authorizeAtProvider(first, await startSignIn(first), 'grace'));
    const second = newBrowser();
    await deliverCallback(second, await authorizeAtProvider(second, await startSignIn(second), 'grace'));
    const rows = await t.plaza.platform.store.db
      .select()
      .from(users)
      .where(eq(users.email, 'grace@idp.example'));
    expect(rows).toHaveLength(1);
    expect((await myselfOf(second)).data!.myself.user.first).toBe('Grace');
  });

  it('ignores a callback whose state was forged: no session, no account', async () => {
    const browser = newBrowser();
    const callback = await authorizeAtProvider(browser, await startSignIn(browser), 'mallory');
    callback.searchParams.set('state', 'forged-state-forged-state-forged');
    const res = await deliverCallback(browser, callback);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/^http:\/\/plaza\.test\/login\?error=state_mismatch/);
    expect(browser.plaza.get(SESSION_COOKIE)).toBeUndefined();
    const rows = await t.plaza.platform.store.db
      .select()
      .from(users)
      .where(eq(users.email, 'mallory@idp.example'));
    expect(rows).toHaveLength(0);
  });

  it('ignores a real callback delivered to another browser (no state cookie)', async () => {
    const victim = newBrowser();
    const callback = await authorizeAtProvider(victim, await startSignIn(victim), 'mallory');
    const attacker = newBrowser();
    const res = await deliverCallback(attacker, callback);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/error=state_mismatch/);
    expect(attacker.plaza.get(SESSION_COOKIE)).toBeUndefined();
    const rows = await t.plaza.platform.store.db
      .select()
      .from(users)
      .where(eq(users.email, 'mallory@idp.example'));
    expect(rows).toHaveLength(0);
  });

  it('does not let a client choose the scopes or sign in with a bare ID token', async () => {
    const res = await fetch(await onPlaza('/api/auth/sign-in/social'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: PLAZA_ORIGIN },
      body: JSON.stringify({ provider: 'oidc', callbackURL: '/chat', scopes: ['admin', 'contacts'] }),
    });
    const scope = new URL(((await res.json()) as { url: string }).url).searchParams.get('scope')!;
    expect(scope.split(' ')).not.toContain('admin');
    expect(scope.split(' ')).not.toContain('contacts');
    const idToken = await fetch(await onPlaza('/api/auth/sign-in/social'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: PLAZA_ORIGIN },
      body: JSON.stringify({ provider: 'oidc', idToken: { token: 'x.y.z' } }),
    });
    expect(idToken.status).toBe(400);
  });
});
