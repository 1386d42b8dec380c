import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../graphql/context.ts';
import { busTopic, type ActivityBusEvent, type Bus } from '../../platform/bus/bus.ts';
import { ViewerHub, viewerHubFor, type HubListener } from '../../platform/bus/viewer-hub.ts';
import { untilLive } from '../chats/chat-events.ts';
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

/** The process's hub of activity events: each goes to the subscriptions of the person it names. */
function activityHub(bus: Bus): ViewerHub<ActivityBusEvent> {
  return viewerHubFor(
    bus,
    'activity:changed',
    (onClose) =>
      new ViewerHub<ActivityBusEvent>({
        subscribe: () => bus.pubsub.subscribe('activity:changed')[Symbol.asyncIterator](),
        untilLive: () => untilLive(bus, busTopic('activity:changed')),
        // Pings were sent by servers of before decision 0022.
        audienceOf: (event) => (event.kind === 'CHANGED' ? [event.userId] : null),
        onClose,
      }),
  );
}

const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };

/**
 * The person's badge, live (decision 0014): READY with the unread count once the subscription is
 * live (a client that missed changes while away learns the count here), then CHANGED after every
 * new, re-opened or read activity of theirs, from any process, each time something changed. Its
 * wake-ups come from the process's hub (decision 0029); those heard while it reads make one more
 * read after it, and a read that finds what the client was told already tells nothing.
 */
class ActivitySubscriber
  implements AsyncIterableIterator<MyActivityEvent, undefined>, HubListener<ActivityBusEvent>
{
  readonly viewerId: number;
  private readonly context: RequestContext;
  private hub: ViewerHub<ActivityBusEvent> | null;
  private isLive = false;
  private readySent = false;
  /** A wake-up came since the last read began. */
  private changed = false;
  /** What the client has been told (fingerprint). */
  private told = '';
  private end: { error: unknown } | { done: true } | null = null;
  private stopped = false;
  private wake: (() => void) | null = null;

  constructor(context: RequestContext, userId: number) {
    this.context = context;
    this.viewerId = userId;
    this.hub = activityHub(context.bus);
    this.hub.join(this);
    void this.hub.live.then(() => {
      this.isLive = true;
      this.poke();
    });
  }

  hear(event: ActivityBusEvent): void {
    if (this.stopped || this.end || event.kind !== 'CHANGED') return;
    this.changed = true;
    this.poke();
  }

  finish(failure: { error: unknown } | null): void {
    this.end ??= failure ?? { done: true };
    this.leave();
    this.poke();
  }

  private leave(): void {
    const hub = this.hub;
    this.hub = null;
    hub?.leave(this);
  }

  private poke(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  async next(): Promise<IteratorResult<MyActivityEvent, undefined>> {
    for (;;) {
      if (this.stopped) return DONE;
      if (this.isLive && !this.readySent) {
        this.readySent = true;
        // Wake-ups heard before the first read are in it.
        this.changed = false;
        const state = await readState(this.context, this.viewerId, 'READY');
        this.told = fingerprint(state);
        return { done: false, value: state };
      }
      if (this.isLive && this.changed) {
        this.changed = false;
        const state = await readState(this.context, this.viewerId, 'CHANGED');
        if (fingerprint(state) === this.told) continue;
        this.told = fingerprint(state);
        return { done: false, value: state };
      }
      const end = this.end;
      if (end) {
        this.stopped = true;
        if ('error' in end) throw end.error;
        return DONE;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  async return(): Promise<IteratorResult<MyActivityEvent, undefined>> {
    this.stopped = true;
    this.leave();
    this.poke();
    return DONE;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}

/** The person's badge, live (ActivitySubscriber). */
export function myActivityEventStream(
  context: RequestContext,
  userId: number,
): AsyncIterableIterator<MyActivityEvent, undefined> {
  return new ActivitySubscriber(context, userId);
}
