import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activities,
  deviceTokens,
  notificationMutes,
  notificationPreferences,
  pushSubscriptions,
  sessions,
} from '../src/db/schema/index.ts';
import { recordActivity, type ActivityInput } from '../src/domains/activity/record-activity.ts';
import { postPush } from '../src/domains/push/post-push.ts';
import { firebaseTokenOfSession } from '../src/domains/push/push-subscriptions.ts';
import { startTestPlaza, type GraphQLResponse, type TestPlaza } from './harness.ts';
import { newPerson, type Person } from './support/people.ts';
import {
  browserKeys,
  decryptPushBody,
  verifyVapidHeader,
  type BrowserKeys,
} from './support/web-push-crypto.ts';
import { startPushService, type PushService } from './support/web-push-service.ts';

let t: TestPlaza;
let service: PushService;
let ana: Person;
let ben: Person;
let cai: Person;

beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1', PLAZA_PUSH_ALLOW_LOOPBACK: '1' });
  service = await startPushService();
  ana = await newPerson(t, 'Ana');
  ben = await newPerson(t, 'Ben');
  cai = await newPerson(t, 'Cai');
});
afterAll(async () => {
  await service?.close();
  await t?.close();
});

const db = () => t.plaza.platform.store.db;
const codeOf = (res: GraphQLResponse) => res.errors?.[0]?.extensions?.code;
const fieldOf = (res: GraphQLResponse) => res.errors?.[0]?.extensions?.field;

let endpointCounter = 0;
/** A fresh endpoint on the stand-in push service; `prefix` picks its answer (e.g. status/410). */
function endpoint(prefix = 'push'): string {
  endpointCounter += 1;
  return `${service.origin}/${prefix}/sub-${endpointCounter}`;
}

async function subscribe(
  person: Person | null,
  url: string,
  keys: { p256dh: string; auth: string },
  userAgent?: string,
) {
  return t.gql<{ subscribePush: boolean }>(
    'mutation ($s: PushSubscriptionInput!) { subscribePush(subscription: $s) }',
    { s: { endpoint: url, keys: { p256dh: keys.p256dh, auth: keys.auth }, userAgent } },
    person?.headers ?? {},
  );
}

async function subscribed(
  person: Person,
  url: string,
  keys: BrowserKeys = browserKeys(),
): Promise<BrowserKeys> {
  const res = await subscribe(person, url, keys, 'Test browser');
  expect(res.errors).toBeUndefined();
  expect(res.data!.subscribePush).toBe(true);
  return keys;
}

async function subscriptionOf(url: string) {
  const [row] = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, url));
  return row;
}

function friendRequest(to: Person, from: Person, extra: Partial<ActivityInput> = {}): ActivityInput {
  return {
    receiverId: to.userId,
    creatorId: from.userId,
    type: 'FRIEND_REQUEST',
    action: 'requested',
    model: { type: 'User', id: from.userId },
    href: `/user/${from.username}`,
    message: `${from.username} wants to be your friend`,
    ...extra,
  };
}

/** Records an activity now and runs the jobs that are due (the push job is due at once). */
async function recordAndRun(input: ActivityInput) {
  const now = new Date();
  const recorded = await recordActivity(t.plaza.platform, input, now);
  await t.plaza.jobs.runDue(new Date(now.getTime() + 1000));
  return recorded;
}

function payloadOf(body: Buffer, keys: BrowserKeys) {
  return JSON.parse(decryptPushBody(body, keys).toString('utf8')) as Record<string, unknown>;
}

describe('pushPublicKey', () => {
  it('answers the VAPID public key to anyone, the same every time', async () => {
    const first = await t.gql<{ pushPublicKey: string }>('{ pushPublicKey }');
    expect(first.errors).toBeUndefined();
    const key = Buffer.from(first.data!.pushPublicKey, 'base64url');
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
    const again = await t.gql<{ pushPublicKey: string }>('{ pushPublicKey }', {}, ana.headers);
    expect(again.data!.pushPublicKey).toBe(first.data!.pushPublicKey);
  });
});

