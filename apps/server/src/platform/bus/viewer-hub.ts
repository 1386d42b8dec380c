import { busTopic, untilLive, type Bus, type BusTopics } from './bus.ts';

/** A subscription a hub hands events to: the person it is for, what they hear, and its end. */
export interface HubListener<E> {
  readonly viewerId: number;
  /** An event naming the viewer, in the order the bus gave them. */
  hear(event: E): void;
  /** The bus subscription ended (`null`) or failed: nothing more comes. */
  finish(failure: { error: unknown } | null): void;
}

/**
 * The subscriptions to one bus topic in one process whose events each name the people they
 * concern (decision 0029): one bus subscription, live once, and each event handed to the listeners
 * of the people it names, found by their ids, instead of every listener of the process hearing
 * every event and looking for itself in it. Closes after its last listener leaves.
 */
export class ViewerHub<E> {
  private readonly byViewer = new Map<number, Set<HubListener<E>>>();
  private holders = 0;
  /** Resolves once the process hears everything published on the topic (Bus.whenLive). */
  readonly live: Promise<void>;
  private readonly iterator: AsyncIterator<E>;
  private readonly audienceOf: (event: E) => Iterable<number> | null;
  private readonly onClose: () => void;

  /**
   * `subscribe` opens the bus subscription; `untilLive` waits for it to be live once its first
   * `next()` was called; `audienceOf` names the people of an event (null: no one, as for pings).
   */
  constructor(options: {
    subscribe: () => AsyncIterator<E>;
    untilLive: () => Promise<void>;
    audienceOf: (event: E) => Iterable<number> | null;
    onClose: () => void;
  }) {
    this.audienceOf = options.audienceOf;
    this.onClose = options.onClose;
    this.iterator = options.subscribe();
    // The first next() adds the listener; the process's SUBSCRIBE is then on its way.
    const first = this.iterator.next();
    this.live = options.untilLive();
    void this.listen(first);
  }

  join(listener: HubListener<E>): void {
    this.holders += 1;
    let own = this.byViewer.get(listener.viewerId);
    if (!own) {
      own = new Set();
      this.byViewer.set(listener.viewerId, own);
    }
    own.add(listener);
  }

  /** Called once per joined listener, when it stopped or ended. */
  leave(listener: HubListener<E>): void {
    const own = this.byViewer.get(listener.viewerId);
    own?.delete(listener);
    if (own?.size === 0) this.byViewer.delete(listener.viewerId);
    this.holders -= 1;
    if (this.holders > 0) return;
    this.onClose();
    void this.iterator.return?.();
  }

  private async listen(first: Promise<IteratorResult<E>>): Promise<void> {
    let next = first;
    let failure: { error: unknown } | null = null;
    try {
      for (;;) {
        const result = await next;
        if (result.done) return;
        next = this.iterator.next();
        this.dispatch(result.value);
      }
    } catch (error) {
      failure = { error };
    } finally {
      for (const own of [...this.byViewer.values()])
        for (const listener of [...own]) listener.finish(failure);
    }
  }

  /** Hands the event to the listeners of the people it names, each person once. */
  private dispatch(event: E): void {
    const named = this.audienceOf(event);
    if (!named) return;
    const audience = new Set(named);
    if (audience.size <= this.byViewer.size) {
      for (const id of audience) for (const listener of this.byViewer.get(id) ?? []) listener.hear(event);
    } else {
      for (const [id, own] of this.byViewer)
        if (audience.has(id)) for (const listener of own) listener.hear(event);
    }
  }
}

/** Bus topics whose events name the people they concern, and what such an event is. */
type ViewerTopic = 'chat:list' | 'activity:changed';
type ViewerEvent<T extends ViewerTopic> = BusTopics[T][0];

/** The hubs of this process, per bus and topic (tests run several servers in one process). */
const hubs = new WeakMap<Bus, Map<ViewerTopic, ViewerHub<unknown>>>();

/**
 * The process's hub of `topic` on `bus`, made on its first listener; `audienceOf` names the people
 * of an event (null: no one, as for the pings of servers of before decision 0022).
 */
