import { describe, expect, it } from 'vitest';
import { oncePer } from './once-per.ts';

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
