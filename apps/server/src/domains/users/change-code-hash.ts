import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ProfileChangePurpose } from '../../db/schema/index.ts';

/** Codes are kept as an HMAC keyed with the server secret: six digits alone would be easy to reverse. */
export function hashChangeCode(secret: string, userId: number, purpose: ProfileChangePurpose, code: string) {
  return createHmac('sha256', secret).update(`${userId}:${purpose}:${code}`).digest('base64url');
}

export function changeCodeMatches(expectedHash: string, givenHash: string): boolean {
  const expected = Buffer.from(expectedHash);
  const given = Buffer.from(givenHash);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
