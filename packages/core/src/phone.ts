import {
  Metadata,
  getCountries,
  getCountryCallingCode,
  getExampleNumber,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/core';
// The full metadata tells countries that share a calling code apart (+44 7911… is GB, not GG).
import metadata from 'libphonenumber-js/metadata.max.json';
import examples from 'libphonenumber-js/mobile/examples';

export type { CountryCode };

/** A phone number whose digits read as a smaller number than this is invalid (spec 5). */
export const PHONE_MIN_VALUE = 100_000;

export const PHONE_DEFAULT_COUNTRY: CountryCode = 'US';

const COUNTRIES = getCountries(metadata);

/** Calling codes of countries; non-geographic codes (+800, +881…) belong to no country. */
const COUNTRY_CALLING_CODES = Object.entries(metadata.country_calling_codes)
  .filter(([, countries]) => countries.some((country) => COUNTRIES.includes(country)))
  .map(([code]) => code)
  .sort((a, b) => b.length - a.length);

function mainCountry(callingCode: string): CountryCode {
  return metadata.country_calling_codes[callingCode]?.[0] ?? PHONE_DEFAULT_COUNTRY;
}

function possibleLengths(country: CountryCode): number[] {
  const plan = new Metadata(metadata);
  plan.selectNumberingPlan(country);
  return plan.numberingPlan?.possibleLengths() ?? [];
}

export type PhoneCheck =
  | { valid: true; e164: string; country: CountryCode; callingCode: string; nationalNumber: string }
  | { valid: false; reason: 'too-short' | 'wrong-length' | 'too-long' };

/**
 * Checks a phone number as spec 5 says. Everything but letters and digits is stripped and only
 * digits count; digits worth less than 100000 are too short. The country is matched by the longest
 * calling-code prefix, defaulting to US with 1 prepended. Within a shared code (+1, +7, +44…) the
 * country is the one whose numbering plan the number fits, else the code's main country. The
 * number is valid when its national length is one the country uses, and too long past the longest.
 *
 * A leading 00 is read as the international call prefix ("0044…" is "+44…"), as most of the world
 * dials it; the spec's US default would make such input always too long. Input without + or 00
 * that fits no number of the matched country is tried once more as a US national number.
 */
function checkDigits(digits: string, callingCode: string): PhoneCheck {
  const nationalNumber = digits.slice(callingCode.length);
  const country = parsePhoneNumberFromString(`+${digits}`, metadata)?.country ?? mainCountry(callingCode);
  const lengths = possibleLengths(country);
  if (nationalNumber.length > Math.max(...lengths)) return { valid: false, reason: 'too-long' };
  if (!lengths.includes(nationalNumber.length)) return { valid: false, reason: 'wrong-length' };
  return { valid: true, e164: `+${digits}`, country, callingCode, nationalNumber };
}

export function checkPhone(input: string): PhoneCheck {
  let digits = input.replace(/[^\p{L}\p{N}]/gu, '').replace(/[^0-9]/g, '');
  if (digits === '' || Number(digits) < PHONE_MIN_VALUE) return { valid: false, reason: 'too-short' };
  const international = /^\s*(\+|00)/.test(input);
  if (digits.startsWith('00')) digits = digits.slice(2);

  const defaultCode = getCountryCallingCode(PHONE_DEFAULT_COUNTRY, metadata);
  const callingCode = COUNTRY_CALLING_CODES.find((code) => digits.startsWith(code));
  if (callingCode === undefined) return checkDigits(defaultCode + digits, defaultCode);
  const matched = checkDigits(digits, callingCode);
  // A national US number ("(415) 555-2671") starts like some other calling code (41, Switzerland)
  // but fits no number there: without an explicit + or 00, read it with the US default instead.
  if (!matched.valid && !international) {
    const national = checkDigits(defaultCode + digits, defaultCode);
    if (national.valid) return national;
  }
  return matched;
}

/** The E.164 form and country of a valid phone number, or null for an invalid one. */
export function normalizePhone(input: string): { e164: string; country: CountryCode } | null {
  const check = checkPhone(input);
  return check.valid ? { e164: check.e164, country: check.country } : null;
}

/** An E.164 number in international format ("+1 201 555 0123"); other input is returned as is. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164, metadata)?.formatInternational() ?? e164;
}

export type PhoneCountry = {
  /** ISO 3166-1 alpha-2 code. */
  code: CountryCode;
  /** "+" and the calling code. */
  dialCode: string;
  /** English name. */
  name: string;
  /** International format of the country's example mobile number, a # for each digit. */
  pattern: string;
};

function phonePattern(country: CountryCode, dialCode: string): string {
  const example = getExampleNumber(country, examples, metadata)?.formatInternational();
  if (!example?.startsWith(dialCode))
    return `${dialCode} ${'#'.repeat(Math.max(...possibleLengths(country)))}`;
  return dialCode + example.slice(dialCode.length).replace(/\d/g, '#');
}

let countries: readonly PhoneCountry[] | undefined;

/**
 * Every country with a phone numbering plan (about 240), sorted by English name. Built on first
 * use, as formatting each example number takes tens of milliseconds in all.
 */
export function phoneCountries(): readonly PhoneCountry[] {
  if (!countries) {
    const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
    countries = COUNTRIES.map((code) => {
      const dialCode = `+${getCountryCallingCode(code, metadata)}`;
      return { code, dialCode, name: regionNames.of(code) ?? code, pattern: phonePattern(code, dialCode) };
    }).sort((a, b) => a.name.localeCompare(b.name, 'en'));
  }
  return countries;
}

export function phoneCountry(code: string): PhoneCountry | undefined {
  return phoneCountries().find((country) => country.code === code.toUpperCase());
}