describe('a push through a local push service', () => {
  it('posts a VAPID-signed, aes128gcm-encrypted notification the browser can decrypt', async () => {
    const url = endpoint();
    const keys = await subscribed(ben, url);
    const recorded = await recordAndRun(friendRequest(ben, ana));
    expect(recorded).not.toBeNull();

    const got = service.receivedAt(url);
    expect(got).toHaveLength(1);
    const request = got[0]!;
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers['content-type']).toBe('application/octet-stream');
    expect(request.headers.ttl).toBe('86400');
    expect(request.headers.urgency).toBe('high');
    expect(request.headers.topic).toBe(`activity-${recorded!.id}`);

    const publicKey = (await t.gql<{ pushPublicKey: string }>('{ pushPublicKey }')).data!.pushPublicKey;
    const vapid = verifyVapidHeader(String(request.headers.authorization));
    expect(vapid.key).toBe(publicKey);
    expect(vapid.claims.aud).toBe(service.origin);
    const nowSeconds = Date.now() / 1000;
    expect(vapid.claims.exp).toBeGreaterThan(nowSeconds);
    expect(vapid.claims.exp).toBeLessThanOrEqual(nowSeconds + 24 * 3600);
    expect(vapid.claims.sub).toBe('mailto:hello@plaza.localhost');
    // The check is real: the same JWT does not verify with another key.
    const otherKey = browserKeys().p256dh;
    expect(() =>
      verifyVapidHeader(String(request.headers.authorization).replace(/k=[\w-]+$/, `k=${otherKey}`)),
    ).toThrow(/does not verify/);

    expect(payloadOf(request.body, keys)).toEqual({
      title: 'Ana Test',
      body: `${ana.username} wants to be your friend`,
      url: `http://plaza.test/user/${ana.username}`,
      tag: `activity-${recorded!.id}`,
      icon: 'http://plaza.test/apple-touch-icon.png',
    });
    // Someone else's keys cannot read it: the body is bound to this browser's key and secret.
    expect(() => decryptPushBody(request.body, browserKeys())).toThrow();

    const row = await subscriptionOf(url);
    expect(row!.failures).toBe(0);
    expect(row!.lastSuccessAt).toBeInstanceOf(Date);
    expect(row!.userAgent).toBe('Test browser');
  });

  it('sends to each of the person’s browsers, and a kind that is not a request goes at normal urgency', async () => {
    const first = endpoint();
    const second = endpoint();
    const firstKeys = await subscribed(cai, first);
    const secondKeys = await subscribed(cai, second);
    await recordAndRun(
      friendRequest(cai, ana, {
        type: 'PLAN_RESPONSE',
        action: 'answered',
        model: { type: 'Plan', id: 1 },
        href: '/plan/abc',
        message: 'Ana Test is going to Picnic',
      }),
    );
    expect(service.receivedAt(first)).toHaveLength(1);
    expect(service.receivedAt(second)).toHaveLength(1);
    expect(service.receivedAt(first)[0]!.headers.urgency).toBe('normal');
    expect(payloadOf(service.receivedAt(first)[0]!.body, firstKeys)).toMatchObject({
      body: 'Ana Test is going to Picnic',
      url: 'http://plaza.test/plan/abc',
    });
    expect(payloadOf(service.receivedAt(second)[0]!.body, secondKeys).body).toBe(
      'Ana Test is going to Picnic',
    );
    await db().delete(pushSubscriptions).where(eq(pushSubscriptions.userId, cai.userId));
  });

  it('re-subscribing the same endpoint updates the keys: the next message is for the new ones', async () => {
    const url = endpoint();
    const oldKeys = await subscribed(ben, url);
    const newKeys = await subscribed(ben, url);
    expect(newKeys.p256dh).not.toBe(oldKeys.p256dh);
    expect(
      await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, url)),
    ).toHaveLength(1);
    await recordAndRun(friendRequest(ben, cai));
    const body = service.receivedAt(url)[0]!.body;
    expect(payloadOf(body, newKeys).title).toBe('Cai Test');
    expect(() => decryptPushBody(body, oldKeys)).toThrow();
  });
});

