import { fieldErrorOf, type MutationOutcome } from '../../graphql/mutation-outcome.ts';

export type UnsubscribeResult =
  | { status: 'unsubscribed'; email: string }
  | { status: 'invalid-link'; message: string }
  | { status: 'failed'; message: string };

export const UNSUBSCRIBE_FAILED_MESSAGE =
  'We could not unsubscribe you just now. Please try again in a moment.';
export const UNSUBSCRIBE_INCOMPLETE_MESSAGE =
  'This unsubscribe link is incomplete. Open the newest link from your e-mail, or copy the whole address into your browser.';

/** What /unsubscribe shows after `unsubscribeEmail` answered. */
export function unsubscribeResult(email: string, outcome: MutationOutcome): UnsubscribeResult {
  if (outcome.ok) return { status: 'unsubscribed', email };
  const linkError = fieldErrorOf(outcome, 'token') ?? fieldErrorOf(outcome, 'email');
  if (linkError) return { status: 'invalid-link', message: linkError };
  return { status: 'failed', message: UNSUBSCRIBE_FAILED_MESSAGE };
}
