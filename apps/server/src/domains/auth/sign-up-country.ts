import { APIError } from 'better-auth';
import { normalizeCountryCode } from '@plaza/core/consent';
import type { Config } from '../../config.ts';

/** The refusal of sign-in codes for numbers of, and sign-ups from, PLAZA_BLOCKED_COUNTRIES. */
export function countryNotSupported() {
  return new APIError('FORBIDDEN', {
    code: 'COUNTRY_NOT_SUPPORTED',
    message: 'Plaza is not available in your country yet.',
  });
}

/**
 * Refuses to make a new account for a request from a blocked country, as named by the header of
 * PLAZA_COUNTRY_HEADER (decision 0019). People who already have an account still sign in, and a
 * request without the header (or without a configured header) is let through.
 */
export function refuseSignUpFromBlockedCountry(
  config: Pick<Config, 'blockedCountryCodes' | 'countryHeader'>,
  headers: Headers | null | undefined,
): void {
  if (!config.countryHeader || config.blockedCountryCodes.length === 0) return;
  const country = normalizeCountryCode(headers?.get(config.countryHeader));
  if (country && config.blockedCountryCodes.includes(country)) throw countryNotSupported();
}
