import { isRecurrenceFrequency, type RecurrenceFrequency } from './recurrence.ts';

/** Highest price of a paid group, in the currency's major unit: a guard against typing slips. */
export const MAX_GROUP_PRICE = 10_000;

/** A group's price (spec 3 "Group" payment): major units; recurrence null means a one-time payment. */
export interface GroupPayment {
  price: number;
  recurrence: RecurrenceFrequency | null;
}

export type PaymentCheck =
  | { valid: true; payment: GroupPayment | null; cents: number }
  | { valid: false; field: 'price' | 'recurrence'; message: string };

/**
 * Checks a price and recurrence typed by a group admin. A price of 0 (or none) makes the group
 * free. Prices are whole cents, never below zero; recurrence is one of spec 4's values or empty.
 */
export function checkGroupPayment(input: {
  price?: number | null;
  recurrence?: string | null;
}): PaymentCheck {
  const price = input.price ?? 0;
  if (!Number.isFinite(price) || price < 0)
    return { valid: false, field: 'price', message: 'The price cannot be below zero.' };
  if (price > MAX_GROUP_PRICE)
    return { valid: false, field: 'price', message: `The price is at most ${MAX_GROUP_PRICE}.` };
  const cents = Math.round(price * 100);
  if (Math.abs(cents - price * 100) > 1e-6)
    return { valid: false, field: 'price', message: 'The price has at most two decimals.' };
  const recurrence = input.recurrence == null || input.recurrence === '' ? null : input.recurrence;
  if (recurrence !== null && !isRecurrenceFrequency(recurrence))
    return {
      valid: false,
      field: 'recurrence',
      message: 'The recurrence is DAILY, WEEKLY, MONTHLY or YEARLY, or empty for a one-time payment.',
    };
  if (cents === 0) return { valid: true, payment: null, cents: 0 };
  return { valid: true, payment: { price: cents / 100, recurrence }, cents };
}

/** Spec 3 "Paid-content check". `action` names what the client can offer next, or null. */
export interface PaidContentCheck {
  canCreatePaidEntities: boolean;
  message: string;
  action: 'SIGN_IN' | 'VERIFY_ACCOUNT' | 'VERIFY_EMAIL' | null;
}

/**
 * Who may sell group access (decision 0008): a signed-in, verified creator with a confirmed e-mail
 * address, on a server that has a payment provider configured.
 */
export function paidContentCheck(input: {
  providerConfigured: boolean;
  signedIn: boolean;
  isVerified: boolean;
  emailVerified: boolean;
}): PaidContentCheck {
  if (!input.providerConfigured)
    return {
      canCreatePaidEntities: false,
      message: 'Paid groups are not available on this server: no payment provider is configured.',
      action: null,
    };
  if (!input.signedIn)
    return { canCreatePaidEntities: false, message: 'Sign in to create paid groups.', action: 'SIGN_IN' };
  if (!input.isVerified)
    return {
      canCreatePaidEntities: false,
      message: 'Only verified creators can create paid groups.',
      action: 'VERIFY_ACCOUNT',
    };
  if (!input.emailVerified)
    return {
      canCreatePaidEntities: false,
      message: 'Confirm your e-mail address to receive payment notices.',
      action: 'VERIFY_EMAIL',
    };
  return { canCreatePaidEntities: true, message: 'You can create paid groups.', action: null };
}
