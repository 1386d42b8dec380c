import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Draws `length` characters of the key alphabet from a source of random bytes. */
export function keyFrom(bytes: (n: number) => Uint8Array, length = 10): string {
  let key = '';
  // Rejection sampling keeps every character equally likely.
  const limit = 256 - (256 % ALPHABET.length);
  while (key.length < length) {
    for (const byte of bytes(length * 2)) {
      if (byte < limit && key.length < length) key += ALPHABET[byte % ALPHABET.length];
    }
  }
  return key;
}

/** A new public identifier: random, URL-safe, 10 characters (DESIGN: keys of at least 8). */
export function newKey(length = 10): string {
  return keyFrom((n) => randomBytes(n), length);
}
