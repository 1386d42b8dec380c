import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { newPerson, type Person } from './support/people.ts';
import { PLAZA_ORIGIN, signInWithEmail } from './support/sign-in.ts';
import { chatApi, subscribeOver } from './support/chats.ts';

let t: TestPlaza;
let api: ReturnType<typeof chatApi>;
let ana: Person;
let ben: Person;
let benCookie: string;

beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
  api = chatApi(t);
  ana = await newPerson(t, 'Ana');
  ben = await newPerson(t, 'Ben');
  benCookie = (await signInWithEmail(t, ben.email, { strategy: 'cookie' })).cookie!;
});
afterAll(() => t.close());

/** Subscribes to a direct message's events over a real socket with these upgrade headers. */
async function subscribe(key: string, auth: { bearer?: string; headers?: Record<string, string> }) {
  return subscribeOver<{ kind: string }>(
    await t.url(),
    { query: `subscription { chatEvents(key: "${key}") { kind message { text } } }` },
    'chatEvents',
    auth,
  );
}

/** Whether the subscription is live for Ben: a message sent now reaches it. */
async function reaches(feed: Awaited<ReturnType<typeof subscribe>>, key: string): Promise<boolean> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  if (feed.errors.length > 0) return false;
  await api.sent(ana, key, 'ping');
  await feed.until(() => feed.events.length > 0 || feed.errors.length > 0, 'an answer');
  return feed.events.length > 0;
}

describe('graphql-ws authentication', () => {
  it('takes the session cookie of the upgrade only without an Origin or from Plaza’s own origin', async () => {
    const key = await api.openDm(ana, ben.userId);
    const cases: Array<[Record<string, string>, boolean]> = [
      [{ cookie: benCookie }, true],
      [{ cookie: benCookie, origin: PLAZA_ORIGIN }, true],
      [{ cookie: benCookie, origin: 'http://evil.test' }, false],
      [{ cookie: benCookie, origin: 'null' }, false],
    ];
    for (const [headers, allowed] of cases) {
      const feed = await subscribe(key, { headers });
      try {
        if (allowed) expect(await reaches(feed, key)).toBe(true);
        else {
          await feed.until(() => feed.errors.length > 0, 'a refusal');
          expect(JSON.stringify(feed.errors)).toContain('UNAUTHENTICATED');
          expect(feed.events).toEqual([]);
        }
      } finally {
        await feed.client.dispose();
      }
    }
  });

  it('still takes a bearer token from connection_init whatever the Origin', async () => {
    const key = await api.openDm(ana, ben.userId);
    const feed = await subscribe(key, {
      bearer: ben.headers.authorization,
      headers: { origin: 'http://evil.test' },
    });
    try {
      expect(await reaches(feed, key)).toBe(true);
    } finally {
      await feed.client.dispose();
    }
  });
});
