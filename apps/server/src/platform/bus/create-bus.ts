import { randomUUID } from 'node:crypto';
import { createPubSub, type PubSub } from 'graphql-yoga';
import { Redis } from 'ioredis';
import type { Bus, BusTopics } from './bus.ts';

async function roundTrip(pubsub: PubSub<BusTopics>, timeoutMs: number): Promise<void> {
  const nonce = randomUUID();
  const subscription = pubsub.subscribe('system:ping');
  const iterator = subscription[Symbol.asyncIterator]();
  let timer: NodeJS.Timeout | undefined;
  let resend: NodeJS.Timeout | undefined;
  try {
    const heard = (async () => {
      for (;;) {
        const next = await iterator.next();
        if (next.done) throw new Error('bus closed');
        if (next.value === nonce) return;
      }
    })();
    // A Redis SUBSCRIBE takes a round trip to become live, and nothing says when: publish again
    // until the nonce comes back.
    const publish = () => pubsub.publish('system:ping', nonce);
    setImmediate(publish);
    resend = setInterval(publish, 100);
    await Promise.race([
      heard,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`bus did not answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    clearInterval(resend);
    await iterator.return?.();
  }
}

/**
 * The in-process bus, or Redis pub/sub when a URL is given, so several processes hear each other.
 * On Redis every channel is prefixed with the store's namespace (`redisNamespace`, as the rate
 * limits' keys are): Plazas on other databases sharing the Redis (another install, or the API
 * tests' files side by side) use the same chat and person ids and would wake each other.
 */
export function createBus(redisUrl?: string, namespace = 'default'): Bus {
  if (!redisUrl) {
    const pubsub = createPubSub<BusTopics>({ eventTarget: localEventTarget() });
    // An EventTarget listener hears every later dispatch: live as soon as it was added.
    const live = Promise.resolve();
    return {
      kind: 'memory',
      pubsub,
      ping: (timeoutMs = 2000) => roundTrip(pubsub, timeoutMs),
      whenLive: () => live,
      close: async () => {},
    };
  }
  // Publishes fail at once while Redis is away (no offline queue): a wake-up is worth nothing later.
  const publishClient = new Redis(redisUrl, { lazyConnect: false, enableOfflineQueue: false });
  // No ready check here: ioredis's check (INFO) races a SUBSCRIBE sent while connecting, and a
  // connection in subscriber mode refuses INFO with an unhandled error. It re-subscribes by itself
  // after a reconnection.
  const subscribeClient = new Redis(redisUrl, { lazyConnect: false, enableReadyCheck: false });
  // Without a listener ioredis prints every failed reconnection; the health check reports the bus.
  publishClient.on('error', () => undefined);
  subscribeClient.on('error', () => undefined);
  const eventTarget = resilientRedisEventTarget(publishClient, subscribeClient, `plaza:{${namespace}}:bus:`);
  const pubsub = createPubSub<BusTopics>({ eventTarget });
  return {
    kind: 'redis',
    pubsub,
    ping: (timeoutMs = 2000) => roundTrip(pubsub, timeoutMs),
    whenLive: (topic) => eventTarget.whenLive(topic),
    close: async () => {
      publishClient.disconnect();
      subscribeClient.disconnect();
    },
  };
}

type Callback = (event: CustomEvent) => void;
type BusEventTarget = NonNullable<NonNullable<Parameters<typeof createPubSub>[0]>['eventTarget']>;

/**
 * Hands an event to each of a topic's subscribers, one subscriber's failure not stopping the
 * others. A subscriber that has let 1,024 events pile up unread (graphql-yoga's pub/sub buffers
 * them in a Repeater) throws RepeaterOverflowError on the next: thrown inside an EventTarget
 * listener or ioredis's message handler that ended the whole process (found by bench:fanout).
 * The event is dropped for that subscriber only: bus events only wake subscribers, who read what
 * changed from the database, and it still has 1,024 wake-ups to read on.
 */
function deliverTo(callbacks: Iterable<Callback>, event: CustomEvent): void {
  for (const callback of callbacks) {
    try {
      callback(event);
    } catch {
      // Dropped for this subscriber (see above).
    }
  }
}

const callbackOf = (listener: EventListenerOrEventListenerObject | null): Callback | null => {
  if (listener == null) return null;
  return ('handleEvent' in listener ? listener.handleEvent.bind(listener) : listener) as Callback;
};

/**
 * The listeners of an event target, per topic; `first` runs when a topic gets its first listener,
 * `last` when it loses its last one (the Redis target subscribes and unsubscribes there).
 */
function listenersByTopic(hooks: { first?(topic: string): void; last?(topic: string): void } = {}) {
  const callbacksForTopic = new Map<string, Set<Callback>>();
  return {
    /** A copy: a subscriber may leave (or join) while an event is handed out. */
    of: (topic: string): Callback[] => [...(callbacksForTopic.get(topic) ?? [])],
    has: (topic: string): boolean => callbacksForTopic.has(topic),
    add(topic: string, listener: unknown) {
      const callback = callbackOf(listener as EventListenerOrEventListenerObject | null);
      if (!callback) return;
      let callbacks = callbacksForTopic.get(topic);
      if (!callbacks) {
        callbacks = new Set();
        callbacksForTopic.set(topic, callbacks);
        hooks.first?.(topic);
      }
      callbacks.add(callback);
    },
    remove(topic: string, listener: unknown) {
      const callback = callbackOf(listener as EventListenerOrEventListenerObject | null);
      const callbacks = callbacksForTopic.get(topic);
      if (!callback || !callbacks) return;
      callbacks.delete(callback);
      if (callbacks.size > 0) return;
      callbacksForTopic.delete(topic);
      hooks.last?.(topic);
    },
  };
}

/**
 * The in-process bus's event target: like an EventTarget (synchronous, in subscription order,
 * no cap on listeners per topic, which a busy chat needs), delivering with `deliverTo`.
 */
export function localEventTarget(): BusEventTarget {
  const listeners = listenersByTopic();
  return {
    addEventListener: (topic, listener) => listeners.add(topic, listener),
    removeEventListener: (topic, listener) => listeners.remove(topic, listener),
    dispatchEvent(event) {
      deliverTo(listeners.of(event.type), event as CustomEvent);
      return true;
    },
  };
}

/**
 * A round trip's ping proves that this process's Redis SUBSCRIBE is live (chatEvents waits for
 * it before its first read), so it only travels through Redis, never locally.
 */
function isPing(event: CustomEvent): boolean {
  const detail = event.detail as { kind?: unknown } | string | null;
  return event.type === 'system:ping' || (typeof detail === 'object' && detail?.kind === 'PING');
}

/** How long a locally delivered event waits for its echo from Redis, to drop it. */
const ECHO_TTL_MS = 10_000;

/**
 * Redis pub/sub as graphql-yoga's event target (the wire format of @graphql-yoga/redis-event-target:
 * the channel is the topic after the namespace's prefix, the message the JSON of the payload),
 * with two differences found by bench/faults.ts:
 * - A publish that fails (Redis away) is dropped, not an unhandled rejection that ends the process:
 *   the change is stored, and subscribers catch up on the next wake-up or with afterRev.
 * - Subscribers in this process hear an event at once, not only through Redis, so delivery within
 *   one process goes on while Redis is away; the echo from Redis is then dropped (once per local
 *   delivery of the same channel and message, for ECHO_TTL_MS). Pings still go only through Redis.
 */
function resilientRedisEventTarget(
  publishClient: Redis,
  subscribeClient: Redis,
  /** Put before each topic to make its Redis channel. */
  prefix: string,
): BusEventTarget & { whenLive(topic: string): Promise<void> } {
  /**
   * Per subscribed channel, Redis's answer to this process's SUBSCRIBE: once it came, every later
   * PUBLISH to the channel reaches this connection (decision 0022), so no ping is needed.
   */
  const liveForTopic = new Map<string, Promise<void>>();
  /** "<topic>\n<message>" → expiry times of local deliveries whose echo has not come back. */
  const pendingEchoes = new Map<string, number[]>();
  const listeners = listenersByTopic({
    // While Redis is away ioredis queues the SUBSCRIBE and sends it on reconnection.
    first: (topic) =>
      liveForTopic.set(
        topic,
        subscribeClient.subscribe(prefix + topic).then(
          () => undefined,
          () => undefined,
        ),
      ),
    last: (topic) => {
      liveForTopic.delete(topic);
      subscribeClient.unsubscribe(prefix + topic).catch(() => undefined);
    },
  });

  const deliver = (topic: string, detail: unknown) => {
    if (listeners.has(topic)) deliverTo(listeners.of(topic), new CustomEvent(topic, { detail }));
  };

  // A lost connection loses the subscriptions; ioredis subscribes again once it is back ('ready').
  // Until then no channel is live for a subscriber joining meanwhile (it still reads after
  // LIVE_WAIT_MS, and catches up on the next wake-up).
  let back: Promise<void> | null = null;
  subscribeClient.on('close', () => {
    back ??= new Promise<void>((resolve) =>
      subscribeClient.once('ready', () => {
        back = null;
        resolve();
      }),
    );
    for (const topic of liveForTopic.keys()) liveForTopic.set(topic, back);
  });

  subscribeClient.on('message', (channel: string, message: string) => {
    if (!channel.startsWith(prefix)) return;
    const topic = channel.slice(prefix.length);
    const echo = `${topic}\n${message}`;
    const expiries = pendingEchoes.get(echo);
    if (expiries) {
      const now = Date.now();
      while (expiries.length > 0 && expiries[0]! < now) expiries.shift();
      const own = expiries.shift() !== undefined;
      if (expiries.length === 0) pendingEchoes.delete(echo);
      if (own) return;
    }
    deliver(topic, message === '' ? null : JSON.parse(message));
  });

  return {
    whenLive(topic) {
      // No local listener: nothing to wait for (the caller starts its iterator first).
      return liveForTopic.get(topic) ?? Promise.resolve();
    },
    addEventListener: (topic, listener) => listeners.add(topic, listener),
    removeEventListener: (topic, listener) => listeners.remove(topic, listener),
    dispatchEvent(event) {
      const message = event.detail === undefined ? '' : JSON.stringify(event.detail);
      if (!isPing(event as CustomEvent) && listeners.has(event.type)) {
        const echo = `${event.type}\n${message}`;
        const expiries = pendingEchoes.get(echo) ?? [];
        expiries.push(Date.now() + ECHO_TTL_MS);
        pendingEchoes.set(echo, expiries);
        const detail = message === '' ? null : (JSON.parse(message) as unknown);
        queueMicrotask(() => deliver(event.type, detail));
      }
      publishClient.publish(prefix + event.type, message).catch(() => undefined);
      return true;
    },
  };
}
