import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../graphql/context.ts';
import type { ActivityBusEvent } from '../../platform/bus/bus.ts';
import { waitUntilLive } from '../chats/chat-events.ts';
import { rows } from '../social/social-sql.ts';
import { ACTIVITY_COLUMNS, activityOf, type ActivityRow } from './activity-delivery.ts';
import { unreadCountOf } from './list-activities.ts';

export interface MyActivityEvent {
  kind: 'READY' | 'CHANGED';
  unreadCount: number;
  /** The newest activity in the feed, so a client can show it without a second call. */
  latest: ActivityRow | null;
}

async function readState(context: RequestContext, userId: number, kind: MyActivityEvent['kind']) {
  const db = context.store.db;
  const [unreadCount, [latest]] = await Promise.all([
    unreadCountOf(db, userId),
    rows<Parameters<typeof activityOf>[0]>(
      db,
      sql`SELECT ${ACTIVITY_COLUMNS} FROM activities WHERE receiver_id = ${userId} AND in_app
          ORDER BY created_at DESC, id DESC LIMIT 1`,
    ),
  ]);
  return { kind, unreadCount, latest: latest ? activityOf(latest) : null };
}

/**
 * The person's badge, live (decision 0014): READY with the unread count once the subscription is
 * live (a client that missed changes while away learns the count here), then CHANGED after every
 * new, re-opened or read activity of theirs, from any process. A burst of wake-ups is read once.
 */
export async function* myActivityEventStream(
  context: RequestContext,
  userId: number,
): AsyncGenerator<MyActivityEvent> {
  const iterator = context.bus.pubsub.subscribe('activity:changed')[Symbol.asyncIterator]();
  const nonce = randomUUID();
  const ping = () => {
    context.bus.pubsub.publish('activity:changed', { kind: 'PING', nonce });
  };
  try {
    const live = await waitUntilLive<ActivityBusEvent>(
      iterator,
      ping,
      (event) => event.kind === 'PING' && event.nonce === nonce,
      (event) => event.kind === 'PING',
    );
    if (live === 'closed') return;
    let next = live.next;
    const heard = live.heard;
    yield await readState(context, userId, 'READY');
    for (;;) {
      let event = heard.shift();
      if (!event) {
        const result = await next;
        if (result.done) return;
        next = iterator.next();
        event = result.value;
      }
      if (event.kind === 'PING' || event.userId !== userId) continue;
      // Everything heard meanwhile for this person is covered by one read.
      heard.length = 0;
      yield await readState(context, userId, 'CHANGED');
    }
  } finally {
    await iterator.return?.();
  }
}
