import type { RouterContextProvider } from 'react-router';
import { plazaContext } from '../../context.ts';
import { mutationOutcome } from '../../graphql/mutation-outcome.ts';

export type InviteActionResult =
  | { intent: 'invite' | 'import'; ok: true; message: string }
  | { intent: 'invite' | 'import'; ok: false; message: string };

const INVITE_CONTACT = `mutation InviteContact($email: String, $phone: String) { inviteContact(email: $email, phone: $phone) }`;
const IMPORT_CONTACTS = `mutation ImportContacts($format: ContactFileFormat!, $text: String!) {
  importContacts(format: $format, text: $text) { imported alreadyKnown errors { line message } }
}`;

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

function failure(intent: 'invite' | 'import', code: string | null, message: string): InviteActionResult {
  if (code === 'RATE_LIMITED') return { intent, ok: false, message: 'That is enough invitations for today.' };
  return { intent, ok: false, message };
}

/** Sends one invitation to the address or number the person typed or picked (never to anyone else). */
export async function runInviteAction(
  form: FormData,
  context: Readonly<RouterContextProvider>,
): Promise<InviteActionResult> {
  const to = text(form, 'to');
  if (!to) return { intent: 'invite', ok: false, message: 'Type an e-mail address or a phone number.' };
  const isEmail = to.includes('@');
  const result = await context
    .get(plazaContext)
    .graphql(INVITE_CONTACT, isEmail ? { email: to } : { phone: to });
  const outcome = mutationOutcome(result);
  if (outcome.ok) return { intent: 'invite', ok: true, message: `Invitation sent to ${to}.` };
  return failure('invite', outcome.code, outcome.message);
}

/** Adds the contacts of a chosen vCard or CSV file to the person's address book; sends nothing. */
export async function runImportAction(
  form: FormData,
  context: Readonly<RouterContextProvider>,
): Promise<InviteActionResult> {
  const fileText = form.get('text');
  const name = text(form, 'fileName').toLowerCase();
  if (typeof fileText !== 'string' || !fileText.trim()) {
    return { intent: 'import', ok: false, message: 'Choose a contacts file (.vcf or .csv).' };
  }
  const format = name.endsWith('.csv') ? 'CSV' : 'VCARD';
  const result = await context.get(plazaContext).graphql<{
    importContacts: {
      imported: number;
      alreadyKnown: number;
      errors: Array<{ line: number; message: string }>;
    };
  }>(IMPORT_CONTACTS, { format, text: fileText });
  const outcome = mutationOutcome(result);
  const answer = result.data?.importContacts;
  if (!outcome.ok || !answer)
    return failure(
      'import',
      outcome.ok ? null : outcome.code,
      outcome.ok ? 'Could not read that file.' : outcome.message,
    );
  const skipped = answer.errors.length ? ` ${answer.errors.length} could not be read.` : '';
  return {
    intent: 'import',
    ok: true,
    message: `Added ${answer.imported} ${answer.imported === 1 ? 'contact' : 'contacts'}${answer.alreadyKnown ? ` (${answer.alreadyKnown} already there)` : ''}.${skipped} Nobody was contacted.`,
  };
}
