import { describe, expect, it } from 'vitest';
import { parseSearchPath, searchPath } from './search-path.ts';

describe('search paths', () => {
  it('reads a context when the first segment names one, else the whole path is the text', () => {
    expect(parseSearchPath('events/picnic%20park')).toEqual({ context: 'events', text: 'picnic park' });
    expect(parseSearchPath('groups')).toEqual({ context: 'groups', text: '' });
    expect(parseSearchPath('picnic')).toEqual({ context: null, text: 'picnic' });
    expect(parseSearchPath('')).toEqual({ context: null, text: '' });
    expect(parseSearchPath('%E0%A4%A')).toEqual({ context: null, text: '%E0%A4%A' });
  });

  it('writes paths that read back the same', () => {
    expect(searchPath(null, ' Sintra hike ')).toBe('/s/Sintra%20hike');
    expect(searchPath('people', 'ana/b')).toBe('/s/people/ana%2Fb');
    expect(searchPath('events', '')).toBe('/s/events');
    expect(searchPath(null, '  ')).toBe('/s');
    expect(parseSearchPath(searchPath('people', 'ana/b').slice(3))).toEqual({
      context: 'people',
      text: 'ana/b',
    });
  });
});
