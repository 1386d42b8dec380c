import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { lastCodeTo } from './support/outbox.ts';
import { postAuth, signInWithEmail } from './support/sign-in.ts';

/**
 * DESIGN "Security baseline", issue 12 point 4: the headers of every answer, the session cookie's
 * flags, and CSRF protection on every state-changing request (decision 0020). Over real HTTP.
 */
let t: TestPlaza;
let base: string;
beforeAll(async () => {
  t = await startTestPlaza();
  base = await t.url();
});
afterAll(() => t.close());

const FOREIGN = 'https://evil.example';
const OWN = 'http://plaza.test';

describe('security headers', () => {
  it('every answer carries nosniff, a referrer policy, HSTS and a CSP that forbids framing', async () => {
    for (const path of [
      '/healthz',
      '/graphql?query=%7B__typename%7D',
      '/api/nothing',
      '/media/missing.png',
    ]) {
      const res = await fetch(`${base}${path}`);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('strict-transport-security'), path).toMatch(/^max-age=31536000/);
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("object-src 'none'");
    }
  });

  it('allows inline scripts only with a nonce that is new for each answer', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const csp = (await fetch(`${base}/healthz`)).headers.get('content-security-policy') ?? '';
      const scriptSrc = csp.split(';').find((part) => part.trim().startsWith('script-src')) ?? '';
      expect(scriptSrc).not.toContain('unsafe-inline');
      const nonce = /'nonce-([A-Za-z0-9+/=]{22,})'/.exec(scriptSrc)?.[1];
      expect(nonce, csp).toBeDefined();
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(3);
  });
});

describe('in development', () => {
  let dev: TestPlaza;
  beforeAll(async () => {
    dev = await startTestPlaza({ NODE_ENV: 'development' });
  });
  afterAll(() => dev.close());

  it('sends no HSTS (http://localhost) but still forbids framing', async () => {
    const res = await fetch(`${await dev.url()}/healthz`);
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('the session cookie', () => {
  it('is HttpOnly, Secure and SameSite=Lax', async () => {
    const email = 'cookie-flags@example.org';
    expect((await postAuth(t, '/email-otp/send-verification-otp', { email, type: 'sign-in' })).status).toBe(
      200,
    );
    const otp = await lastCodeTo(t.dataDir, email);
    const signedIn = await postAuth(t, '/sign-in/email-otp', { email, otp });
    const setCookie = signedIn.headers.getSetCookie();
    const session = setCookie.find((line) => /session_token=/.test(line));
    expect(session, setCookie.join('\n')).toBeDefined();
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
  });
});

describe('CSRF protection', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = (await signInWithEmail(t, 'csrf@example.org', { strategy: 'cookie' })).cookie!;
  });

  const mutation = JSON.stringify({ query: 'mutation { createCalendarFeed { url } }' });

  async function feedCount(): Promise<number> {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ query: '{ myCalendarFeed { active } }' }),
    });
    const body = (await res.json()) as { data?: { myCalendarFeed: { active: boolean } | null } };
    return body.data?.myCalendarFeed?.active ? 1 : 0;
  }

  it('refuses a GraphQL mutation from a page elsewhere, changing nothing', async () => {
    const before = await feedCount();
    const foreign: Array<Record<string, string>> = [
      { origin: FOREIGN },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
    ];
    for (const headers of foreign) {
      const res = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, ...headers },
        body: mutation,
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('FORBIDDEN');
    }
    expect(await feedCount()).toBe(before);
  });

  it('takes the same mutation from Plaza’s own page', async () => {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: OWN, 'sec-fetch-site': 'same-origin' },
      body: mutation,
    });
    expect(res.status).toBe(200);
    expect(await feedCount()).toBe(1);
  });

  it('refuses a form or text/plain POST to GraphQL even without an Origin (415)', async () => {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', cookie },
      body: JSON.stringify({ query: 'mutation { revokeCalendarFeed }' }),
    });
    expect(res.status).toBe(415);
    expect(await feedCount()).toBe(1);
  });

  it('refuses sign-in, uploads, sign-out and page form actions from a page elsewhere', async () => {
    const attempts: Array<{ path: string; body: BodyInit; type: string }> = [
      {
        path: '/api/auth/email-otp/send-verification-otp',
        body: '{"email":"x@example.org","type":"sign-in"}',
        type: 'application/json',
      },
      { path: '/api/auth/sign-out', body: '{}', type: 'application/json' },
      { path: '/media/upload?kind=avatar', body: new Uint8Array([1, 2, 3]), type: 'image/png' },
      { path: '/plans/new', body: 'title=Forged', type: 'application/x-www-form-urlencoded' },
    ];
    for (const { path, body, type } of attempts) {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': type, cookie, origin: FOREIGN },
        body,
      });
      expect(res.status, path).toBe(403);
    }
    // The session is still there: sign-out from elsewhere did nothing.
    expect(await feedCount()).toBe(1);
  });

  it('lets a bearer-token client through whatever its Origin, and a server without one', async () => {
    const { token } = await signInWithEmail(t, 'csrf-bearer@example.org', { strategy: 'bearer' });
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, origin: FOREIGN },
      body: JSON.stringify({ query: '{ myself { user { id } } }' }),
    });
    expect(res.status).toBe(200);
    const plain = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(plain.status).toBe(200);
  });
});
