import { describe, expect, it } from 'vitest';
import { ViewerHub, ViewerSubscription } from './viewer-hub.ts';

type Event = { to: number[]; n: number };

/** A bus subscription whose events come when `push` is called; `fail` ends it with an error. */
function manualSource() {
  const items: Event[] = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  let returned = false;
  const poke = () => {
    const waiting = wake;
    wake = null;
    waiting?.();
  };
  const iterator: AsyncIterator<Event> = {
    async next() {
      for (;;) {
        if (items.length > 0) return { done: false, value: items.shift()! };
        if (failure) throw failure;
        if (returned) return { done: true, value: undefined };
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    async return() {
      returned = true;
      poke();
      return { done: true, value: undefined };
    },
  };
  return {
    iterator,
    push: (...more: Event[]) => {
      items.push(...more);
      poke();
    },
    fail: (error: Error) => {
      failure = error;
      poke();
    },
    isReturned: () => returned,
  };
}

/** Hands out the numbers of the events it heard, in order. */
class Numbers extends ViewerSubscription<Event, number> {
  protected readonly heard: number[] = [];
  hear(event: Event): void {
    if (!this.hearing) return;
    this.heard.push(event.n);
    this.poke();
  }
  protected take(): Promise<number> | undefined {
    const n = this.heard.shift();
    return n === undefined ? undefined : Promise.resolve(n);
  }
}

/** Numbers pushed to a listener as they are taken; 13 fails its take, a number over 100 takes a turn. */
class PushedNumbers extends Numbers {
  push(listener: (n: number) => void): void {
    this.pushTo(listener);
  }
  protected override take(): Promise<number> | undefined {
    const n = this.heard.shift();
    if (n === undefined) return undefined;
    if (n === 13) return Promise.reject(new Error('read failed'));
    return n > 100 ? new Promise((resolve) => setImmediate(() => resolve(n))) : Promise.resolve(n);
  }
}

function hubOf(source: ReturnType<typeof manualSource>, closed: { count: number }) {
  return new ViewerHub<Event>({
    subscribe: () => source.iterator,
    untilLive: () => Promise.resolve(),
    audienceOf: (event) => event.to,
    onClose: () => (closed.count += 1),
  });
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('ViewerHub', () => {
  it('hands each event to the subscriptions of the people it names, each of a person’s', async () => {
    const source = manualSource();
    const closed = { count: 0 };
    const hub = hubOf(source, closed);
    const ana1 = new Numbers(hub, 1);
    const ana2 = new Numbers(hub, 1);
    const ben = new Numbers(hub, 2);
    const cai = new Numbers(hub, 3);
    source.push({ to: [1], n: 10 }, { to: [1, 2, 2], n: 11 }, { to: [9], n: 12 });
    // Fewer people named than viewers, and more (looked up the other way round).
    source.push({ to: [2, 4, 5, 6, 7], n: 13 });
    expect([(await ana1.next()).value, (await ana1.next()).value]).toEqual([10, 11]);
    expect([(await ana2.next()).value, (await ana2.next()).value]).toEqual([10, 11]);
    expect([(await ben.next()).value, (await ben.next()).value]).toEqual([11, 13]);
    await turn();
    // Cai, named by nothing, is still waiting; stopping him ends his wait.
    const caiNext = cai.next();
    await cai.return();
    expect(await caiNext).toEqual({ done: true, value: undefined });
    for (const subscription of [ana1, ana2, ben]) await subscription.return();
    expect(closed.count).toBe(1);
    await turn();
    expect(source.isReturned()).toBe(true);
  });

  it('ends every subscription with the bus’s error, after what each was handed', async () => {
    const source = manualSource();
    const hub = hubOf(source, { count: 0 });
    const ana = new Numbers(hub, 1);
    source.push({ to: [1], n: 1 });
    await turn();
    source.fail(new Error('bus gone'));
    await turn();
    expect((await ana.next()).value).toBe(1);
    await expect(ana.next()).rejects.toThrow('bus gone');
    expect(await ana.next()).toEqual({ done: true, value: undefined });
  });

  it('pushes what it takes to a listener in order, and answers next() only with the end after it', async () => {
    const source = manualSource();
    const hub = hubOf(source, { count: 0 });
    const ana = new PushedNumbers(hub, 1);
    const pushed: number[] = [];
    ana.push((n) => pushed.push(n));
    let ended: unknown = null;
    const end = ana.next().then(
      (step) => (ended = step),
      (error: unknown) => (ended = error),
    );
    // A slow take (101) does not let the next one (2) overtake it.
    source.push({ to: [1], n: 101 }, { to: [1], n: 2 });
    await turn();
    await turn();
    expect(pushed).toEqual([101, 2]);
    expect(ended).toBeNull();
    source.push({ to: [1], n: 3 }, { to: [1], n: 13 }, { to: [1], n: 4 });
    await end;
    // A failed take ends it with its error, after what was pushed before it; nothing after it.
    expect(pushed).toEqual([101, 2, 3]);
    expect((ended as Error).message).toBe('read failed');
    source.push({ to: [1], n: 5 });
    await turn();
    expect(pushed).toEqual([101, 2, 3]);
    expect(await ana.next()).toEqual({ done: true, value: undefined });
  });
});
