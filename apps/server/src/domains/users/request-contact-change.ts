import type { RequestContext } from '../../graphql/context.ts';
import { changeCodeMail, changeCodeText } from './change-code-messages.ts';
import { assertContactFree } from './contact-inputs.ts';
import { issueChangeCode } from './issue-change-code.ts';

/**
 * Starts changing a person's e-mail address or phone number: nothing changes yet; a code goes to
 * the new address or number, and verifyEmailChange / verifyPhoneChange applies the change.
 */
export async function requestContactChange(
  context: RequestContext,
  userId: number,
  kind: 'email' | 'phone',
  value: string,
): Promise<void> {
  await assertContactFree(context.store.db, userId, kind, value);
  const code = await issueChangeCode(context, {
    userId,
    purpose: kind,
    destination: { kind, address: value },
    target: value,
  });
  if (kind === 'email') await context.mail.send(changeCodeMail(value, 'email', code));
  else await context.sms.send({ to: value, text: changeCodeText('phone', code) });
}
