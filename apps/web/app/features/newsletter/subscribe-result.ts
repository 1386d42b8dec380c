import { fieldErrorOf, type MutationOutcome } from '../../graphql/mutation-outcome.ts';

export type SubscribeResult =
  | { status: 'subscribed'; email: string }
  | { status: 'invalid'; email: string; fieldError: string }
  | { status: 'failed'; email: string; message: string };

export const SUBSCRIBE_EMPTY_MESSAGE = 'Enter your e-mail address.';
export const SUBSCRIBE_FAILED_MESSAGE = 'We could not sign you up just now. Please try again in a moment.';

/** What the news sign-up form shows after `subscribeEmail` answered. */
export function subscribeResult(email: string, outcome: MutationOutcome): SubscribeResult {
  if (outcome.ok) return { status: 'subscribed', email };
  const fieldError = fieldErrorOf(outcome, 'email');
  if (fieldError) return { status: 'invalid', email, fieldError };
  return { status: 'failed', email, message: SUBSCRIBE_FAILED_MESSAGE };
}
