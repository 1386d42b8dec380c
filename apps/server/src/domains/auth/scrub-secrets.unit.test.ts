import { describe, expect, it } from 'vitest';
import { scrubSecrets } from './scrub-secrets.ts';

describe('scrubSecrets', () => {
  it('drops SQL parameters, six-digit codes and token-like runs', () => {
    expect(scrubSecrets('Failed query: insert into "verifications" params: sign-in-otp-a@b.c,123456:0')).toBe(
      'Failed query: insert into "verifications" params: [redacted]',
    );
    expect(scrubSecrets('wrong code 123456 for ada')).toBe('wrong code [code] for ada');
    expect(scrubSecrets('token Xk2lP0qZr8sT1uV3wY5aB7cD9eF.abc=')).toBe('token [redacted]');
  });

  it('keeps ordinary words, numbers and short ids', () => {
    expect(scrubSecrets('Invalid origin: http://evil.test (status 403, 1234567 ms)')).toBe(
      'Invalid origin: http://evil.test (status 403, 1234567 ms)',
    );
  });
});
