import { ONE_TIME_CODE_TTL_SECONDS } from '@plaza/core/one-time-code';
import type { MailMessage } from '../../platform/mail/mail.ts';

const MINUTES = ONE_TIME_CODE_TTL_SECONDS / 60;

// Codes stay out of subjects: subjects are logged and shown on lock screens.

export function signInCodeMail(to: string, code: string, publicUrl: string): MailMessage {
  return {
    to,
    subject: 'Your Plaza sign-in code',
    text:
      `Your Plaza sign-in code is ${code}\n\n` +
      `It works once, for ${MINUTES} minutes. If you did not ask to sign in, ignore this e-mail: ` +
      `nobody can sign in without the code.\n\n${publicUrl}\n`,
  };
}

export function signInCodeText(code: string): string {
  return `${code} is your Plaza code. It works once, for ${MINUTES} minutes. Never share it.`;
}
