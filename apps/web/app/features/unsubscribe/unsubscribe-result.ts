import type { GraphQLResult } from '../../context.ts';

/** What an unsubscribe link stops, as the server names it (EmailUnsubscribeResult). */
export interface UnsubscribeTarget {
  email: string;
  /** NEWS, DIGEST, ALL or a kind of activity (FRIEND_REQUEST…). */
  scope: string;
  /** "friend requests", "the daily digest", "Plaza news". */
  label: string;
}

export type UnsubscribeFailure =
  | { status: 'invalid-link'; reason: 'used' | 'invalid'; message: string }
  | { status: 'failed'; message: string };

/** What /unsubscribe shows after `unsubscribeEmail` answered. */
export type UnsubscribeResult = ({ status: 'unsubscribed' } & UnsubscribeTarget) | UnsubscribeFailure;

/** What /unsubscribe shows before the button is pressed, after `checkUnsubscribeLink` answered. */
export type UnsubscribeLinkCheck = ({ status: 'ready' } & UnsubscribeTarget) | UnsubscribeFailure;

/** Where people choose which notifications reach them, and how. */
export const NOTIFICATION_SETTINGS_PATH = '/profile/notifications';

export const UNSUBSCRIBE_FAILED_MESSAGE =
  'We could not unsubscribe you just now. Please try again in a moment.';
export const UNSUBSCRIBE_INCOMPLETE_MESSAGE =
  'This unsubscribe link is incomplete. Open the newest link from your e-mail, or copy the whole address into your browser.';

/**
 * The e-mails a link stops, to finish "We won't send … to ana@example.org any more":
 * "e-mails about friend requests", "the daily digest", "Plaza news".
 */
export function stoppedMailsPhrase({ scope, label }: Pick<UnsubscribeTarget, 'scope' | 'label'>): string {
  if (scope === 'NEWS' || scope === 'DIGEST') return label;
  if (scope === 'ALL') return 'notification e-mails or the daily digest';
  return `e-mails about ${label}`;
}

/** Whether the link is about notifications (which the settings page also turns on and off). */
export function isNotificationScope(scope: string): boolean {
  return scope !== 'NEWS';
}

/** A refused link (BAD_USER_INPUT on email or token) says why; anything else is a plain failure. */
function failureOf(result: GraphQLResult<unknown>): UnsubscribeFailure {
  const error = result.errors?.[0];
  const extensions = error?.extensions ?? {};
  if (
    error &&
    extensions.code === 'BAD_USER_INPUT' &&
    (extensions.field === 'token' || extensions.field === 'email')
  )
    return {
      status: 'invalid-link',
      reason: extensions.reason === 'USED' ? 'used' : 'invalid',
      message: error.message,
    };
  return { status: 'failed', message: UNSUBSCRIBE_FAILED_MESSAGE };
}

function targetOf(value: unknown): UnsubscribeTarget | null {
  if (typeof value !== 'object' || value === null) return null;
  const { email, scope, label } = value as Record<string, unknown>;
  if (typeof email !== 'string' || typeof scope !== 'string' || typeof label !== 'string') return null;
  return { email, scope, label };
}

export function unsubscribeResult(result: GraphQLResult<{ unsubscribeEmail?: unknown }>): UnsubscribeResult {
  const target = result.errors?.length ? null : targetOf(result.data?.unsubscribeEmail);
  return target ? { status: 'unsubscribed', ...target } : failureOf(result);
}

export function unsubscribeLinkCheck(
  result: GraphQLResult<{ checkUnsubscribeLink?: unknown }>,
): UnsubscribeLinkCheck {
  const target = result.errors?.length ? null : targetOf(result.data?.checkUnsubscribeLink);
  return target ? { status: 'ready', ...target } : failureOf(result);
}
