import { describe, expect, it } from 'vitest';
import { forgetKeptOn, keptOn, oncePer, oncePerShortLived } from './once-per.ts';

describe('oncePer', () => {
  it('makes one value per key, on first use, and another for another key', () => {
    const made: object[] = [];
    const valueOf = oncePer((key: object) => {
      made.push(key);
      return { for: key };
    });
    const a = {};
    const b = {};
    expect(made).toEqual([]);
    const first = valueOf(a);
    expect(valueOf(a)).toBe(first);
    expect(valueOf(b)).not.toBe(first);
    expect(made).toEqual([a, b]);
  });
});

describe('oncePerShortLived, keptOn and forgetKeptOn', () => {
  it('make one value per key on first use, kept on the key where neither a spread copy nor its keys see it', () => {
    const valueOf = oncePerShortLived((key: { name: string }) => ({ for: key.name }));
    const context = { name: 'a', store: 1 };
    const first = valueOf(context);
    expect(valueOf(context)).toBe(first);
    expect(Object.keys(context)).toEqual(['name', 'store']);
    expect(JSON.stringify(context)).toBe('{"name":"a","store":1}');
    // A copy of the context (a subscription's fresh read) starts without the values.
    const copy = { ...context };
    expect(valueOf(copy)).not.toBe(first);
    expect(valueOf(copy)).toEqual(first);
  });

  it('keep each keptOn apart on one key, and forgetKeptOn lets go of all of them', () => {
    const rows = keptOn<object, string[]>();
    const seen = keptOn<object, number>();
    const made = oncePerShortLived(() => ({ loader: true }));
    const context = {};
    rows.set(context, ['row']);
    seen.set(context, 3);
    const loaders = made(context);
    expect([rows.get(context), seen.get(context)]).toEqual([['row'], 3]);
    // A read of a key that keeps nothing leaves it as it was.
    const untouched = {};
    expect(rows.get(untouched)).toBeUndefined();
    expect(Object.getOwnPropertySymbols(untouched)).toEqual([]);
    forgetKeptOn(context);
    expect([rows.get(context), seen.get(context)]).toEqual([undefined, undefined]);
    expect(made(context)).not.toBe(loaders);
    forgetKeptOn({});
  });
});
