import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { Metadata, getCountryCallingCode, getExampleNumber, type CountryCode } from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/metadata.max.json';
import examples from 'libphonenumber-js/mobile/examples';
import {
  PHONE_MIN_VALUE,
  checkPhone,
  formatPhone,
  normalizePhone,
  phoneCountries,
  phoneCountry,
} from './phone.ts';

function lengthsOf(country: CountryCode): number[] {
  const plan = new Metadata(metadata);
  plan.selectNumberingPlan(country);
  return plan.numberingPlan?.possibleLengths() ?? [];
}

function exampleOf(country: CountryCode): { callingCode: string; national: string } {
  const example = getExampleNumber(country, examples, metadata);
  if (!example) throw new Error(`no example for ${country}`);
  return { callingCode: example.countryCallingCode, national: example.nationalNumber };
}

/** Ways people write the same international number. */
function written(callingCode: string, national: string, style: number): string {
  const groups = national.match(/.{1,3}/g) ?? [];
  switch (style % 5) {
    case 0:
      return `+${callingCode}${national}`;
    case 1:
      return `+${callingCode} ${groups.join(' ')}`;
    case 2:
      return `+${callingCode} (${groups[0] ?? ''}) ${groups.slice(1).join('-')}`;
    case 3:
      return `00${callingCode}.${groups.join('.')}`;
    default:
      return ` ${callingCode}/${national} `;
  }
}

// Main countries of their calling codes, so an ambiguous number cannot land in a sibling country.
const SAMPLE_COUNTRIES = [
  'US',
  'GB',
  'DE',
  'FR',
  'IN',
  'BR',
  'JP',
  'AU',
  'NG',
  'MX',
] as const satisfies CountryCode[];

/** A national number in the example's range: its leading digits, then random digits. */
const nationalNumberOf = (country: CountryCode) => {
  const { callingCode, national } = exampleOf(country);
  const kept = national.slice(0, 3);
  return fc
    .string({
      unit: fc.constantFrom(...'0123456789'),
      minLength: national.length - 3,
      maxLength: national.length - 3,
    })
    .map((rest) => ({ country, callingCode, national: kept + rest }));
};
const sampleNumber = fc.constantFrom(...SAMPLE_COUNTRIES).chain(nationalNumberOf);

