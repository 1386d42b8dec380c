import { and, eq } from 'drizzle-orm';
import { BOT_USER_ID } from '@plaza/core/constants';
import { DELETED_USER_KEY, organizationAccounts, type OrganizationRole } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { plazaError } from '../../graphql/errors.ts';
import { findUser } from '../users/find-user.ts';
import { addOrganizationAccount } from './add-organization-account.ts';
import { requireOrganizationAdmin } from './organization-admin.ts';
import type { OrganizationMember } from './list-organization-accounts.ts';
import { forgetMemberships } from './organization-loaders.ts';

/**
 * An organization admin adds a person to it, or changes their role (decision 0019). The person
 * needs no address on the organization's domain: the admin vouches for them.
 */
export async function setOrganizationMember(
  context: RequestContext,
  organizationId: number,
  userId: number,
  role: OrganizationRole,
): Promise<OrganizationMember> {
  const organization = await requireOrganizationAdmin(context, organizationId);
  const person = await findUser(context.store.db, userId);
  if (!person || person.id === BOT_USER_ID || person.key === DELETED_USER_KEY || !person.onboardedAt)
    throw plazaError('NOT_FOUND', 'This person could not be found.');
  forgetMemberships(context, userId, organizationId);
  const [changed] = await context.store.db
    .update(organizationAccounts)
    .set({ role })
    .where(
      and(eq(organizationAccounts.organizationId, organizationId), eq(organizationAccounts.userId, userId)),
    )
    .returning();
  if (changed) return { account: changed, user: person };
  const account = await addOrganizationAccount(context.store.db, {
    organization,
    userId,
    email: null,
    role,
    addedById: context.viewer!.id,
  });
  return { account, user: person };
}
