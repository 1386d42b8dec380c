import { and, eq } from 'drizzle-orm';
import { organizationAccounts, type ProfileChangePurpose } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput, plazaError } from '../../graphql/errors.ts';
import { parseEmail } from '../users/contact-inputs.ts';
import { consumeChangeCode } from '../users/consume-change-code.ts';
import type { UserRow } from '../users/find-user.ts';
import { issueChangeCode } from '../users/issue-change-code.ts';
import { addOrganizationAccount, assertAddressFree } from './add-organization-account.ts';
import { organizationCodeMail } from './organization-code-mail.ts';
import {
  forgetMemberships,
  type OrganizationAccountRow,
  type OrganizationRow,
} from './organization-loaders.ts';
import { organizationOfAddress } from './organization-of-address.ts';

const PURPOSE: ProfileChangePurpose = 'organization';

/** What joinOrganization did: joined at once, or sent a code to the address. */
export interface OrganizationJoin {
  organization: OrganizationRow;
  email: string;
  codeSent: boolean;
  /** The new account when the address was already proven (the person signs in with it). */
  account: OrganizationAccountRow | null;
}

async function organizationToJoin(context: RequestContext, user: UserRow, email: string) {
  const organization = await organizationOfAddress(context.store.db, email);
  if (!organization) {
    throw badUserInput(
      'email',
      `No organization on Plaza verifies addresses at ${email.slice(email.lastIndexOf('@') + 1)}.`,
    );
  }
  const [member] = await context.store.db
    .select({ id: organizationAccounts.id })
    .from(organizationAccounts)
    .where(
      and(eq(organizationAccounts.organizationId, organization.id), eq(organizationAccounts.userId, user.id)),
    );
  if (member) throw plazaError('CONFLICT', `You are already in ${organization.name}.`);
  await assertAddressFree(context.store.db, email, user.id);
  return organization;
}

/**
 * Starts joining the organization of a work or school address (decision 0019). The address the
 * person signs in with is already proven, so it joins at once; any other gets a six-digit code,
 * which verifyOrganizationEmail takes.
 */
export async function joinOrganization(
  context: RequestContext,
  user: UserRow,
  rawEmail: string,
): Promise<OrganizationJoin> {
  const email = parseEmail(rawEmail);
  const organization = await organizationToJoin(context, user, email);
  if (user.emailVerified && user.email?.toLowerCase() === email) {
    const account = await addOrganizationAccount(context.store.db, { organization, userId: user.id, email });
    forgetMemberships(context, user.id, organization.id);
    return { organization, email, codeSent: false, account };
  }
  const code = await issueChangeCode(context, {
    userId: user.id,
    purpose: PURPOSE,
    destination: { kind: 'email', address: email },
    target: email,
    payload: { organizationId: organization.id },
  });
  await context.mail.send(organizationCodeMail(email, organization.name, code));
  return { organization, email, codeSent: true, account: null };
}

/** Finishes joinOrganization with the code sent to the address. */
export async function verifyOrganizationEmail(
  context: RequestContext,
  user: UserRow,
  rawEmail: string,
  code: string,
): Promise<OrganizationAccountRow> {
  const email = parseEmail(rawEmail);
  const change = await consumeChangeCode(context, { userId: user.id, purpose: PURPOSE, code, target: email });
  // The operator may have moved the domain while the code travelled.
  const organization = await organizationOfAddress(context.store.db, email);
  if (!organization || organization.id !== change.payload.organizationId) {
    throw badUserInput('email', 'This address no longer belongs to the organization. Ask for a new code.');
  }
  const account = await addOrganizationAccount(context.store.db, { organization, userId: user.id, email });
  forgetMemberships(context, user.id, organization.id);
  return account;
}
