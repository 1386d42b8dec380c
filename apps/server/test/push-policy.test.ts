import { describe, expect, it, afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { ensureVapidKeys, vapidSubject } from '../src/domains/push/vapid-keys.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { newPerson, type Person } from './support/people.ts';
import { browserKeys } from './support/web-push-crypto.ts';

// A Plaza as it runs outside tests: PLAZA_PUSH_ALLOW_LOOPBACK is off, so this machine is off limits.

let t: TestPlaza;
let ana: Person;

beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
  ana = await newPerson(t, 'Ana');
});
afterAll(() => t?.close());

describe('push endpoints without the test option', () => {
  it('loopback endpoints are refused like any other private address', async () => {
    const keys = browserKeys();
    for (const endpoint of [
      'http://127.0.0.1:9/push/x',
      'https://127.0.0.1/push/x',
      'https://127.8.9.10/push/x',
      'https://[::1]/push/x',
      'https://localhost/push/x',
      'https://push.localhost/x',
      'https://0.0.0.0/push/x',
    ]) {
      const res = await t.gql(
        'mutation ($s: PushSubscriptionInput!) { subscribePush(subscription: $s) }',
        { s: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } } },
        ana.headers,
      );
      expect(res.errors?.[0]?.extensions, endpoint).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'subscription.endpoint',
      });
    }
  });

  it('the option is refused outside NODE_ENV=test', () => {
    expect(() => loadConfig({ PLAZA_PUSH_ALLOW_LOOPBACK: '1' })).toThrow(/PLAZA_PUSH_ALLOW_LOOPBACK/);
    expect(loadConfig({}).push.allowLoopback).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', PLAZA_PUSH_ALLOW_LOOPBACK: '1' }).push.allowLoopback).toBe(true);
  });
});

describe('registration limits', () => {
  it('a person registers at most 60 subscriptions an hour, refused ones included; tokens count apart', async () => {
    const ben = await newPerson(t, 'Ben');
    const keys = browserKeys();
    const attempt = () =>
      t.gql(
        'mutation ($s: PushSubscriptionInput!) { subscribePush(subscription: $s) }',
        { s: { endpoint: 'https://10.9.8.7/push', keys: { p256dh: keys.p256dh, auth: keys.auth } } },
        ben.headers,
      );
    for (let i = 0; i < 60; i++)
      expect((await attempt()).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const limited = await attempt();
    expect(limited.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED' });
    const token = await t.gql('mutation { registerFirebaseToken(token: "fcm-ben") }', {}, ben.headers);
    expect(token.errors).toBeUndefined();
    // Another person is not held back by Ben's attempts.
    const other = await t.gql(
      'mutation ($s: PushSubscriptionInput!) { subscribePush(subscription: $s) }',
      { s: { endpoint: 'https://10.9.8.7/push', keys: { p256dh: keys.p256dh, auth: keys.auth } } },
      ana.headers,
    );
    expect(other.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('VAPID keys', () => {
  it('processes starting together agree on one key pair, the one pushPublicKey answers', async () => {
    const db = t.plaza.platform.store.db;
    const [a, b, c] = await Promise.all([ensureVapidKeys(db), ensureVapidKeys(db), ensureVapidKeys(db)]);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(Buffer.from(a!.privateKey, 'base64url')).toHaveLength(32);
    const res = await t.gql<{ pushPublicKey: string }>('{ pushPublicKey }');
    expect(res.data!.pushPublicKey).toBe(a!.publicKey);
  });

  it('the subject is a mailto: of MAIL_FROM’s address, else an https PUBLIC_URL', () => {
    const base = { publicUrl: 'http://localhost:3000', contactEmail: 'hello@plaza.localhost' };
    expect(vapidSubject({ ...base, mailFrom: 'Plaza <news@plaza.example>' })).toBe(
      'mailto:news@plaza.example',
    );
    expect(vapidSubject({ ...base, mailFrom: 'news@plaza.example' })).toBe('mailto:news@plaza.example');
    expect(vapidSubject({ ...base, mailFrom: 'Plaza', publicUrl: 'https://plaza.example' })).toBe(
      'https://plaza.example',
    );
    expect(vapidSubject({ ...base, mailFrom: 'Plaza' })).toBe('mailto:hello@plaza.localhost');
  });
});
