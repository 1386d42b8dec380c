import { ESSENTIAL_ONLY_MASK, consentMaskFromCookies } from '@plaza/core/consent';
import type { PlazaServerContext } from '../../context.ts';

/** What the banner needs from the server render. */
export interface ConsentState {
  /** The visitor's choice for the current version; null shows the banner. */
  mask: number | null;
  /** Where the switches of "Choose" start before a first choice (getPrivacySettings). */
  defaultMask: number;
  /** 'development' or 'production': cookies are Secure outside development (spec 9). */
  environment: string;
}

interface PrivacySettingsAnswer {
  getPrivacySettings: { defaultMask: number } | null;
}

/** Reads the consent cookie, and asks for the country's defaults only when the banner will show. */
export async function consentStateFor(request: Request, server: PlazaServerContext): Promise<ConsentState> {
  const mask = consentMaskFromCookies(request.headers.get('cookie'));
  const environment = server.isDevelopment ? 'development' : 'production';
  if (mask !== null) return { mask, defaultMask: mask, environment };
  const answer = await server.graphql<PrivacySettingsAnswer>(
    'query PrivacySettings { getPrivacySettings { defaultMask } }',
  );
  return {
    mask,
    defaultMask: answer.data?.getPrivacySettings?.defaultMask ?? ESSENTIAL_ONLY_MASK,
    environment,
  };
}
