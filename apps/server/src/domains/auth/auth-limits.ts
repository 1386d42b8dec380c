import type { RateLimitRule } from '../../platform/rate-limits/rate-limits.ts';

const HOUR = 60 * 60;

/**
 * How often codes may be asked for and tried. A code allows five guesses at one in a million, and
 * an address gets at most five codes an hour, so guessing is hopeless; the per-IP limits stop one
 * machine from flooding many inboxes or phones.
 */
export const AUTH_LIMITS = {
  codesPerIdentifierPerHour: 5,
  codesPerIpPerHour: 20,
  codeChecksPerIpPerHour: 60,
  refreshesPerIpPerHour: 120,
  providerSignInsPerIpPerHour: 30,
} as const;

/** Limits on sending a one-time code to an e-mail address or phone number. */
export function codeRequestRules(identifier: string, ip: string): RateLimitRule[] {
  return [
    {
      name: 'code:identifier',
      subject: identifier,
      limit: AUTH_LIMITS.codesPerIdentifierPerHour,
      windowSeconds: HOUR,
    },
    { name: 'code:ip', subject: ip, limit: AUTH_LIMITS.codesPerIpPerHour, windowSeconds: HOUR },
  ];
}

/** Limits on checking codes from one address (each code also allows only five tries). */
export function codeCheckRules(ip: string): RateLimitRule[] {
  return [
    { name: 'code-check:ip', subject: ip, limit: AUTH_LIMITS.codeChecksPerIpPerHour, windowSeconds: HOUR },
  ];
}

export function refreshRules(ip: string): RateLimitRule[] {
  return [{ name: 'refresh:ip', subject: ip, limit: AUTH_LIMITS.refreshesPerIpPerHour, windowSeconds: HOUR }];
}

export function providerSignInRules(ip: string): RateLimitRule[] {
  return [
    { name: 'oidc:ip', subject: ip, limit: AUTH_LIMITS.providerSignInsPerIpPerHour, windowSeconds: HOUR },
  ];
}