describe('push service answers', () => {
  it('410 and 404 remove the subscription; 500 keeps it and counts a failure; 5 in a row remove it', async () => {
    const gone = endpoint('status/410');
    const missing = endpoint('status/404');
    const broken = endpoint('status/500');
    const tooLarge = endpoint('status/413');
    for (const url of [gone, missing, broken, tooLarge]) await subscribed(ana, url);

    await recordAndRun(friendRequest(ana, ben));
    for (const url of [gone, missing, broken, tooLarge]) expect(service.receivedAt(url)).toHaveLength(1);
    expect(await subscriptionOf(gone)).toBeUndefined();
    expect(await subscriptionOf(missing)).toBeUndefined();
    expect((await subscriptionOf(broken))!.failures).toBe(1);
    // 413: the message was too big for that service; logged, not held against the browser.
    expect((await subscriptionOf(tooLarge))!.failures).toBe(0);

    for (let i = 2; i <= 4; i++) {
      await recordAndRun(friendRequest(ana, ben, { collapseKey: `again-${i}` }));
      expect((await subscriptionOf(broken))!.failures).toBe(i);
    }
    await recordAndRun(friendRequest(ana, ben, { collapseKey: 'again-5' }));
    expect(service.receivedAt(broken)).toHaveLength(5);
    expect(await subscriptionOf(broken)).toBeUndefined();
    // A per-subscription failure is not thrown: the jobs finished, none waits to retry and resend.
    const [{ n }] = (
      await db().execute<{ n: number }>(
        "SELECT count(*)::int AS n FROM jobs WHERE kind = 'activity.channel' AND done_at IS NULL AND run_at <= now() + interval '1 minute'",
      )
    ).rows as [{ n: number }];
    expect(n).toBe(0);
    await db().delete(pushSubscriptions).where(eq(pushSubscriptions.userId, ana.userId));
  });

  it('a success after failures resets the count', async () => {
    const url = endpoint();
    await subscribed(ana, url);
    await db().update(pushSubscriptions).set({ failures: 3 }).where(eq(pushSubscriptions.endpoint, url));
    await recordAndRun(friendRequest(ana, cai));
    expect(service.receivedAt(url)).toHaveLength(1);
    expect((await subscriptionOf(url))!.failures).toBe(0);
    await db().delete(pushSubscriptions).where(eq(pushSubscriptions.userId, ana.userId));
  });

  it('the send-time guard refuses what the address rules refuse, DNS answers included', async () => {
    const url = `${endpoint()}-guarded`;
    const request = { endpoint: url, headers: { ttl: '60' }, body: null };
    // Loopback by IP literal without the test option: refused before any connection.
    expect(await postPush(request, { allowLoopback: false, timeoutMs: 2000 })).toMatchObject({
      ok: false,
      blocked: true,
    });
    // A host name whose DNS answer is private (as after a rebinding): the guarded lookup refuses it.
    const named = url.replace('127.0.0.1', 'push.example.com').replace('http:', 'https:');
    const rebound = await postPush(
      { ...request, endpoint: named },
      { allowLoopback: false, timeoutMs: 2000, resolve: async () => [{ address: '10.0.0.7', family: 4 }] },
    );
    expect(rebound).toMatchObject({ ok: false, blocked: true });
    expect(service.receivedAt(url)).toHaveLength(0);
    // The same request with the option on reaches the stand-in: the refusals above were the guard.
    expect(await postPush(request, { allowLoopback: true, timeoutMs: 2000 })).toEqual({
      ok: true,
      status: 201,
    });
    expect(service.receivedAt(url)).toHaveLength(1);
  });

  it('a push service that does not answer in time is a failure, not a hang', async () => {
    const url = endpoint('slow');
    const started = Date.now();
    const answer = await postPush(
      { endpoint: url, headers: {}, body: null },
      { allowLoopback: true, timeoutMs: 300 },
    );
    expect(answer).toMatchObject({ ok: false, status: null });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(service.receivedAt(url)).toHaveLength(1);
  });
});

