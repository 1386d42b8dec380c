import { ONE_TIME_CODE_TTL_SECONDS } from '@plaza/core/one-time-code';
import type { MailMessage } from '../../platform/mail/mail.ts';

/** The code that proves an address on an organization's domain. */
export function organizationCodeMail(to: string, organizationName: string, code: string): MailMessage {
  return {
    to,
    subject: `Confirm your ${organizationName} address on Plaza`,
    text:
      `Your code to join ${organizationName} on Plaza with this address is ${code}\n\n` +
      `It works once, for ${ONE_TIME_CODE_TTL_SECONDS / 60} minutes. If you did not ask for this, ignore this e-mail.\n`,
  };
}
