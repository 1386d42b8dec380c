import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadLinkRequests } from '../src/db/schema/index.ts';
import { recordSmsOptOut, smsAllowed } from '../src/domains/system/sms-opt-outs.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { countMessagesTo } from './support/outbox.ts';

/**
 * Plaza texts a number only when its owner asks (decision 0014): the download link needs the
 * asker's consent, and a number that opted out gets nothing.
 */

let t: TestPlaza;
beforeAll(async () => {
  t = await startTestPlaza();
});
afterAll(() => t.close());

const SEND =
  'mutation ($phone: String!, $consent: Boolean) { sendDownloadLink(phone: $phone, consent: $consent) }';

async function requestsFor(e164: string): Promise<number> {
  const [row] = await t.plaza.platform.store.db
    .select({ n: count() })
    .from(downloadLinkRequests)
    .where(eq(downloadLinkRequests.phone, e164));
  return row!.n;
}

describe('sendDownloadLink consent', () => {
  it('refuses without the consent box ticked, and texts nothing', async () => {
    for (const consent of [undefined, null, false]) {
      const res = await t.gql(SEND, { phone: '+1 415 555 0101', consent });
      expect(res.data?.sendDownloadLink ?? null).toBeNull();
      expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'consent' });
      expect(res.errors?.[0]?.message).toMatch(/^Tick the box/);
    }
    expect(await countMessagesTo(t.dataDir, '+14155550101')).toBe(0);
    expect(await requestsFor('+14155550101')).toBe(0);
  });

  it('names a bad number before the missing consent', async () => {
    const res = await t.gql(SEND, { phone: '123' });
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'phone' });
  });

  it('texts the link once with consent', async () => {
    const res = await t.gql(SEND, { phone: '+1 415 555 0102', consent: true });
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ sendDownloadLink: true });
    expect(await countMessagesTo(t.dataDir, '+14155550102')).toBe(1);
  });

  it('never texts a number that opted out, even with consent', async () => {
    const { db } = t.plaza.platform.store;
    expect(await smsAllowed(db, '+14155550103')).toBe(true);
    await recordSmsOptOut(db, '+1 (415) 555-0103');
    await recordSmsOptOut(db, '+14155550103');
    expect(await smsAllowed(db, '+1 415 555 0103')).toBe(false);
    expect(await smsAllowed(db, '+14155550104')).toBe(true);

    const res = await t.gql(SEND, { phone: '(415) 555-0103', consent: true });
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'phone' });
    expect(res.errors?.[0]?.message).toMatch(/asked Plaza not to text it/);
    expect(await countMessagesTo(t.dataDir, '+14155550103')).toBe(0);
    expect(await requestsFor('+14155550103')).toBe(0);
  });
});
