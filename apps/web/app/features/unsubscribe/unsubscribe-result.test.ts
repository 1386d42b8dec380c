import { describe, expect, it } from 'vitest';
import {
  UNSUBSCRIBE_FAILED_MESSAGE,
  stoppedMailsPhrase,
  unsubscribeLinkCheck,
  unsubscribeResult,
} from './unsubscribe-result.ts';

const target = { email: 'ana@example.org', scope: 'FRIEND_REQUEST', label: 'friend requests' };

describe('unsubscribeResult', () => {
  it('says what was turned off, for which address', () => {
    expect(unsubscribeResult({ data: { unsubscribeEmail: target } })).toEqual({
      status: 'unsubscribed',
      ...target,
    });
  });

  it('tells a used link from a bad one, with the server text', () => {
    const error = (reason: string, message: string) => ({
      data: { unsubscribeEmail: null },
      errors: [{ message, extensions: { code: 'BAD_USER_INPUT', field: 'token', reason } }],
    });
    expect(unsubscribeResult(error('USED', 'This link was already used.'))).toEqual({
      status: 'invalid-link',
      reason: 'used',
      message: 'This link was already used.',
    });
    expect(unsubscribeResult(error('INVALID', 'This unsubscribe link is not valid.'))).toEqual({
      status: 'invalid-link',
      reason: 'invalid',
      message: 'This unsubscribe link is not valid.',
    });
    const badEmail = {
      errors: [
        { message: 'Enter a valid e-mail address.', extensions: { code: 'BAD_USER_INPUT', field: 'email' } },
      ],
    };
    expect(unsubscribeResult(badEmail)).toEqual({
      status: 'invalid-link',
      reason: 'invalid',
      message: 'Enter a valid e-mail address.',
    });
  });

  it('hides unexpected server errors and odd answers behind a plain message', () => {
    expect(unsubscribeResult({ errors: [{ message: 'pool exhausted' }] })).toEqual({
      status: 'failed',
      message: UNSUBSCRIBE_FAILED_MESSAGE,
    });
    expect(unsubscribeResult({ data: { unsubscribeEmail: true } })).toEqual({
      status: 'failed',
      message: UNSUBSCRIBE_FAILED_MESSAGE,
    });
  });
});

describe('unsubscribeLinkCheck', () => {
  it('names what the link would stop', () => {
    expect(unsubscribeLinkCheck({ data: { checkUnsubscribeLink: target } })).toEqual({
      status: 'ready',
      ...target,
    });
  });
});

describe('stoppedMailsPhrase', () => {
  it('words each kind of link', () => {
    expect(stoppedMailsPhrase(target)).toBe('e-mails about friend requests');
    expect(stoppedMailsPhrase({ scope: 'DIGEST', label: 'the daily digest' })).toBe('the daily digest');
    expect(stoppedMailsPhrase({ scope: 'NEWS', label: 'Plaza news' })).toBe('Plaza news');
    expect(stoppedMailsPhrase({ scope: 'ALL', label: 'all notification e-mails' })).toBe(
      'notification e-mails or the daily digest',
    );
  });
});
