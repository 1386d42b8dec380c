import { normalizeCountryCode, privacySettingsFor, type PrivacySettings } from '@plaza/core/consent';
import { badUserInput } from '../../graphql/errors.ts';
import type { RequestContext } from '../../graphql/context.ts';

/**
 * The visitor's country as the proxy or CDN in front of Plaza names it in the header of
 * PLAZA_COUNTRY_HEADER; null when no header is configured or it holds no two-letter code.
 */
export function countryOfRequest(context: Pick<RequestContext, 'config' | 'request'>): string | null {
  const header = context.config.countryHeader;
  return header ? normalizeCountryCode(context.request.headers.get(header)) : null;
}

/**
 * The consent defaults for a country (spec 7.2 getPrivacySettings): the one asked for, or else the
 * caller's own from the country header.
 */
export function getPrivacySettings(
  context: Pick<RequestContext, 'config' | 'request'>,
  countryCode: string | null | undefined,
): PrivacySettings {
  if (countryCode != null) {
    if (!/^[A-Za-z]{2}$/.test(countryCode.trim())) {
      throw badUserInput('countryCode', 'A country code is two letters, like DE or US.');
    }
    return privacySettingsFor(countryCode);
  }
  return privacySettingsFor(countryOfRequest(context));
}
