import { describe, expect, it } from 'vitest';
import {
  explorePath,
  exploreSortOf,
  hashtagPath,
  hashtagScopeOf,
  hashtagTypeOf,
  parseExplorePath,
} from './explore-path.ts';

describe('parseExplorePath', () => {
  it('reads a place, a filter and a search in their slots', () => {
    expect(parseExplorePath('lisbon/events/picnic')).toEqual({
      location: 'lisbon',
      filter: 'events',
      search: 'picnic',
    });
    expect(parseExplorePath('lisbon-lisbon-portugal/people')).toEqual({
      location: 'lisbon-lisbon-portugal',
      filter: 'people',
      search: '',
    });
  });

  it('takes a first segment naming a filter as the filter, not a place', () => {
    expect(parseExplorePath('events')).toEqual({ location: null, filter: 'events', search: '' });
    expect(parseExplorePath('People/ana')).toEqual({ location: null, filter: 'people', search: 'ana' });
  });

  it('reads a second segment that is not a filter as the search', () => {
    expect(parseExplorePath('berlin/board%20games')).toEqual({
      location: 'berlin',
      filter: null,
      search: 'board games',
    });
  });

  it('gives nothing for an empty path and keeps a malformed escape as typed', () => {
    expect(parseExplorePath('')).toEqual({ location: null, filter: null, search: '' });
    expect(parseExplorePath('lisbon/events/100%')).toEqual({
      location: 'lisbon',
      filter: 'events',
      search: '100%',
    });
  });
});

describe('explorePath', () => {
  it('writes the main shape and round-trips through the parser', () => {
    const cases = [
      { location: 'lisbon', filter: 'events' as const, search: 'picnic & wine' },
      { location: 'lisbon', filter: null, search: 'run/walk' },
      { location: null, filter: 'people' as const, search: '' },
      { location: 'sao-paulo', filter: null, search: '' },
    ];
    for (const value of cases)
      expect(parseExplorePath(explorePath(value).replace(/^\/e\//, ''))).toEqual(value);
  });

  it('is /explore for nothing, and puts a bare search under events', () => {
    expect(explorePath({ location: null, filter: null, search: ' ' })).toBe('/explore');
    expect(explorePath({ location: null, filter: null, search: 'yoga' })).toBe('/e/events/yoga');
    expect(explorePath({ location: 'Lisbon', filter: 'events', search: '' })).toBe('/e/lisbon/events');
  });
});

describe('explore options', () => {
  it('falls back to the defaults for unknown values', () => {
    expect(exploreSortOf('POPULAR')).toBe('popular');
    expect(exploreSortOf('best')).toBe('nearest');
    expect(exploreSortOf(null)).toBe('nearest');
    expect(hashtagTypeOf('past')).toBe('past');
    expect(hashtagTypeOf('later')).toBe('upcoming');
    expect(hashtagScopeOf('public-created')).toBe('public-created');
    expect(hashtagScopeOf('mine')).toBe('public');
  });

  it('writes hashtag paths without the # and in lower case', () => {
    expect(hashtagPath('#Hiking')).toBe('/explore/tags/hiking');
    expect(hashtagPath('board games')).toBe('/explore/tags/board%20games');
    expect(hashtagPath('#')).toBe('/explore/tags');
  });
});
