/** Cookie consent purposes as bit flags (spec 6 and 9). */
export const CONSENT_PURPOSE = {
  essential: 2,
  marketing: 4,
  personal: 8,
  analytics: 16,
} as const;

export type ConsentPurpose = keyof typeof CONSENT_PURPOSE;

export const CONSENT_PURPOSES = [
  'essential',
  'marketing',
  'personal',
  'analytics',
] as const satisfies readonly ConsentPurpose[];

/** Every purpose consented to. */
export const CONSENT_FULL_MASK = 30;

/** Raised when the purposes change, so consent given to an older version is asked for again. */
export const CONSENT_VERSION = 1;

/** Essential cookies keep the site working and need no choice: every mask includes them. */
export function encodeConsent(purposes: Iterable<ConsentPurpose>): number {
  let mask = CONSENT_PURPOSE.essential;
  for (const purpose of purposes) mask |= CONSENT_PURPOSE[purpose];
  return mask;
}

export function decodeConsent(mask: number): ConsentPurpose[] {
  return CONSENT_PURPOSES.filter((purpose) => hasConsent(mask, purpose));
}

export function hasConsent(mask: number, purpose: ConsentPurpose): boolean {
  return (mask & CONSENT_PURPOSE[purpose]) !== 0;
}

/**
 * A consent mask read back from storage (number or digits), or null when it is not one: not an
 * integer, or holding bits outside the four purposes. Essential is added as `encodeConsent` does.
 */
export function parseConsentMask(value: unknown): number | null {
  const mask = typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : value;
  if (typeof mask !== 'number' || !Number.isInteger(mask) || mask < 0 || (mask & ~CONSENT_FULL_MASK) !== 0) {
    return null;
  }
  return mask | CONSENT_PURPOSE.essential;
}

/** Stored consent is usable only when it was given for the current version with a valid mask. */
export function isConsentCurrent(stored: { version: unknown; mask: unknown } | null | undefined): boolean {
  return stored != null && stored.version === CONSENT_VERSION && parseConsentMask(stored.mask) !== null;
}
