/**
 * One-time codes for signing in and for confirming changes (DESIGN "Security baseline"): six
 * digits, valid ten minutes, used once, and refused after five wrong tries.
 */
export const ONE_TIME_CODE_LENGTH = 6;
export const ONE_TIME_CODE_TTL_SECONDS = 10 * 60;
export const ONE_TIME_CODE_MAX_ATTEMPTS = 5;

/** Whether a string has the form of a code: exactly six digits (spaces around are ignored). */
export function isOneTimeCodeFormat(input: string): boolean {
  return new RegExp(`^\\d{${ONE_TIME_CODE_LENGTH}}$`).test(input.trim());
}

/**
 * A code typed as a number (the private-profile confirmation code is an Int, spec 5) in its
 * six-digit form, or null when no six-digit code reads as that number.
 */
export function oneTimeCodeFromNumber(value: number): string | null {
  if (!Number.isSafeInteger(value) || value < 0) return null;
  const digits = String(value).padStart(ONE_TIME_CODE_LENGTH, '0');
  return digits.length === ONE_TIME_CODE_LENGTH ? digits : null;
}
