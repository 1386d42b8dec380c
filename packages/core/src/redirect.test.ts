import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { isSafeRedirect, safeRedirect } from './redirect.ts';

const ORIGIN = 'https://plaza.test';

// Values near the edge of the rule: mostly starting with slashes, mixed with what URL parsers treat specially.
const hostile = fc
  .tuple(
    fc.constantFrom('/', '//', '/\\', '\\', '', '/\t/', 'https:'),
    fc.array(
      fc.oneof(
        fc.constantFrom('/', '//', '\\', '/\\', ':', '.', '..', '@', '%', '%2F', '?', '#', '~', '-', '_'),
        fc.constantFrom(
          ' ',
          '\t',
          '\n',
          '\r',
          '\u0000',
          '\u007f',
          '\u2028',
          'javascript:',
          'http:',
          'evil.com',
          'é',
        ),
        fc.stringMatching(/^[a-z0-9]{1,4}$/),
      ),
      { maxLength: 12 },
    ),
  )
  .map(([start, parts]) => start + parts.join(''));

function staysOnOrigin(value: string): boolean {
  return new URL(value, ORIGIN).origin === ORIGIN;
}

describe('isSafeRedirect', () => {
  it('accepts internal paths with query and hash', () => {
    for (const value of [
      '/',
      '/chat',
      '/chat/p/Ab3_x-9~z',
      '/@ana',
      '/group/hikers/abcd1234/invite',
      '/s/caf%C3%A9',
      '/e/?filter=events&page=2',
      '/chat#signedout',
      '/login?redirect-to=%2Fchat#modal:group:edit:abcd1234',
    ]) {
      expect(isSafeRedirect(value), value).toBe(true);
    }
  });

  it('refuses addresses that leave the site or are not paths', () => {
    for (const value of [
      '',
      'chat',
      '//evil.com',
      '///evil.com',
      '/\\evil.com',
      '\\\\evil.com',
      'javascript:alert(1)',
      'https://evil.com',
      'http:/evil.com',
      ' /chat',
      '/chat ',
      '/\t/evil.com',
      '/\n/evil.com',
      '/chat?x=\u0000',
      '/chat#\u007f',
      '/chat?next=\\evil',
      '/file.pdf',
      '/../admin',
      '/caf\u00e9',
    ]) {
      expect(isSafeRedirect(value), JSON.stringify(value)).toBe(false);
    }
  });

  it('refuses what is not a string', () => {
    expect(isSafeRedirect(undefined)).toBe(false);
    expect(isSafeRedirect(null)).toBe(false);
    expect(isSafeRedirect(['/chat'])).toBe(false);
    expect(isSafeRedirect(new URL('https://plaza.test/chat'))).toBe(false);
  });

  it('only accepts values that start with one slash and stay on the origin', () => {
    fc.assert(
      fc.property(fc.oneof(hostile, fc.string(), fc.string({ unit: 'binary' })), (value) => {
        if (!isSafeRedirect(value)) return true;
        return value.startsWith('/') && !value.startsWith('//') && staysOnOrigin(value);
      }),
      { numRuns: 1000 },
    );
  });

  it('accepts every path built from the allowed characters, with any plain query and hash', () => {
    const path = fc.stringMatching(/^\/(?:[A-Za-z0-9@\-%_~][A-Za-z0-9@\-%_~/]{0,20})?$/);
    const rest = fc.stringMatching(/^(?:\?[a-z0-9=&%/.:-]{0,10})?(?:#[a-z0-9:/-]{0,10})?$/);
    fc.assert(fc.property(path, rest, (p, r) => isSafeRedirect(p + r) && staysOnOrigin(p + r)));
  });
});

describe('safeRedirect', () => {
  it('returns a safe value unchanged', () => {
    expect(safeRedirect('/chat/g/abcd1234')).toBe('/chat/g/abcd1234');
  });

  it('falls back to / or to the given fallback', () => {
    expect(safeRedirect('//evil.com')).toBe('/');
    expect(safeRedirect(undefined)).toBe('/');
    expect(safeRedirect('https://evil.com', '/chat')).toBe('/chat');
  });
});
