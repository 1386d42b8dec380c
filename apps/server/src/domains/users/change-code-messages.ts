import { ONE_TIME_CODE_TTL_SECONDS } from '@plaza/core/one-time-code';
import type { MailMessage } from '../../platform/mail/mail.ts';

const MINUTES = ONE_TIME_CODE_TTL_SECONDS / 60;

export type ChangeCodeTopic = 'email' | 'phone' | 'privacy';

const WHAT: Record<ChangeCodeTopic, string> = {
  email: 'confirm your new e-mail address on Plaza',
  phone: 'confirm your new phone number on Plaza',
  privacy: 'confirm the change to your Plaza profile’s privacy',
};

export function changeCodeMail(to: string, topic: ChangeCodeTopic, code: string): MailMessage {
  return {
    to,
    subject: topic === 'email' ? 'Confirm your new e-mail address' : 'Confirm your Plaza profile change',
    text:
      `Your code to ${WHAT[topic]} is ${code}\n\n` +
      `It works once, for ${MINUTES} minutes. If you did not ask for this, ignore this e-mail.\n`,
  };
}

export function changeCodeText(topic: ChangeCodeTopic, code: string): string {
  return `${code} is your code to ${WHAT[topic]}. It works once, for ${MINUTES} minutes.`;
}
