import { describe, expect, it } from 'vitest';
import { latestByKey } from './latest-by-key.ts';

/** A source whose items come when `push` is called; `end` and `fail` finish it. */
function manualSource<T>() {
  const items: T[] = [];
  let finish: { error?: unknown } | null = null;
  let wake: (() => void) | null = null;
  let returned = false;
  const iterator: AsyncIterator<T> = {
    async next() {
      for (;;) {
        if (items.length > 0) return { done: false, value: items.shift()! };
        if (finish?.error) throw finish.error;
        if (finish || returned) return { done: true, value: undefined };
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    async return() {
      returned = true;
      wake?.();
      return { done: true, value: undefined };
    },
  };
  return {
    iterator,
    push: (...more: T[]) => {
      items.push(...more);
      wake?.();
    },
    end: () => {
      finish = {};
      wake?.();
    },
    fail: (error: unknown) => {
      finish = { error };
      wake?.();
    },
    isReturned: () => returned,
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('latestByKey', () => {
  it('hands a slow consumer the latest item of each key, in the order they last came', async () => {
    const source = manualSource<{ key: string | null; n: number }>();
    const out = latestByKey(source.iterator, (item) => item.key);
    source.push({ key: null, n: 0 });
    expect((await out.next()).value).toEqual({ key: null, n: 0 });
    // While the consumer is busy: a, b, a again, a null-key item, a third a.
    source.push(
      { key: 'a', n: 1 },
      { key: 'b', n: 2 },
      { key: 'a', n: 3 },
      { key: null, n: 4 },
      { key: 'a', n: 5 },
    );
    await turn();
    source.end();
    const rest: Array<{ key: string | null; n: number }> = [];
    for await (const item of out) rest.push(item);
    expect(rest).toEqual([
      { key: 'b', n: 2 },
      { key: null, n: 4 },
      { key: 'a', n: 5 },
    ]);
  });

  it('keeps every item for a consumer that keeps up', async () => {
    const source = manualSource<{ key: string; n: number }>();
    const out = latestByKey(source.iterator, (item) => item.key);
    const seen: number[] = [];
    for (let n = 1; n <= 3; n++) {
      source.push({ key: 'a', n });
      seen.push((await out.next()).value!.n);
    }
    expect(seen).toEqual([1, 2, 3]);
    await out.return(undefined);
    expect(source.isReturned()).toBe(true);
  });

  it('passes the source’s error on after the items before it', async () => {
    const source = manualSource<{ key: string; n: number }>();
    const out = latestByKey(source.iterator, (item) => item.key);
    source.push({ key: 'a', n: 1 });
    source.fail(new Error('bus gone'));
    expect((await out.next()).value).toEqual({ key: 'a', n: 1 });
    await expect(out.next()).rejects.toThrow('bus gone');
  });
});
