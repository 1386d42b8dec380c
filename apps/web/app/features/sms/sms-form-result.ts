import { fieldErrorOf, type MutationOutcome } from '../../graphql/mutation-outcome.ts';

export type SmsFormResult =
  | { status: 'sent'; phone: string }
  | { status: 'invalid'; phone: string; fieldError: string }
  | { status: 'rate-limited'; phone: string; message: string }
  | { status: 'failed'; phone: string; message: string };

export const SMS_RATE_LIMITED_MESSAGE =
  'You have asked for the link a few times already. To keep texts from turning into spam, please wait an hour and try again.';
export const SMS_FAILED_MESSAGE = 'We could not send the text just now. Please try again in a moment.';
export const SMS_EMPTY_MESSAGE = 'Enter your phone number, with its country code if you are outside the US.';

/** What the /sms form shows after `sendDownloadLink` answered (errors as DESIGN "API conventions" codes them). */
export function smsFormResult(phone: string, outcome: MutationOutcome): SmsFormResult {
  if (outcome.ok) return { status: 'sent', phone };
  const fieldError = fieldErrorOf(outcome, 'phone');
  if (fieldError) return { status: 'invalid', phone, fieldError };
  if (outcome.code === 'RATE_LIMITED')
    return { status: 'rate-limited', phone, message: SMS_RATE_LIMITED_MESSAGE };
  return { status: 'failed', phone, message: SMS_FAILED_MESSAGE };
}
