import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, nonceSource } from './security.ts';

describe('the nonces of the Content-Security-Policy', () => {
  it('gives 16 random bytes as base64, a new one every time, across refills of its pool', () => {
    const next = nonceSource();
    const seen = new Set<string>();
    // 256 nonces a refill: 1,000 cross three refills.
    for (let i = 0; i < 1_000; i++) {
      const nonce = next();
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      seen.add(nonce);
    }
    expect(seen.size).toBe(1_000);
  });

  it('gives two sources nonces of their own', () => {
    const a = nonceSource();
    const b = nonceSource();
    expect(a()).not.toBe(b());
  });

  it('puts the nonce in the script rule', () => {
    expect(contentSecurityPolicy('abc')).toContain("script-src 'self' 'nonce-abc'");
  });
});
