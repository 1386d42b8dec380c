import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput } from '../../graphql/errors.ts';
import { changeCodeMail, changeCodeText } from './change-code-messages.ts';
import type { UserRow } from './find-user.ts';
import { issueChangeCode } from './issue-change-code.ts';

export interface PrivacyInput {
  isPublic: boolean;
}

export interface PrivacyChallenge {
  channel: 'EMAIL' | 'PHONE';
  /** Where the code went, partly hidden ("a•••@example.org", "+1 •••• 71"). */
  sentTo: string;
}

/** What a privacy code confirms; a code given with another change counts as a wrong try. */
export function privacyChangeTarget(input: PrivacyInput): string {
  return `isPublic:${input.isPublic}`;
}

function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

function maskPhone(phone: string): string {
  return `${phone.slice(0, 2)} •••• ${phone.slice(-2)}`;
}

/**
 * Spec 4: changes to a private profile are confirmed with a numeric code. The code goes to the
 * person's own verified e-mail address, else their phone; confirmProfilePrivate applies the change.
 */
export async function requestPrivacyChange(
  context: RequestContext,
  user: UserRow,
  input: PrivacyInput,
): Promise<PrivacyChallenge> {
  const destination =
    user.email && user.emailVerified
      ? ({ kind: 'email', address: user.email } as const)
      : user.phone && user.phoneVerified
        ? ({ kind: 'phone', address: user.phone } as const)
        : null;
  if (!destination)
    throw badUserInput('user', 'Add an e-mail address or phone number to your profile first.');
  const code = await issueChangeCode(context, {
    userId: user.id,
    purpose: 'privacy',
    destination,
    target: privacyChangeTarget(input),
    payload: { isPublic: input.isPublic, sentTo: destination.kind },
  });
  if (destination.kind === 'email') {
    await context.mail.send(changeCodeMail(destination.address, 'privacy', code));
    return { channel: 'EMAIL', sentTo: maskEmail(destination.address) };
  }
  await context.sms.send({ to: destination.address, text: changeCodeText('privacy', code) });
  return { channel: 'PHONE', sentTo: maskPhone(destination.address) };
}
