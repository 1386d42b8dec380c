import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestPlaza } from './harness.ts';
import type { Person } from './support/people.ts';

/** Helpers of the activity-triggers tests: activities read straight from their table. */

export interface StoredActivity {
  id: number;
  receiverId: number;
  creatorId: number | null;
  type: string;
  action: string;
  modelType: string;
  modelId: number;
  to: string;
  href: string;
  message: string;
  suggestion: Record<string, unknown> | null;
  subject: string | null;
  collapseKey: string | null;
  read: boolean;
  createdAt: Date;
}

/** Every activity of a person, newest first. */
export async function activitiesOf(t: TestPlaza, person: Person | number): Promise<StoredActivity[]> {
  const id = typeof person === 'number' ? person : person.userId;
  const result = await t.plaza.platform.store.db.execute(
    sql`SELECT id, receiver_id, creator_id, type, action, model_type, model_id, "to", href, message,
          suggestion, subject, collapse_key, read_at, created_at
        FROM activities WHERE receiver_id = ${id} ORDER BY created_at DESC, id DESC`,
  );
  return (result.rows as Array<Record<string, unknown>>).map((row) => ({
    id: Number(row.id),
    receiverId: Number(row.receiver_id),
    creatorId: row.creator_id === null ? null : Number(row.creator_id),
    type: String(row.type),
    action: String(row.action),
    modelType: String(row.model_type),
    modelId: Number(row.model_id),
    to: String(row.to),
    href: String(row.href),
    message: String(row.message),
    suggestion:
      typeof row.suggestion === 'string'
        ? (JSON.parse(row.suggestion) as Record<string, unknown>)
        : (row.suggestion as Record<string, unknown> | null),
    subject: row.subject === null ? null : String(row.subject),
    collapseKey: row.collapse_key === null ? null : String(row.collapse_key),
    read: row.read_at !== null,
    createdAt: new Date(row.created_at as string),
  }));
}

/** A person's activities of one type. */
export async function activitiesOfType(t: TestPlaza, person: Person | number, type: string) {
  return (await activitiesOf(t, person)).filter((a) => a.type === type);
}

/** The one activity of a type a person has; fails when there is none or more than one. */
export async function onlyActivity(t: TestPlaza, person: Person | number, type: string) {
  const found = await activitiesOfType(t, person, type);
  expect(found, `${type} activities`).toHaveLength(1);
  return found[0]!;
}

/** Runs a mutation or query as the person and expects no errors. */
export async function ok<T = Record<string, unknown>>(
  t: TestPlaza,
  person: Person | null,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const res = await t.gql<T>(query, variables, person?.headers ?? {});
  expect(res.errors, `${query}: ${JSON.stringify(res.errors)}`).toBeUndefined();
  return res.data!;
}

/** Both follow each other: friends (decision 0006), written straight to the store. */
export async function makeFriends(t: TestPlaza, a: Person | number, b: Person | number) {
  const ida = typeof a === 'number' ? a : a.userId;
  const idb = typeof b === 'number' ? b : b.userId;
  await t.plaza.platform.store.db.execute(
    sql`INSERT INTO follows (user_id, target_id, status) VALUES (${ida}, ${idb}, 'FOLLOWING'), (${idb}, ${ida}, 'FOLLOWING')
        ON CONFLICT (user_id, target_id) DO UPDATE SET status = 'FOLLOWING'`,
  );
}

/** `blocker` blocks `blocked`: every other tie between them ends, as BLOCK does. */
export async function block(t: TestPlaza, blocker: Person, blocked: Person) {
  const db = t.plaza.platform.store.db;
  await db.execute(
    sql`DELETE FROM follows WHERE (user_id = ${blocker.userId} AND target_id = ${blocked.userId})
        OR (user_id = ${blocked.userId} AND target_id = ${blocker.userId})`,
  );
  await db.execute(
    sql`INSERT INTO follows (user_id, target_id, status) VALUES (${blocker.userId}, ${blocked.userId}, 'BLOCKED')`,
  );
}

/**
 * Collects the people whose feed the bus says changed (`activity:changed`), from when the
 * returned promise resolves (a ping made the round trip, so the subscription is live) until `stop()`.
 */
export async function watchActivityChanges(t: TestPlaza) {
  const woken: number[] = [];
  const pings: string[] = [];
  const iterator = t.plaza.platform.bus.pubsub.subscribe('activity:changed')[Symbol.asyncIterator]();
  const loop = (async () => {
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      const event = next.value;
      if (event.kind === 'CHANGED') woken.push(event.userId);
      else pings.push(event.nonce);
    }
  })();
  const nonce = `watch-${Math.random()}`;
  const deadline = Date.now() + 10_000;
  while (!pings.includes(nonce)) {
    if (Date.now() > deadline) throw new Error('the activity topic never answered a ping');
    t.plaza.platform.bus.pubsub.publish('activity:changed', { kind: 'PING', nonce });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    woken,
    /** Waits a little for wake-ups on their way, then ends the subscription. */
    async stop() {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await iterator.return?.();
      await loop;
    },
  };
}
