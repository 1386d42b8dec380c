import { afterEach, describe, expect, it } from 'vitest';
import { busTopic, type Bus } from '../src/platform/bus/bus.ts';
import { createBus } from '../src/platform/bus/create-bus.ts';

/**
 * A subscriber that stops reading must not take the process (or the other subscribers) down with
 * it: graphql-yoga's pub/sub buffers at most 1,024 unread events per subscriber and throws on the
 * next, which ended the server when 2,000 people joined one chat (bench:fanout, decision 0022).
 * Runs on the in-process bus, and on Redis when the suite has REDIS_URL.
 */
const CHAT = 4242;
const EVENTS = 1_100;

const buses: Bus[] = [];
afterEach(async () => {
  await Promise.all(buses.splice(0).map((bus) => bus.close()));
});

for (const redisUrl of [undefined, process.env.REDIS_URL].filter((url, i) => i === 0 || url)) {
  describe(`the ${redisUrl ? 'Redis' : 'in-process'} bus`, () => {
    it(`keeps delivering to the others when one subscriber leaves ${EVENTS} events unread`, async () => {
      const bus = createBus(redisUrl);
      buses.push(bus);
      const stuck = bus.pubsub.subscribe('chat:changed', CHAT)[Symbol.asyncIterator]();
      // Its first read adds its listener; it never reads again.
      void stuck.next();
      const reader = bus.pubsub.subscribe('chat:changed', CHAT)[Symbol.asyncIterator]();
      const first = reader.next();
      await bus.whenLive(busTopic('chat:changed', CHAT));
      const heard: number[] = [];
      const reading = (async () => {
        let next = await first;
        while (!next.done) {
          const event = next.value;
          if (event.kind === 'CHANGED') heard.push(event.rev);
          if (heard.length === EVENTS) return;
          next = await reader.next();
        }
      })();
      // In batches, so the reader keeps up (it is not the one under test).
      for (let rev = 1; rev <= EVENTS; rev += 1) {
        bus.pubsub.publish('chat:changed', CHAT, { kind: 'CHANGED', rev });
        if (rev % 100 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await reading;
      expect(heard).toEqual(Array.from({ length: EVENTS }, (_, i) => i + 1));
      // The bus still works after the overflow, for both.
      bus.pubsub.publish('chat:changed', CHAT, { kind: 'CHANGED', rev: EVENTS + 1 });
      expect((await reader.next()).value).toEqual({ kind: 'CHANGED', rev: EVENTS + 1 });
      await reader.return?.();
      await stuck.return?.();
    });
  });
}

describe.runIf(process.env.REDIS_URL)('the Redis bus of two stores sharing one Redis', () => {
  it('wakes only the subscribers of its own namespace', async () => {
    const redisUrl = process.env.REDIS_URL!;
    const [mine, same, other] = [
      createBus(redisUrl, 'ns-a'),
      createBus(redisUrl, 'ns-a'),
      createBus(redisUrl, 'ns-b'),
    ];
    buses.push(mine, same, other);
    const listen = async (bus: Bus) => {
      const iterator = bus.pubsub.subscribe('chat:changed', CHAT)[Symbol.asyncIterator]();
      const next = iterator.next();
      await bus.whenLive(busTopic('chat:changed', CHAT));
      return { iterator, next };
    };
    const sameProcess = await listen(same);
    const otherStore = await listen(other);
    mine.pubsub.publish('chat:changed', CHAT, { kind: 'CHANGED', rev: 7 });
    // Another process of the same store hears it through Redis.
    expect((await sameProcess.next).value).toEqual({ kind: 'CHANGED', rev: 7 });
    // The other store's subscriber does not, though it listens on the same chat id; it hears its own.
    other.pubsub.publish('chat:changed', CHAT, { kind: 'CHANGED', rev: 1 });
    expect((await otherStore.next).value).toEqual({ kind: 'CHANGED', rev: 1 });
    await sameProcess.iterator.return?.();
    await otherStore.iterator.return?.();
  });
});
