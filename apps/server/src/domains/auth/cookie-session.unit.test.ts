import { serializeSignedCookie } from 'better-call';
import { describe, expect, it } from 'vitest';
import {
  VERIFIED_KEPT,
  bearerToken,
  cookieValue,
  keptVerifications,
  verifiedToken,
  verifiedTokenKept,
} from './cookie-session.ts';

const SECRET = 'a-test-secret-of-enough-length-0123456789';

describe('the session cookie read without better-auth', () => {
  it('accepts the value better-call signs, decoded as the browser sends it back', async () => {
    // The Set-Cookie better-auth sends, as the browser returns it in its Cookie header.
    const pair = (await serializeSignedCookie('plaza.session_token', 'tok3n', SECRET)).split(';')[0]!;
    const value = cookieValue(`other=1; ${pair}; x=y`, 'plaza.session_token');
    expect(value).not.toBeNull();
    expect(verifiedToken(value!, SECRET)).toBe('tok3n');
  });

  it('refuses another secret, a changed token, a cut signature and an unsigned value', async () => {
    const pair = (await serializeSignedCookie('plaza.session_token', 'tok3n', SECRET)).split(';')[0]!;
    const signed = cookieValue(pair, 'plaza.session_token')!;
    expect(verifiedToken(signed, `${SECRET}x`)).toBeNull();
    expect(verifiedToken(signed.replace('tok3n', 'tok3m'), SECRET)).toBeNull();
    expect(verifiedToken(signed.slice(0, -2), SECRET)).toBeNull();
    expect(verifiedToken('tok3n', SECRET)).toBeNull();
    expect(verifiedToken('', SECRET)).toBeNull();
  });

  it('reads the first cookie of the name, quoted or not, and nothing for a prefix of the name', () => {
    expect(cookieValue('a=1; a=2', 'a')).toBe('1');
    expect(cookieValue('a="q"', 'a')).toBe('q');
    expect(cookieValue('ab=1', 'a')).toBeNull();
    expect(cookieValue('', 'a')).toBeNull();
    expect(cookieValue('a=%E0%A4%A', 'a')).toBe('%E0%A4%A');
  });

  it('reads a bearer token as better-auth’s bearer plugin does', async () => {
    // What the plugin hands a client (set-auth-token): the signed cookie value, URL-encoded.
    const pair = (await serializeSignedCookie('plaza.session_token', 'tok3n', SECRET)).split(';')[0]!;
    const encoded = pair.slice(pair.indexOf('=') + 1);
    expect(encoded).toContain('%');
    expect(bearerToken(encoded, SECRET)).toBe('tok3n');
    expect(bearerToken(` ${decodeURIComponent(encoded)} `, SECRET)).toBe('tok3n');
    // A bare token: the plugin signs it itself, so it stands as it is.
    expect(bearerToken('tok3n', SECRET)).toBe('tok3n');
    // A signed value whose signature does not hold, and nothing at all.
    expect(bearerToken(decodeURIComponent(encoded).replace('tok3n', 'tok3m'), SECRET)).toBeNull();
    expect(bearerToken(encoded, `${SECRET}x`)).toBeNull();
    expect(bearerToken('  ', SECRET)).toBeNull();
  });

  it('keeps a value that verified under its own secret only, and never one that did not', async () => {
    const secret = `${SECRET}-kept`;
    const pair = (await serializeSignedCookie('plaza.session_token', 'k3pt', secret)).split(';')[0]!;
    const signed = cookieValue(pair, 'plaza.session_token')!;
    expect(verifiedTokenKept(signed, secret)).toBe('k3pt');
    expect(verifiedTokenKept(signed, secret)).toBe('k3pt');
    // Kept under the secret it verified with: another secret verifies it afresh, and refuses it.
    expect(verifiedTokenKept(signed, `${secret}x`)).toBeNull();
    // A forged value is refused every time, before and after the genuine one was kept.
    const forged = signed.replace('k3pt', 'k3pu');
    expect(verifiedTokenKept(forged, secret)).toBeNull();
    expect(verifiedTokenKept(forged, secret)).toBeNull();
    expect(verifiedTokenKept('k3pt', secret)).toBeNull();
    expect(keptVerifications(secret)).toBe(1);
  });

  it('keeps at most VERIFIED_KEPT values a secret', async () => {
    const secret = `${SECRET}-bounded`;
    const first = cookieValue((await serializeSignedCookie('s', 'token-0', secret)).split(';')[0]!, 's')!;
    expect(verifiedTokenKept(first, secret)).toBe('token-0');
    for (let i = 1; i <= VERIFIED_KEPT; i++) {
      const value = cookieValue(
        (await serializeSignedCookie('s', `token-${i}`, secret)).split(';')[0]!,
        's',
      )!;
      expect(verifiedTokenKept(value, secret)).toBe(`token-${i}`);
    }
    expect(keptVerifications(secret)).toBe(VERIFIED_KEPT);
    // Given up, the first value is verified again and still gives its token.
    expect(verifiedTokenKept(first, secret)).toBe('token-0');
    expect(keptVerifications(secret)).toBe(VERIFIED_KEPT);
  });
});