describe('what is not sent', () => {
  async function positiveControl(person: Person, url: string, keys: BrowserKeys) {
    const control = await recordAndRun(friendRequest(person, cai, { collapseKey: `control-${url}` }));
    const got = service.receivedAt(url);
    expect(got).toHaveLength(1);
    expect(payloadOf(got[0]!.body, keys).tag).toBe(`activity-${control!.id}`);
  }

  it('nothing for a muted subject, whether muted before or after the activity', async () => {
    const url = endpoint();
    const keys = await subscribed(ben, url);
    const until = new Date(Date.now() + 86_400_000);
    await db().insert(notificationMutes).values({ userId: ben.userId, subject: 'plan:9001', until });
    const plan = {
      type: 'PLAN_UPDATED' as const,
      action: 'changed',
      model: { type: 'Plan' as const, id: 9001 },
    };
    await recordAndRun(
      friendRequest(ben, ana, { ...plan, subject: 'plan:9001', collapseKey: 'muted-before' }),
    );
    expect(service.receivedAt(url)).toHaveLength(0);

    // Muted between the activity and its push job: the job looks again and sends nothing.
    const now = new Date();
    await recordActivity(t.plaza.platform, friendRequest(ben, ana, { ...plan, subject: 'plan:9002' }), now);
    await db().insert(notificationMutes).values({ userId: ben.userId, subject: 'plan:9002', until });
    await t.plaza.jobs.runDue(new Date(now.getTime() + 1000));
    expect(service.receivedAt(url)).toHaveLength(0);

    await positiveControl(ben, url, keys);
    await db().delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, url));
  });

  it('nothing for an activity read before its push job ran', async () => {
    const url = endpoint();
    const keys = await subscribed(ben, url);
    const now = new Date();
    const recorded = await recordActivity(
      t.plaza.platform,
      friendRequest(ben, ana, { collapseKey: 'read' }),
      now,
    );
    await db().update(activities).set({ readAt: now }).where(eq(activities.id, recorded!.id));
    await t.plaza.jobs.runDue(new Date(now.getTime() + 1000));
    expect(service.receivedAt(url)).toHaveLength(0);
    await positiveControl(ben, url, keys);
    await db().delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, url));
  });

  it('nothing when the person turned push off for the kind, before or after the activity', async () => {
    const url = endpoint();
    const keys = await subscribed(ben, url);
    await db()
      .insert(notificationPreferences)
      .values({ userId: ben.userId, type: 'PLAN_INVITE', push: false });
    const invite = {
      type: 'PLAN_INVITE' as const,
      action: 'invited',
      model: { type: 'Plan' as const, id: 7 },
    };
    await recordAndRun(friendRequest(ben, ana, { ...invite, collapseKey: 'invite-off' }));
    expect(service.receivedAt(url)).toHaveLength(0);

    const now = new Date();
    await recordActivity(t.plaza.platform, friendRequest(ben, ana, { collapseKey: 'request-off' }), now);
    await db()
      .insert(notificationPreferences)
      .values({ userId: ben.userId, type: 'FRIEND_REQUEST', push: false });
    await t.plaza.jobs.runDue(new Date(now.getTime() + 1000));
    expect(service.receivedAt(url)).toHaveLength(0);

    await db()
      .delete(notificationPreferences)
      .where(
        and(
          eq(notificationPreferences.userId, ben.userId),
          eq(notificationPreferences.type, 'FRIEND_REQUEST'),
        ),
      );
    await positiveControl(ben, url, keys);
    await db().delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, url));
  });
});

