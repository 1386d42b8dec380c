import { createHash, randomBytes } from 'node:crypto';

/** A new refresh token (256 random bits) or family id. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Refresh tokens are stored as their SHA-256: a copy of the database does not hold usable tokens. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A session token in the form better-auth makes them (32 letters and digits). */
export function newSessionToken(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let token = '';
  while (token.length < 32) {
    for (const byte of randomBytes(48)) {
      // 248 = 4 * 62: rejection sampling keeps every character equally likely.
      if (byte < 248 && token.length < 32) token += alphabet[byte % 62];
    }
  }
  return token;
}
