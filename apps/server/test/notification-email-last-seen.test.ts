import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { newPerson, type Person } from './support/people.ts';

/**
 * The daily digest goes to people who were away (decision 0014): signed-in requests keep
 * notification_settings.last_seen_at current, writing it at most every five minutes.
 */

let t: TestPlaza;
let ana: Person;
beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
  ana = await newPerson(t, 'Ana');
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

async function lastSeen(userId: number): Promise<Date | null> {
  const result = await t.plaza.platform.store.db.execute(
    sql`SELECT last_seen_at FROM notification_settings WHERE user_id = ${userId}`,
  );
  const row = result.rows[0] as { last_seen_at: string | Date | null } | undefined;
  return row?.last_seen_at ? new Date(row.last_seen_at) : null;
}

describe('last seen', () => {
  it('is written by a signed-in request, then at most every five minutes', async () => {
    // Sign-in itself is a request of its own; start from a known value.
    await t.plaza.platform.store.db.execute(
      sql`DELETE FROM notification_settings WHERE user_id = ${ana.userId}`,
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date(Date.now() + 10 * 60_000);
    vi.setSystemTime(start);
    const first = await t.gql('{ myself { user { id } } }', {}, ana.headers);
    expect(first.errors, JSON.stringify(first.errors)).toBeUndefined();
    expect(await lastSeen(ana.userId)).toEqual(start);

    vi.setSystemTime(new Date(start.getTime() + 4 * 60_000));
    await t.gql('{ myself { user { id } } }', {}, ana.headers);
    expect(await lastSeen(ana.userId)).toEqual(start);

    const later = new Date(start.getTime() + 6 * 60_000);
    vi.setSystemTime(later);
    await t.gql('{ myself { user { id } } }', {}, ana.headers);
    expect(await lastSeen(ana.userId)).toEqual(later);
  });

  it('is not written for a signed-out visitor', async () => {
    const before = await t.plaza.platform.store.db.execute(
      sql`SELECT count(*)::int AS n FROM notification_settings`,
    );
    await t.gql('{ healthcheck { results { message } } }');
    const after = await t.plaza.platform.store.db.execute(
      sql`SELECT count(*)::int AS n FROM notification_settings`,
    );
    expect(after.rows[0]).toEqual(before.rows[0]);
  });
});
