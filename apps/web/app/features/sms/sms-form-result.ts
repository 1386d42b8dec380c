import { fieldErrorOf, type MutationOutcome } from '../../graphql/mutation-outcome.ts';

/** The form as sent, so an error keeps what the person typed and ticked. */
interface SmsFormInput {
  phone: string;
  consent: boolean;
}

export type SmsFormResult =
  | { status: 'sent'; phone: string }
  | (SmsFormInput & { status: 'invalid'; field: 'phone' | 'consent'; fieldError: string })
  | (SmsFormInput & { status: 'rate-limited'; message: string })
  | (SmsFormInput & { status: 'failed'; message: string });

export const SMS_RATE_LIMITED_MESSAGE =
  'You have asked for the link a few times already. To keep texts from turning into spam, please wait an hour and try again.';
export const SMS_FAILED_MESSAGE = 'We could not send the text just now. Please try again in a moment.';
export const SMS_EMPTY_MESSAGE = 'Enter your phone number, with its country code if you are outside the US.';

/** The consent box's value when ticked. */
export const SMS_CONSENT_VALUE = 'yes';

/** What the /sms form shows after `sendDownloadLink` answered (errors as DESIGN "API conventions" codes them). */
export function smsFormResult(input: SmsFormInput, outcome: MutationOutcome): SmsFormResult {
  if (outcome.ok) return { status: 'sent', phone: input.phone };
  for (const field of ['phone', 'consent'] as const) {
    const fieldError = fieldErrorOf(outcome, field);
    if (fieldError) return { status: 'invalid', ...input, field, fieldError };
  }
  if (outcome.code === 'RATE_LIMITED')
    return { status: 'rate-limited', ...input, message: SMS_RATE_LIMITED_MESSAGE };
  return { status: 'failed', ...input, message: SMS_FAILED_MESSAGE };
}
