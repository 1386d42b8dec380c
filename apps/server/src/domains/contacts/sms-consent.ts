import { badUserInput } from '../../graphql/errors.ts';

/**
 * Invitations by text message (decision 0014 "Text messages", issue 8): Plaza texts an invitation
 * only when the inviter opted in (`users.sms_contacts_optin`, the profile page's "Plaza may text my
 * contacts") and the number has not opted out (`sms_opt_outs`). Without the opt-in an invitation
 * naming a number is refused before anything is stored, with this message; a number that opted
 * out (`smsAllowed` of system/sms-opt-outs.ts) is not texted (and, in a list, not counted as invited).
 */
export const SMS_OPT_IN_NEEDED = 'Turn on texting invitations on your profile page to invite by phone.';

/** Refuses (BAD_USER_INPUT on `field`) an invitation by text from someone who has not opted in. */
export function requireSmsOptIn(inviter: { smsContactsOptin: boolean }, field: string): void {
  if (!inviter.smsContactsOptin) throw badUserInput(field, SMS_OPT_IN_NEEDED);
}
