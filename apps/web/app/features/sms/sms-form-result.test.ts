import { describe, expect, it } from 'vitest';
import { SMS_FAILED_MESSAGE, SMS_RATE_LIMITED_MESSAGE, smsFormResult } from './sms-form-result.ts';

describe('smsFormResult', () => {
  it('confirms a sent link with the number as typed', () => {
    expect(smsFormResult({ phone: '+1 415 555 2671', consent: true }, { ok: true })).toEqual({
      status: 'sent',
      phone: '+1 415 555 2671',
    });
  });

  it('shows the server text beside the phone field for bad input', () => {
    const result = smsFormResult(
      { phone: '123', consent: true },
      { ok: false, code: 'BAD_USER_INPUT', field: 'phone', message: 'Enter a valid phone number.' },
    );
    expect(result).toEqual({
      status: 'invalid',
      phone: '123',
      consent: true,
      field: 'phone',
      fieldError: 'Enter a valid phone number.',
    });
  });

  it('shows the server text beside the consent box when it was not ticked', () => {
    const result = smsFormResult(
      { phone: '+14155552671', consent: false },
      { ok: false, code: 'BAD_USER_INPUT', field: 'consent', message: 'Tick the box.' },
    );
    expect(result).toEqual({
      status: 'invalid',
      phone: '+14155552671',
      consent: false,
      field: 'consent',
      fieldError: 'Tick the box.',
    });
  });

  it('explains the hourly limit when rate limited', () => {
    const result = smsFormResult(
      { phone: '+14155552671', consent: true },
      { ok: false, code: 'RATE_LIMITED', field: null, message: 'Too many requests.' },
    );
    expect(result).toEqual({
      status: 'rate-limited',
      phone: '+14155552671',
      consent: true,
      message: SMS_RATE_LIMITED_MESSAGE,
    });
  });

  it('never shows raw server text for unexpected errors', () => {
    const result = smsFormResult(
      { phone: '+14155552671', consent: true },
      { ok: false, code: null, field: null, message: 'connect ECONNREFUSED' },
    );
    expect(result).toEqual({
      status: 'failed',
      phone: '+14155552671',
      consent: true,
      message: SMS_FAILED_MESSAGE,
    });
  });
});