export function viewerHubFor<T extends ViewerTopic>(
  bus: Bus,
  topic: T,
  audienceOf: (event: ViewerEvent<T>) => Iterable<number> | null,
): ViewerHub<ViewerEvent<T>> {
  let byTopic = hubs.get(bus);
  if (!byTopic) {
    byTopic = new Map();
    hubs.set(bus, byTopic);
  }
  const topics = byTopic;
  const found = topics.get(topic);
  if (found) return found as ViewerHub<ViewerEvent<T>>;
  const hub: ViewerHub<ViewerEvent<T>> = new ViewerHub({
    subscribe: () =>
      bus.pubsub.subscribe(topic as ViewerTopic)[Symbol.asyncIterator]() as AsyncIterator<ViewerEvent<T>>,
    untilLive: () => untilLive(bus, busTopic(topic)),
    audienceOf,
    onClose: () => {
      if (topics.get(topic) === hub) topics.delete(topic);
    },
  });
  topics.set(topic, hub as ViewerHub<unknown>);
  return hub;
}

const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };

/**
 * A subscription fed by a hub, as an async iterator: it joins the hub at once (what it hears waits
 * in it), hands out nothing before the hub is live, then whatever `take` has for it; the hub's end
 * comes after that. Stopping it (`return`) leaves the hub at once, even while it waits.
 */
export abstract class ViewerSubscription<E, T>
  implements AsyncIterableIterator<T, undefined>, HubListener<E>
{
  readonly viewerId: number;
  private hub: ViewerHub<E> | null;
  private isLive = false;
  /** How the hub ended it, once it has: answered after what it has to take. */
  private end: { error: unknown } | { done: true } | null = null;
  private stopped = false;
  private wake: (() => void) | null = null;
  /** Set by pushTo: what is taken goes to it at once, and next() answers only the end. */
  private listener: ((value: T) => void) | null = null;
  /** A take is under way for the listener. */
  private pumping = false;

  constructor(hub: ViewerHub<E>, viewerId: number) {
    this.viewerId = viewerId;
    this.hub = hub;
    hub.join(this);
    void hub.live.then(() => {
      this.isLive = true;
      this.poke();
    });
  }

  abstract hear(event: E): void;

  /**
   * What to hand out next once live: undefined when there is nothing now (the subscription waits
   * for `poke`), else a promise of the value, or of null when the work found nothing to tell.
   */
  protected abstract take(): Promise<T | null> | undefined;

  /** Whether it still takes events (not stopped, not ended). */
  protected get hearing(): boolean {
    return !this.stopped && this.end === null;
  }

  /** Wakes a waiting next(), or the listener's taking: something may be there to take. */
  protected poke(): void {
    this.wakeNext();
    if (this.listener) void this.pump();
  }

  private wakeNext(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  /**
   * Hands what it takes to `listener` as soon as it is there, one at a time and in order, instead
   * of waiting to be pulled; next() then answers only the end, once everything before it was handed.
   */
  protected pushTo(listener: (value: T) => void): void {
    this.listener = listener;
    this.poke();
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (!this.stopped && this.isLive) {
        const taking = this.take();
        if (!taking) break;
        const value = await taking;
        if (value !== null && !this.stopped) this.listener?.(value);
      }
    } catch (error) {
      this.end ??= { error };
      this.leave();
    } finally {
      this.pumping = false;
    }
    this.wakeNext();
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

  async next(): Promise<IteratorResult<T, undefined>> {
    for (;;) {
      if (this.stopped) return DONE;
      const taking = this.isLive && !this.listener ? this.take() : undefined;
      if (taking) {
        const value = await taking;
        if (value !== null) return { done: false, value };
        continue;
      }
      const end = this.end;
      if (end && !this.pumping) {
        this.stopped = true;
        if ('error' in end) throw end.error;
        return DONE;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  async return(): Promise<IteratorResult<T, undefined>> {
    this.stopped = true;
    this.leave();
    this.poke();
    return DONE;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}
