import { describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_FAILED_MESSAGE, unsubscribeResult } from './unsubscribe-result.ts';

describe('unsubscribeResult', () => {
  it('confirms the address that was unsubscribed', () => {
    expect(unsubscribeResult('ana@example.org', { ok: true })).toEqual({
      status: 'unsubscribed',
      email: 'ana@example.org',
    });
  });

  it('shows the server text for a bad link, whichever part of it is wrong', () => {
    const badToken = {
      ok: false as const,
      code: 'BAD_USER_INPUT',
      field: 'token',
      message: 'This unsubscribe link is not valid.',
    };
    expect(unsubscribeResult('a@b.org', badToken)).toEqual({
      status: 'invalid-link',
      message: 'This unsubscribe link is not valid.',
    });
    const badEmail = {
      ok: false as const,
      code: 'BAD_USER_INPUT',
      field: 'email',
      message: 'Enter a valid e-mail address.',
    };
    expect(unsubscribeResult('nope', badEmail)).toEqual({
      status: 'invalid-link',
      message: 'Enter a valid e-mail address.',
    });
  });

  it('hides unexpected server errors behind a plain message', () => {
    expect(
      unsubscribeResult('a@b.org', { ok: false, code: null, field: null, message: 'pool exhausted' }),
    ).toEqual({
      status: 'failed',
      message: UNSUBSCRIBE_FAILED_MESSAGE,
    });
  });
});