describe('refusals', () => {
  it('a signed-out caller can neither subscribe, unsubscribe nor register a token', async () => {
    const url = endpoint();
    const sub = await subscribe(null, url, browserKeys());
    expect(codeOf(sub)).toBe('UNAUTHENTICATED');
    expect(await subscriptionOf(url)).toBeUndefined();
    const unsub = await t.gql('mutation ($e: String!) { unsubscribePush(endpoint: $e) }', { e: url });
    expect(codeOf(unsub)).toBe('UNAUTHENTICATED');
    const reg = await t.gql('mutation { registerFirebaseToken(token: "tok-signed-out") }');
    expect(codeOf(reg)).toBe('UNAUTHENTICATED');
    const unreg = await t.gql('mutation { unregisterFirebaseToken(token: "tok-signed-out") }');
    expect(codeOf(unreg)).toBe('UNAUTHENTICATED');
    expect(
      await db().select().from(deviceTokens).where(eq(deviceTokens.token, 'tok-signed-out')),
    ).toHaveLength(0);
  });

  it('an endpoint registered by another person is refused and left unchanged', async () => {
    const url = endpoint();
    const anaKeys = await subscribed(ana, url);
    const before = await subscriptionOf(url);
    const res = await subscribe(ben, url, browserKeys());
    expect(codeOf(res)).toBe('FORBIDDEN');
    expect(await subscriptionOf(url)).toEqual(before);
    expect(before!.p256dh).toBe(anaKeys.p256dh);
    expect(before!.userId).toBe(ana.userId);
  });

  it('unsubscribing someone else’s endpoint answers false and leaves it; one’s own is removed', async () => {
    const url = endpoint();
    await subscribed(ana, url);
    const unsubscribe = (person: Person, e: string) =>
      t.gql<{ unsubscribePush: boolean }>(
        'mutation ($e: String!) { unsubscribePush(endpoint: $e) }',
        { e },
        person.headers,
      );
    const theirs = await unsubscribe(ben, url);
    expect(theirs.errors).toBeUndefined();
    expect(theirs.data!.unsubscribePush).toBe(false);
    expect((await subscriptionOf(url))!.userId).toBe(ana.userId);
    expect((await unsubscribe(ben, endpoint())).data!.unsubscribePush).toBe(false);
    const own = await unsubscribe(ana, url);
    expect(own.data!.unsubscribePush).toBe(true);
    expect(await subscriptionOf(url)).toBeUndefined();
  });

  it('bad keys and unsafe endpoints are refused with BAD_USER_INPUT naming the field, and nothing is stored', async () => {
    const good = browserKeys();
    const countOfAna = async () =>
      (await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, ana.userId))).length;
    const before = await countOfAna();
    const cases: Array<[string, string, { p256dh: string; auth: string }, string]> = [
      [
        'short p256dh',
        endpoint(),
        { p256dh: good.p256dh.slice(0, 40), auth: good.auth },
        'subscription.keys.p256dh',
      ],
      [
        'p256dh not base64url',
        endpoint(),
        { p256dh: `${good.p256dh.slice(1)}!`, auth: good.auth },
        'subscription.keys.p256dh',
      ],
      [
        'p256dh not on the curve',
        endpoint(),
        {
          p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url'),
          auth: good.auth,
        },
        'subscription.keys.p256dh',
      ],
      [
        'p256dh compressed',
        endpoint(),
        {
          p256dh: Buffer.from(good.ecdh.getPublicKey(null, 'compressed')).toString('base64url'),
          auth: good.auth,
        },
        'subscription.keys.p256dh',
      ],
      [
        'auth of 15 bytes',
        endpoint(),
        { p256dh: good.p256dh, auth: Buffer.alloc(15, 7).toString('base64url') },
        'subscription.keys.auth',
      ],
      [
        'auth of 32 bytes',
        endpoint(),
        { p256dh: good.p256dh, auth: Buffer.alloc(32, 7).toString('base64url') },
        'subscription.keys.auth',
      ],
      ['http endpoint', 'http://push.example.com/x', good, 'subscription.endpoint'],
      ['not a URL', 'push service', good, 'subscription.endpoint'],
      ['ftp endpoint', 'ftp://push.example.com/x', good, 'subscription.endpoint'],
      ['credentials', 'https://user:pw@push.example.com/x', good, 'subscription.endpoint'],
      ['private address', 'https://10.1.2.3/push/x', good, 'subscription.endpoint'],
      ['private address over http', 'http://192.168.1.10/push/x', good, 'subscription.endpoint'],
      ['cloud metadata', 'https://169.254.169.254/latest', good, 'subscription.endpoint'],
      ['IPv6 unique-local', 'https://[fd00::1]/push', good, 'subscription.endpoint'],
      ['IPv4-mapped private', 'https://[::ffff:10.0.0.1]/push', good, 'subscription.endpoint'],
      ['local name', 'https://push.internal/x', good, 'subscription.endpoint'],
      ['single-label name', 'https://pushservice/x', good, 'subscription.endpoint'],
      ['unknown host', 'https://push.nowhere.invalid/x', good, 'subscription.endpoint'],
      ['too long', `https://push.example.com/${'a'.repeat(2100)}`, good, 'subscription.endpoint'],
    ];
    for (const [name, url, keys, field] of cases) {
      const res = await subscribe(ana, url, keys);
      expect(codeOf(res), name).toBe('BAD_USER_INPUT');
      expect(fieldOf(res), name).toBe(field);
    }
    expect(await countOfAna()).toBe(before);
    // The same keys and a good endpoint pass: the refusals above were about the field named.
    expect((await subscribe(ana, endpoint(), good)).data?.subscribePush).toBe(true);
    expect(await countOfAna()).toBe(before + 1);
  });
});

