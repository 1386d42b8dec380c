import { describe, expect, it } from 'vitest';
import { SUBSCRIBE_FAILED_MESSAGE, subscribeResult } from './subscribe-result.ts';

describe('subscribeResult', () => {
  it('confirms the subscription', () => {
    expect(subscribeResult('ana@example.org', { ok: true })).toEqual({
      status: 'subscribed',
      email: 'ana@example.org',
    });
  });

  it('puts an invalid address next to the e-mail field', () => {
    const outcome = {
      ok: false as const,
      code: 'BAD_USER_INPUT',
      field: 'email',
      message: 'Enter a valid e-mail address.',
    };
    expect(subscribeResult('ana@', outcome)).toEqual({
      status: 'invalid',
      email: 'ana@',
      fieldError: 'Enter a valid e-mail address.',
    });
  });

  it('keeps rate limits and server failures general', () => {
    const outcome = { ok: false as const, code: 'RATE_LIMITED', field: null, message: 'Too many requests.' };
    expect(subscribeResult('a@b.org', outcome)).toEqual({
      status: 'failed',
      email: 'a@b.org',
      message: SUBSCRIBE_FAILED_MESSAGE,
    });
  });
});