describe('checkPhone and normalizePhone', () => {
  it('strips everything but digits', () => {
    expect(normalizePhone('+1 (201) 555-0123')).toEqual({ e164: '+12015550123', country: 'US' });
    expect(normalizePhone('tel: +44 7400 123456 (mobile)')).toEqual({ e164: '+447400123456', country: 'GB' });
  });

  it('counts letters for nothing', () => {
    expect(checkPhone('+1 201 555 01AB23')).toMatchObject({ valid: true, e164: '+12015550123' });
    expect(checkPhone('1-800-FLOWERS')).toEqual({ valid: false, reason: 'too-short' });
  });

  it('refuses digits worth less than 100000', () => {
    expect(PHONE_MIN_VALUE).toBe(100_000);
    for (const value of ['', 'abc', '99999', '+9 9999', '0000099999']) {
      expect(checkPhone(value), value).toEqual({ valid: false, reason: 'too-short' });
    }
    expect(checkPhone('100000')).not.toEqual({ valid: false, reason: 'too-short' });
  });

  it('matches the country by calling-code prefix', () => {
    expect(normalizePhone('+49 1512 3456789')).toEqual({ e164: '+4915123456789', country: 'DE' });
    expect(normalizePhone('33 6 12 34 56 78')).toEqual({ e164: '+33612345678', country: 'FR' });
    expect(normalizePhone('+262 639 12 34 56')).toEqual({ e164: '+262639123456', country: 'RE' });
    expect(checkPhone('+91 81234 56789')).toMatchObject({ callingCode: '91', nationalNumber: '8123456789' });
  });

  it('tells countries that share a calling code apart by their numbering plans', () => {
    expect(normalizePhone('+1 613 555 0123')?.country).toBe('CA');
    expect(normalizePhone('+1 876 210 1234')?.country).toBe('JM');
    expect(normalizePhone('+1 201 555 0123')?.country).toBe('US');
    expect(normalizePhone('+7 912 345 67 89')?.country).toBe('RU');
    expect(normalizePhone('+7 771 000 9998')?.country).toBe('KZ');
    expect(normalizePhone('+44 7781 123456')?.country).toBe('GG');
  });

  it('falls back to the main country of a shared code when no plan fits', () => {
    // 555-01xx is reserved for fiction: no NANP country claims it, so the length rule decides alone.
    expect(normalizePhone('+1 555 555 0123')).toEqual({ e164: '+15555550123', country: 'US' });
  });

  it('defaults to US with 1 prepended when no calling code matches', () => {
    // No calling code starts with 83 or with 0.
    expect(checkPhone('(830) 555-1234')).toEqual({
      valid: true,
      e164: '+18305551234',
      country: 'US',
      callingCode: '1',
      nationalNumber: '8305551234',
    });
    expect(checkPhone('0201 555 0123')).toEqual({ valid: false, reason: 'too-long' });
  });

  it('reads a US national number that starts like another calling code as a US number', () => {
    // 41 is Switzerland, but 415 555 2671 fits no Swiss number.
    expect(normalizePhone('(415) 555-2671')).toEqual({ e164: '+14155552671', country: 'US' });
    // With an explicit +, the calling code is taken at its word.
    expect(normalizePhone('+41 555 2671')).toBeNull();
  });

  it('reads a leading 00 as the international call prefix', () => {
    expect(normalizePhone('0044 7400 123456')).toEqual({ e164: '+447400123456', country: 'GB' });
  });

  it('is valid only at a length the country uses', () => {
    expect(checkPhone('+1 201 555 012')).toEqual({ valid: false, reason: 'wrong-length' });
    expect(checkPhone('+44 7400 1234')).toEqual({ valid: false, reason: 'wrong-length' });
  });

  it('is too long past the longest length of the country', () => {
    expect(checkPhone('+1 201 555 01234')).toEqual({ valid: false, reason: 'too-long' });
    expect(normalizePhone('+1 201 555 01234')).toBeNull();
    expect(checkPhone('+800 1234 5678')).toEqual({ valid: false, reason: 'too-long' });
  });

  it('round-trips any written form of a valid number to the same E.164 number', () => {
    fc.assert(
      fc.property(sampleNumber, fc.nat(), ({ callingCode, national }, style) => {
        const result = normalizePhone(written(callingCode, national, style));
        return (
          result?.e164 === `+${callingCode}${national}` &&
          getCountryCallingCode(result.country, metadata) === callingCode
        );
      }),
    );
  });

  it('reads its own E.164 output back unchanged', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789 +-()'), maxLength: 20 }), (input) => {
        const first = normalizePhone(input);
        return first === null || normalizePhone(first.e164)?.e164 === first.e164;
      }),
    );
  });

  it('refuses every number worth less than 100000', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: PHONE_MIN_VALUE - 1 }), fc.nat(4), (value, zeros) => {
        return normalizePhone('0'.repeat(zeros) + String(value)) === null;
      }),
    );
  });

  it('gives null for numbers longer than the country allows', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SAMPLE_COUNTRIES),
        fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 5 }),
        (country, extra) => {
          const { callingCode, national } = exampleOf(country);
          const longest = Math.max(...lengthsOf(country));
          const tooLong = (national + '9'.repeat(longest) + extra).slice(0, longest + extra.length);
          const check = checkPhone(`+${callingCode}${tooLong}`);
          return (
            !check.valid &&
            check.reason === 'too-long' &&
            normalizePhone(`+${callingCode}${tooLong}`) === null
          );
        },
      ),
    );
  });

  it('only ever returns E.164 numbers', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 25 }), (input) => {
        const result = normalizePhone(input);
        return result === null || /^\+[1-9]\d{6,17}$/.test(result.e164);
      }),
    );
  });

  it('accepts the example mobile number of every country', () => {
    for (const { code } of phoneCountries()) {
      const { callingCode, national } = exampleOf(code);
      expect(normalizePhone(`+${callingCode} ${national}`)?.e164, code).toBe(`+${callingCode}${national}`);
    }
  });
});

describe('formatPhone', () => {
  it('formats an E.164 number internationally', () => {
    expect(formatPhone('+12015550123')).toBe('+1 201 555 0123');
    expect(formatPhone('+447400123456')).toBe('+44 7400 123456');
  });

  it('returns what it cannot read as it is', () => {
    expect(formatPhone('not a phone')).toBe('not a phone');
  });
});

describe('phoneCountries', () => {
  const table = phoneCountries();

  it('lists about 240 countries once each, sorted by name', () => {
    expect(table.length).toBeGreaterThanOrEqual(230);
    expect(table.length).toBeLessThanOrEqual(260);
    expect(new Set(table.map((c) => c.code)).size).toBe(table.length);
    const names = table.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('gives each a two-letter code, a dial code, an English name and a # pattern', () => {
    for (const country of table) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.dialCode).toMatch(/^\+[1-9]\d{0,2}$/);
      expect(country.name.length).toBeGreaterThan(1);
      expect(country.pattern.startsWith(`${country.dialCode} `), country.code).toBe(true);
      expect(country.pattern.slice(country.dialCode.length)).toMatch(/^[ #()-]+$/);
      const digits = country.pattern.split('#').length - 1;
      expect(lengthsOf(country.code), country.code).toContain(digits);
    }
  });

  it('has the entries people look for', () => {
    expect(phoneCountry('US')).toEqual({
      code: 'US',
      dialCode: '+1',
      name: 'United States',
      pattern: '+1 ### ### ####',
    });
    expect(phoneCountry('gb')).toMatchObject({
      dialCode: '+44',
      name: 'United Kingdom',
      pattern: '+44 #### ######',
    });
    expect(phoneCountry('DE')).toMatchObject({ dialCode: '+49', name: 'Germany' });
    expect(phoneCountry('ZZ')).toBeUndefined();
  });

  it('is built once', () => {
    expect(phoneCountries()).toBe(table);
  });
});
