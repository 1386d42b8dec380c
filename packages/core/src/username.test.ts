import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkUsername, isProvisionalUsername, isReservedUsername, RESERVED_USERNAMES } from './username.ts';

describe('checkUsername', () => {
  it('accepts letters, digits, underscores and inner dots, 3 to 30 long', () => {
    for (const name of ['ada', 'Ada_Lovelace', 'ada.l', 'a.b.c', 'x_1', '007', 'a'.repeat(30)]) {
      expect(checkUsername(name)).toEqual({ valid: true, username: name });
    }
  });

  it('drops surrounding spaces and a leading @', () => {
    expect(checkUsername('  @ada.l ')).toEqual({ valid: true, username: 'ada.l' });
  });

  it('refuses names that are too short or too long', () => {
    expect(checkUsername('ab')).toMatchObject({ valid: false, problem: 'too-short' });
    expect(checkUsername('a'.repeat(31))).toMatchObject({ valid: false, problem: 'too-long' });
  });

  it('refuses other characters', () => {
    for (const name of ['ada-l', 'ada l', 'adà', 'ada!', 'ada/x', 'ada@x']) {
      expect(checkUsername(name)).toMatchObject({ valid: false, problem: 'characters' });
    }
  });

  it('refuses a dot at either end', () => {
    expect(checkUsername('.ada')).toMatchObject({ valid: false, problem: 'dot-edge' });
    expect(checkUsername('ada.')).toMatchObject({ valid: false, problem: 'dot-edge' });
  });

  it('refuses every top-level route of spec 2.1 and the server paths, in any case', () => {
    for (const word of ['company', 'faq', 'chat', 'login', 'profile', 'explore', 'download', 'dl', 'sms']) {
      expect(isReservedUsername(word)).toBe(true);
    }
    for (const word of [
      'deeplink',
      'api',
      'graphql',
      'media',
      'healthz',
      'metrics',
      'ics',
      'assets',
      'admin',
    ]) {
      expect(checkUsername(word.toUpperCase())).toMatchObject({ valid: false, problem: 'reserved' });
    }
    expect(checkUsername('plaza')).toMatchObject({ valid: false, problem: 'reserved' });
    expect(checkUsername('Settings')).toMatchObject({ valid: false, problem: 'reserved' });
  });

  it('refuses the form of the provisional usernames new accounts get', () => {
    expect(checkUsername('user_abc123def456')).toMatchObject({ valid: false, problem: 'reserved' });
    expect(isProvisionalUsername('user_abc123def456')).toBe(true);
    expect(checkUsername('user_ada')).toMatchObject({ valid: true });
  });

  it('reserves only lower-case words', () => {
    for (const word of RESERVED_USERNAMES) expect(word).toBe(word.toLowerCase());
  });

  it('accepts exactly the strings of the allowed form that are not reserved', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_.]{0,34}$/), (name) => {
        const expected =
          name.length >= 3 &&
          name.length <= 30 &&
          !name.startsWith('.') &&
          !name.endsWith('.') &&
          !RESERVED_USERNAMES.has(name.toLowerCase()) &&
          !isProvisionalUsername(name);
        expect(checkUsername(name).valid).toBe(expected);
      }),
    );
  });

  it('never accepts a name with a character outside the allowed set', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 3, maxLength: 30 }), (name) => {
        const result = checkUsername(name);
        if (result.valid) expect(result.username).toMatch(/^[A-Za-z0-9_.]+$/);
      }),
    );
  });
});
