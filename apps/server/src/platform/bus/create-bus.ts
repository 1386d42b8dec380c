import { setMaxListeners } from 'node:events';
import { randomUUID } from 'node:crypto';
import { createPubSub, type PubSub } from 'graphql-yoga';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
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

/** The in-process bus, or Redis pub/sub when a URL is given, so several processes hear each other. */
export function createBus(redisUrl?: string): Bus {
  if (!redisUrl) {
    // Every subscriber of a busy chat listens on one topic: no cap (Node warns past 10 by default).
    const eventTarget = new EventTarget();
    setMaxListeners(0, eventTarget);
    const pubsub = createPubSub<BusTopics>({ eventTarget });
    return {
      kind: 'memory',
      pubsub,
      ping: (timeoutMs = 2000) => roundTrip(pubsub, timeoutMs),
      close: async () => {},
    };
  }
  const publishClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  // No ready check here: ioredis's check (INFO) races a SUBSCRIBE sent while connecting, and a
  // connection in subscriber mode refuses INFO with an unhandled error.
  const subscribeClient = new Redis(redisUrl, { lazyConnect: false, enableReadyCheck: false });
  const pubsub = createPubSub<BusTopics>({
    eventTarget: createRedisEventTarget({ publishClient, subscribeClient }),
  });
  return {
    kind: 'redis',
    pubsub,
    ping: (timeoutMs = 2000) => roundTrip(pubsub, timeoutMs),
    close: async () => {
      publishClient.disconnect();
      subscribeClient.disconnect();
    },
  };
}
