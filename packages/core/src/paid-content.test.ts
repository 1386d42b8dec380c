import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkGroupPayment, paidContentCheck } from './paid-content.ts';

describe('checkGroupPayment', () => {
  it('makes a price of zero or none free', () => {
    expect(checkGroupPayment({})).toEqual({ valid: true, payment: null, cents: 0 });
    expect(checkGroupPayment({ price: 0, recurrence: 'MONTHLY' })).toEqual({
      valid: true,
      payment: null,
      cents: 0,
    });
  });

  it('keeps a price in cents with a known recurrence or none', () => {
    expect(checkGroupPayment({ price: 4.99, recurrence: 'MONTHLY' })).toEqual({
      valid: true,
      payment: { price: 4.99, recurrence: 'MONTHLY' },
      cents: 499,
    });
    expect(checkGroupPayment({ price: 20, recurrence: '' })).toMatchObject({ payment: { recurrence: null } });
  });

  it('refuses prices below zero, with more than two decimals, and unknown recurrences', () => {
    fc.assert(
      fc.property(fc.double({ max: -Number.MIN_VALUE, noNaN: true }), (price) => {
        expect(checkGroupPayment({ price })).toMatchObject({ valid: false, field: 'price' });
      }),
    );
    expect(checkGroupPayment({ price: 1.234 })).toMatchObject({ valid: false, field: 'price' });
    expect(checkGroupPayment({ price: Number.NaN })).toMatchObject({ valid: false, field: 'price' });
    expect(checkGroupPayment({ price: 5, recurrence: 'FORTNIGHTLY' })).toMatchObject({
      valid: false,
      field: 'recurrence',
    });
  });
});

describe('paidContentCheck', () => {
  const ready = { providerConfigured: true, signedIn: true, isVerified: true, emailVerified: true };
  it('allows a verified creator with a confirmed address on a server with a provider', () => {
    expect(paidContentCheck(ready)).toMatchObject({ canCreatePaidEntities: true, action: null });
  });
  it('says why not, first missing condition first', () => {
    expect(paidContentCheck({ ...ready, providerConfigured: false, signedIn: false }).action).toBeNull();
    expect(paidContentCheck({ ...ready, signedIn: false }).action).toBe('SIGN_IN');
    expect(paidContentCheck({ ...ready, isVerified: false }).action).toBe('VERIFY_ACCOUNT');
    expect(paidContentCheck({ ...ready, emailVerified: false }).action).toBe('VERIFY_EMAIL');
  });
});
