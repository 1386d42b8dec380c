import { describe, expect, it } from 'vitest';
import { signInErrorText } from './auth-api.ts';

describe('signInErrorText', () => {
  it('says why a page at another address was refused, in the server’s words', () => {
    const message = 'Plaza does not take changes from another site (a request from http://127.0.0.1:3000).';
    expect(signInErrorText({ ok: false, status: 403, code: 'FORBIDDEN', message })).toBe(message);
  });

  it('falls back to a plain retry for a refusal without words and for codes it does not know', () => {
    expect(signInErrorText({ ok: false, status: 403, code: 'FORBIDDEN', message: '' })).toBe(
      'Something went wrong. Please try again.',
    );
    expect(
      signInErrorText({ ok: false, status: 500, code: 'HTTP_500', message: 'Internal Server Error' }),
    ).toBe('Something went wrong. Please try again.');
  });

  it('keeps the sign-in codes’ own texts', () => {
    expect(signInErrorText({ ok: false, status: 400, code: 'INVALID_OTP', message: 'Invalid OTP' })).toBe(
      'That code is not right. Check the message and try again.',
    );
  });
});
