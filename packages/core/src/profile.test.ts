import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkBio, checkBirthday, checkFirstName, checkLastName, fullName } from './profile.ts';

describe('names', () => {
  it('trims and collapses spaces', () => {
    expect(checkFirstName('  Ada   Maria ')).toEqual({ valid: true, value: 'Ada Maria' });
    expect(checkLastName(' Lovelace ')).toEqual({ valid: true, value: 'Lovelace' });
  });

  it('requires a first name but not a last name', () => {
    expect(checkFirstName('   ')).toMatchObject({ valid: false });
    expect(checkLastName('  ')).toEqual({ valid: true, value: '' });
  });

  it('refuses names over 50 characters, counting by code point', () => {
    expect(checkFirstName('a'.repeat(50))).toMatchObject({ valid: true });
    expect(checkFirstName('a'.repeat(51))).toMatchObject({ valid: false });
    expect(checkFirstName('😀'.repeat(50))).toMatchObject({ valid: true });
  });

  it('refuses control and invisible formatting characters', () => {
    for (const name of ['Ada\u0000', 'Ada\u202Eecalevol', 'A\u200Dda']) {
      expect(checkFirstName(name)).toMatchObject({ valid: false });
    }
  });

  it('never returns a name with surrounding spaces or longer than 50', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (input) => {
        const result = checkFirstName(input);
        if (result.valid) {
          expect(result.value).toBe(result.value.trim());
          expect([...result.value].length).toBeLessThanOrEqual(50);
        }
      }),
    );
  });
});

describe('checkBio', () => {
  it('keeps line breaks and refuses more than 300 characters', () => {
    expect(checkBio('Hello\r\nworld')).toEqual({ valid: true, value: 'Hello\nworld' });
    expect(checkBio('x'.repeat(301))).toMatchObject({ valid: false });
    expect(checkBio('bell\u0007')).toMatchObject({ valid: false });
  });
});

describe('checkBirthday', () => {
  const today = new Date('2026-06-15T12:00:00Z');

  it('accepts a real past date', () => {
    expect(checkBirthday('1990-02-28', today)).toEqual({ valid: true, value: '1990-02-28' });
    expect(checkBirthday('2000-02-29', today)).toMatchObject({ valid: true });
  });

  it('refuses impossible, malformed, future and too old dates', () => {
    for (const value of ['1990-02-30', '2001-02-29', '1990-2-3', '03/02/1990', '2026-06-16', '1899-12-31']) {
      expect(checkBirthday(value, today)).toMatchObject({ valid: false });
    }
  });
});

describe('fullName', () => {
  it('joins the non-empty parts, falling back to the username', () => {
    expect(fullName('Ada', 'Lovelace')).toBe('Ada Lovelace');
    expect(fullName('Ada', '')).toBe('Ada');
    expect(fullName('', '', 'ada')).toBe('ada');
  });
});
