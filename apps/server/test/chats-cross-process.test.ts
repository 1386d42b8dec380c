import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlaza, type Plaza } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { newPerson, type Person } from './support/people.ts';
import { chatApi, chatEvents } from './support/chats.ts';

const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const skipReason = 'needs DATABASE_URL and REDIS_URL (two processes share PostgreSQL and the Redis bus)';

/**
 * Two Plaza instances on one PostgreSQL database with the Redis bus, as two server processes
 * would run: a subscriber on instance A hears a message sent through instance B.
 */
describe.skipIf(!shared)(`cross-process delivery (${shared ? 'PostgreSQL + Redis' : skipReason})`, () => {
  let a: TestPlaza;
  let b: Plaza;
  let bDir: string;
  let ana: Person;
  let ben: Person;

  beforeAll(async () => {
    a = await startTestPlaza({ TRUST_PROXY: '1' });
    bDir = await mkdtemp(path.join(tmpdir(), 'plaza-test-b-'));
    b = await createPlaza(
      loadConfig({
        NODE_ENV: 'test',
        PLAZA_DATA_DIR: bDir,
        PUBLIC_URL: 'http://plaza.test',
        DATABASE_URL: a.plaza.platform.config.databaseUrl!,
        REDIS_URL: process.env.REDIS_URL!,
      }),
      { web: false, logger: pino({ level: 'silent' }) },
    );
    ana = await newPerson(a, 'Ana');
    ben = await newPerson(a, 'Ben');
  });
  afterAll(async () => {
    await b?.close();
    await rm(bDir, { recursive: true, force: true });
    await a?.close();
  });

  it('a subscriber on instance A receives a message sent through instance B, and its edit', async () => {
    expect(a.plaza.platform.bus.kind).toBe('redis');
    const api = chatApi(a);
    const key = await api.openDm(ana, ben.userId);
    const feed = await chatEvents(a, ben, key, (await api.chatRow(key)).lastRev);
    try {
      const viaB = async (query: string) => {
        const response = await b.yoga.fetch('http://plaza.test/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...ana.headers },
          body: JSON.stringify({ query }),
        });
        return (await response.json()) as { data?: Record<string, { key: string }>; errors?: unknown };
      };
      const sent = await viaB(
        `mutation { sendMessage(chatKey: "${key}", clientId: "b-1", text: "from B") { key } }`,
      );
      expect(sent.errors).toBeUndefined();
      await feed.until(() => feed.events.length >= 1, 'the message from instance B');
      const messageKey = sent.data!.sendMessage!.key;
      expect(feed.events[0]).toMatchObject({ kind: 'NEW', message: { key: messageKey, text: 'from B' } });
      await viaB(`mutation { editMessage(key: "${messageKey}", text: "edited on B") { key } }`);
      await feed.until(() => feed.events.length >= 2, 'the edit from instance B');
      expect(feed.events[1]).toMatchObject({ kind: 'EDITED', message: { text: 'edited on B' } });
    } finally {
      await feed.client.dispose();
    }
  });
});

if (!shared) {
  describe('cross-process delivery', () => {
    it.skip(`skipped: ${skipReason}`, () => {});
  });
}