describe('native push tokens', () => {
  async function outboxPushes() {
    const folder = path.join(t.dataDir, 'outbox');
    const names = (await readdir(folder).catch(() => [] as string[]))
      .filter((n) => n.endsWith('.push.json'))
      .sort();
    return Promise.all(
      names.map(
        async (name) =>
          JSON.parse(await readFile(path.join(folder, name), 'utf8')) as {
            message: {
              token: string;
              notification: { title: string; body: string };
              data: Record<string, string>;
            };
          },
      ),
    );
  }

  const register = (person: Person, token: string) =>
    t.gql<{ registerFirebaseToken: boolean }>(
      'mutation ($t: String!) { registerFirebaseToken(token: $t) }',
      { t: token },
      person.headers,
    );

  it('a registered token gets each activity in the outbox, remembered with its session', async () => {
    const token = `fcm-${'x'.repeat(140)}:APA91b`;
    const res = await register(cai, token);
    expect(res.errors).toBeUndefined();
    expect(res.data!.registerFirebaseToken).toBe(true);
    const [row] = await db().select().from(deviceTokens).where(eq(deviceTokens.token, token));
    expect(row!.userId).toBe(cai.userId);
    const [session] = await db().select().from(sessions).where(eq(sessions.id, row!.sessionId!));
    expect(session!.userId).toBe(cai.userId);
    expect(await firebaseTokenOfSession(db(), cai.userId, row!.sessionId!)).toBe(token);
    expect(await firebaseTokenOfSession(db(), cai.userId, row!.sessionId! + 1000)).toBeNull();
    expect(await firebaseTokenOfSession(db(), ana.userId, row!.sessionId!)).toBeNull();
    const asked = await t.gql<{ myself: { firebaseToken: string | null } }>(
      '{ myself(withFirebaseToken: true) { firebaseToken } }',
      {},
      cai.headers,
    );
    expect(asked.data?.myself.firebaseToken).toBe(token);
    const others = await t.gql<{ myself: { firebaseToken: string | null } }>(
      '{ myself(withFirebaseToken: true) { firebaseToken } }',
      {},
      ana.headers,
    );
    expect(others.data?.myself.firebaseToken).toBeNull();

    const recorded = await recordAndRun(friendRequest(cai, ana, { collapseKey: 'native' }));
    const mine = (await outboxPushes()).filter((m) => m.message.token === token);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.message.notification).toEqual({
      title: 'Ana Test',
      body: `${ana.username} wants to be your friend`,
    });
    expect(mine[0]!.message.data).toMatchObject({
      url: `http://plaza.test/user/${ana.username}`,
      tag: `activity-${recorded!.id}`,
      activityId: String(recorded!.id),
      type: 'FRIEND_REQUEST',
    });
  });

  it('another person’s live token is refused; bad tokens are refused; one’s own can be removed', async () => {
    const token = 'fcm-shared-device-token';
    expect((await register(ana, token)).data!.registerFirebaseToken).toBe(true);
    const taken = await register(ben, token);
    expect(codeOf(taken)).toBe('FORBIDDEN');
    const [row] = await db().select().from(deviceTokens).where(eq(deviceTokens.token, token));
    expect(row!.userId).toBe(ana.userId);

    for (const bad of ['', '   ', 'has space', 'x'.repeat(4097)]) {
      const res = await register(ana, bad);
      expect(codeOf(res), bad.slice(0, 20)).toBe('BAD_USER_INPUT');
      expect(fieldOf(res)).toBe('token');
    }

    const unregister = (person: Person, tk: string) =>
      t.gql<{ unregisterFirebaseToken: boolean }>(
        'mutation ($t: String!) { unregisterFirebaseToken(token: $t) }',
        { t: tk },
        person.headers,
      );
    expect((await unregister(ben, token)).data!.unregisterFirebaseToken).toBe(false);
    expect(await db().select().from(deviceTokens).where(eq(deviceTokens.token, token))).toHaveLength(1);
    expect((await unregister(ana, token)).data!.unregisterFirebaseToken).toBe(true);
    expect(await db().select().from(deviceTokens).where(eq(deviceTokens.token, token))).toHaveLength(0);
  });

  it('a token whose session ended moves to the person now signed in on the device', async () => {
    const token = 'fcm-handed-on-device';
    const dee = await newPerson(t, 'Dee');
    expect((await register(dee, token)).data!.registerFirebaseToken).toBe(true);
    const [row] = await db().select().from(deviceTokens).where(eq(deviceTokens.token, token));
    await db().delete(sessions).where(eq(sessions.id, row!.sessionId!));
    const res = await register(ben, token);
    expect(res.errors).toBeUndefined();
    const [moved] = await db().select().from(deviceTokens).where(eq(deviceTokens.token, token));
    expect(moved!.userId).toBe(ben.userId);
  });
});
