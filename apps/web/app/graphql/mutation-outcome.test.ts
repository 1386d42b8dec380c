import { describe, expect, it } from 'vitest';
import { fieldErrorOf, mutationOutcome } from './mutation-outcome.ts';

describe('mutationOutcome', () => {
  it('is ok without errors', () => {
    expect(mutationOutcome({ data: { sendDownloadLink: true } })).toEqual({ ok: true });
  });

  it('reads code, field and message of the first error', () => {
    const outcome = mutationOutcome({
      errors: [
        { message: 'Enter a valid phone number.', extensions: { code: 'BAD_USER_INPUT', field: 'phone' } },
        { message: 'second', extensions: { code: 'RATE_LIMITED' } },
      ],
    });
    expect(outcome).toEqual({
      ok: false,
      code: 'BAD_USER_INPUT',
      field: 'phone',
      message: 'Enter a valid phone number.',
    });
  });

  it('tolerates errors without extensions', () => {
    expect(mutationOutcome({ errors: [{ message: 'Unexpected error.' }] })).toEqual({
      ok: false,
      code: null,
      field: null,
      message: 'Unexpected error.',
    });
  });
});

describe('fieldErrorOf', () => {
  const badPhone = mutationOutcome({
    errors: [{ message: 'Bad phone', extensions: { code: 'BAD_USER_INPUT', field: 'phone' } }],
  });

  it('gives the message for the named field only', () => {
    expect(fieldErrorOf(badPhone, 'phone')).toBe('Bad phone');
    expect(fieldErrorOf(badPhone, 'email')).toBeNull();
  });

  it('ignores errors that are not about input', () => {
    const limited = mutationOutcome({
      errors: [{ message: 'Too many', extensions: { code: 'RATE_LIMITED', field: 'phone' } }],
    });
    expect(fieldErrorOf(limited, 'phone')).toBeNull();
    expect(fieldErrorOf({ ok: true }, 'phone')).toBeNull();
  });
});
