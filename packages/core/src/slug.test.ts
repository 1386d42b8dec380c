import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { parseGroupLookup } from './group-lookup.ts';
import { KEY_ALPHABET, SLUG_MAX_LENGTH, isValidKey, isValidSlug, slugify } from './slug.ts';

describe('slugify', () => {
  it('lowercases and joins words with single hyphens', () => {
    expect(slugify('Sunday Hike  in the Hills!', 'plan')).toBe('sunday-hike-in-the-hills');
    expect(slugify('  --Board games & pizza--  ', 'plan')).toBe('board-games-pizza');
  });

  it('folds accented and special letters to ASCII', () => {
    expect(slugify('Café Crème à Zürich', 'plan')).toBe('cafe-creme-a-zurich');
    expect(slugify('Straße Øresund Łódź Æsir', 'plan')).toBe('strasse-oresund-lodz-aesir');
    expect(slugify('ﬁve ①', 'plan')).toBe('five-1');
  });

  it('falls back when nothing is left', () => {
    expect(slugify('🎉🎉', 'plan')).toBe('plan');
    expect(slugify('東京の夜', 'group')).toBe('group');
    expect(slugify('', 'group')).toBe('group');
  });

  it('cuts to 60 characters at a word boundary', () => {
    const title = 'A very long title for a plan that goes on and on past the limit of sixty';
    const slug = slugify(title, 'plan');
    expect(slug).toBe('a-very-long-title-for-a-plan-that-goes-on-and-on-past-the');
    expect(slug.length).toBeLessThanOrEqual(60);
  });

  it('cuts a single long word at 60 characters', () => {
    expect(slugify('x'.repeat(100), 'plan')).toBe('x'.repeat(60));
  });

  it('keeps a word that ends exactly at 60 characters', () => {
    const title = `${'a'.repeat(30)} ${'b'.repeat(29)} more`;
    expect(slugify(title, 'plan')).toBe(`${'a'.repeat(30)}-${'b'.repeat(29)}`);
  });

  it('always gives a valid, non-empty slug', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 120 }),
        fc.constantFrom('plan', 'group'),
        (title, fallback) => {
          const slug = slugify(title, fallback);
          return isValidSlug(slug) && slug.length <= SLUG_MAX_LENGTH;
        },
      ),
    );
  });

  it('leaves a valid slug as it is', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9]{1,10}(-[a-z0-9]{1,10}){0,4}$/),
        (slug) => slugify(slug, 'plan') === slug,
      ),
    );
  });
});

describe('isValidSlug', () => {
  it('accepts lowercase words joined by single hyphens, up to 60 characters', () => {
    expect(isValidSlug('sunday-hike')).toBe(true);
    expect(isValidSlug('a'.repeat(60))).toBe(true);
  });

  it('refuses anything else', () => {
    for (const value of ['', 'Sunday', 'a--b', '-a', 'a-', 'a b', 'café', 'a'.repeat(61), 5]) {
      expect(isValidSlug(value), String(value)).toBe(false);
    }
  });
});

describe('isValidKey', () => {
  it('uses a 64-character URL-safe alphabet', () => {
    expect(new Set(KEY_ALPHABET).size).toBe(64);
    expect(encodeURIComponent(KEY_ALPHABET)).toBe(KEY_ALPHABET);
  });

  it('accepts URL-safe keys of 8 to 64 characters', () => {
    expect(isValidKey('abcd1234')).toBe(true);
    expect(isValidKey('Ab_-x9Zq')).toBe(true);
    expect(isValidKey('a'.repeat(64))).toBe(true);
  });

  it('refuses short, long or unsafe keys', () => {
    for (const value of [
      'abc1234',
      'a'.repeat(65),
      'abcd 1234',
      'abcd/1234',
      'abcd.1234',
      'abcdé1234',
      null,
      12345678,
    ]) {
      expect(isValidKey(value), String(value)).toBe(false);
    }
  });

  it('accepts any string of 8 to 64 characters from the alphabet', () => {
    const key = fc.string({ unit: fc.constantFrom(...KEY_ALPHABET), minLength: 8, maxLength: 64 });
    fc.assert(fc.property(key, (value) => isValidKey(value)));
  });

  it('gives keys that group lookups read as keys when they hold a letter', () => {
    const key = fc.string({ unit: fc.constantFrom(...KEY_ALPHABET), minLength: 8, maxLength: 64 });
    fc.assert(
      fc.property(
        key.filter((value) => /[A-Za-z]/.test(value)),
        (value) => parseGroupLookup(value)?.type === 'key',
      ),
    );
  });
});
