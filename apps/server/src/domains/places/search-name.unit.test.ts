import { describe, expect, it } from 'vitest';
import { escapeLike, searchNameOf } from './search-name.ts';

describe('searchNameOf', () => {
  it('folds case, accents and punctuation', () => {
    expect(searchNameOf('Zürich')).toBe('zurich');
    expect(searchNameOf('  São Paulo ')).toBe('sao paulo');
    expect(searchNameOf('Saint-Étienne')).toBe('saint etienne');
    expect(searchNameOf('Łódź')).toBe('lodz');
    expect(searchNameOf("Dunkin' Donuts, 5th Ave.")).toBe('dunkin donuts 5th ave');
  });

  it('keeps other scripts', () => {
    expect(searchNameOf('東京')).toBe('東京');
    expect(searchNameOf('Москва')).toBe('москва');
  });
});

describe('escapeLike', () => {
  it('escapes the LIKE wildcards', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});
