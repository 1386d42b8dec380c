import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../graphql/context.ts';
import { busTopic, type ActivityBusEvent } from '../../platform/bus/bus.ts';
import { LIVE, liveWakeups } from '../chats/chat-events.ts';
import { rows } from '../social/social-sql.ts';
import { ACTIVITY_COLUMNS, activityOf, type ActivityRow } from './activity-delivery.ts';
import { unreadCountOf, visibleActivities } from './list-activities.ts';

export interface MyActivityEvent {
  kind: 'READY' | 'CHANGED';
  unreadCount: number;
  /** The newest activity in the feed, so a client can show it without a second call. */
  latest: ActivityRow | null;
}

/** What a client has been told: the count and the newest activity's id and time. */
function fingerprint(state: MyActivityEvent): string {
  return `${state.unreadCount}:${state.latest?.id ?? 0}:${state.latest?.createdAt.getTime() ?? 0}`;
}

async function readState(context: RequestContext, userId: number, kind: MyActivityEvent['kind']) {
  const db = context.store.db;
  const [unreadCount, [latest]] = await Promise.all([
    unreadCountOf(db, userId),
    rows<Parameters<typeof activityOf>[0]>(
      db,
      sql`SELECT ${ACTIVITY_COLUMNS} FROM activities WHERE ${visibleActivities(userId)}
          ORDER BY created_at DESC, id DESC LIMIT 1`,
    ),
  ]);
  return { kind, unreadCount, latest: latest ? activityOf(latest) : null };
}

/**
 * The person's badge, live (decision 0014): READY with the unread count once the subscription is
 * live (a client that missed changes while away learns the count here), then CHANGED after every
 * new, re-opened or read activity of theirs, from any process, each time something changed.
 */
export async function* myActivityEventStream(
  context: RequestContext,
  userId: number,
): AsyncGenerator<MyActivityEvent> {
  const iterator = context.bus.pubsub.subscribe('activity:changed')[Symbol.asyncIterator]();
  // A burst of wake-ups for one change reads again but tells the client only what is new.
  let told = '';
  for await (const event of liveWakeups<ActivityBusEvent>(
    context.bus,
    busTopic('activity:changed'),
    iterator,
    (heard) => heard.kind === 'PING',
  )) {
    if (event === LIVE) {
      const state = await readState(context, userId, 'READY');
      told = fingerprint(state);
      yield state;
    } else if (event.kind === 'CHANGED' && event.userId === userId) {
      const state = await readState(context, userId, 'CHANGED');
      if (fingerprint(state) === told) continue;
      told = fingerprint(state);
      yield state;
    }
  }
}
