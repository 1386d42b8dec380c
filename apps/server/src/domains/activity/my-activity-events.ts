import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../graphql/context.ts';
import type { ActivityBusEvent } from '../../platform/bus/bus.ts';
import { ViewerSubscription, viewerHubFor } from '../../platform/bus/viewer-hub.ts';
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
 * new, re-opened or read activity of theirs, from any process, each time something changed. Its
 * wake-ups come from the process's hub (decision 0029); those heard while it reads make one more
 * read after it, and a read that finds what the client was told already tells nothing.
 */
class ActivitySubscriber extends ViewerSubscription<ActivityBusEvent, MyActivityEvent> {
  private readonly context: RequestContext;
  private readySent = false;
  /** A wake-up came since the last read began. */
  private changed = false;
  /** What the client has been told (fingerprint). */
  private told = '';

  constructor(context: RequestContext, userId: number) {
    // Each event goes to the subscriptions of the person it names.
    super(
      viewerHubFor(context.bus, 'activity:changed', (event) =>
        event.kind === 'CHANGED' ? [event.userId] : null,
      ),
      userId,
    );
    this.context = context;
  }

  hear(event: ActivityBusEvent): void {
    if (!this.hearing || event.kind !== 'CHANGED') return;
    this.changed = true;
    this.poke();
  }

  protected take(): Promise<MyActivityEvent | null> | undefined {
    if (!this.readySent) {
      this.readySent = true;
      // Wake-ups heard before the first read are in it.
      this.changed = false;
      return this.read('READY');
    }
    if (!this.changed) return undefined;
    this.changed = false;
    return this.read('CHANGED');
  }

  private async read(kind: MyActivityEvent['kind']): Promise<MyActivityEvent | null> {
    const state = await readState(this.context, this.viewerId, kind);
    if (kind === 'CHANGED' && fingerprint(state) === this.told) return null;
    this.told = fingerprint(state);
    return state;
  }
}

/** The person's badge, live (ActivitySubscriber). */
export function myActivityEventStream(
  context: RequestContext,
  userId: number,
): AsyncIterableIterator<MyActivityEvent, undefined> {
  return new ActivitySubscriber(context, userId);
}
