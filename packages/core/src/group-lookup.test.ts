import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { parseGroupLookup } from './group-lookup.ts';

describe('parseGroupLookup', () => {
  it('treats a string of at least 8 characters with a letter or digit as a key', () => {
    expect(parseGroupLookup('abcd1234')).toEqual({ type: 'key', key: 'abcd1234' });
    expect(parseGroupLookup('Ab_-x9Zq')).toEqual({ type: 'key', key: 'Ab_-x9Zq' });
  });

  it('treats a string equal to its numeric form as an id', () => {
    expect(parseGroupLookup('12345678')).toEqual({ type: 'id', id: '12345678' });
    expect(parseGroupLookup('1234567890123')).toEqual({ type: 'id', id: '1234567890123' });
  });

  it('treats digits that do not read back the same as a key', () => {
    expect(parseGroupLookup('01234567')).toEqual({ type: 'key', key: '01234567' });
  });

  it('treats strings shorter than 8 characters as ids', () => {
    expect(parseGroupLookup('42')).toEqual({ type: 'id', id: '42' });
    expect(parseGroupLookup('abc1234')).toEqual({ type: 'id', id: 'abc1234' });
  });

  it('treats 8 or more characters without a letter or digit as an id', () => {
    expect(parseGroupLookup('--------')).toEqual({ type: 'id', id: '--------' });
  });

  it('takes numbers as ids', () => {
    expect(parseGroupLookup(42)).toEqual({ type: 'id', id: '42' });
    expect(parseGroupLookup(Number.NaN)).toBeNull();
  });

  it('rejects empty values', () => {
    expect(parseGroupLookup('')).toBeNull();
    expect(parseGroupLookup('   ')).toBeNull();
    expect(parseGroupLookup(null)).toBeNull();
    expect(parseGroupLookup(undefined)).toBeNull();
  });

  it('ignores surrounding whitespace', () => {
    expect(parseGroupLookup(' abcd1234 ')).toEqual({ type: 'key', key: 'abcd1234' });
    expect(parseGroupLookup(' 7 ')).toEqual({ type: 'id', id: '7' });
  });

  it('makes every positive integer an id', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (n) => {
        const lookup = parseGroupLookup(String(n));
        return lookup?.type === 'id' && lookup.id === String(n);
      }),
    );
  });

  it('makes every URL-safe random key of 8 or more characters with a letter a key', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_-]{7,30}[A-Za-z]$/), (key) => {
        return parseGroupLookup(key)?.type === 'key';
      }),
    );
  });
});
