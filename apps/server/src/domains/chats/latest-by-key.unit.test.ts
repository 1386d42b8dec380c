import { describe, expect, it } from 'vitest';
import { putLatest } from './latest-by-key.ts';

type Item = { key: string | null; n: number };
const keyOf = (item: Item) => item.key;

describe('putLatest', () => {
  it('keeps the latest item of each key, in the order they last came', () => {
    const waiting: Item[] = [];
    for (const item of [
      { key: 'a', n: 1 },
      { key: 'b', n: 2 },
      { key: 'a', n: 3 },
      { key: null, n: 4 },
      { key: 'a', n: 5 },
      { key: null, n: 6 },
    ])
      putLatest(waiting, item, keyOf);
    expect(waiting).toEqual([
      { key: 'b', n: 2 },
      { key: null, n: 4 },
      { key: 'a', n: 5 },
      { key: null, n: 6 },
    ]);
  });

  it('replaces nothing once the earlier item was taken', () => {
    const waiting: Item[] = [];
    putLatest(waiting, { key: 'a', n: 1 }, keyOf);
    expect(waiting.shift()).toEqual({ key: 'a', n: 1 });
    putLatest(waiting, { key: 'a', n: 2 }, keyOf);
    putLatest(waiting, { key: 'b', n: 3 }, keyOf);
    expect(waiting).toEqual([
      { key: 'a', n: 2 },
      { key: 'b', n: 3 },
    ]);
  });
});
