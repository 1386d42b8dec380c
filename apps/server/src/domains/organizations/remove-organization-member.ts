import { and, eq } from 'drizzle-orm';
import { organizationAccounts } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { plazaError } from '../../graphql/errors.ts';
import { requireOrganizationAdmin } from './organization-admin.ts';
import { forgetMemberships } from './organization-loaders.ts';

/**
 * Ends a person's account with an organization: anyone may leave, and the organization's admins
 * may remove anyone. Plans made visible to the organization stay so.
 */
export async function removeOrganizationMember(
  context: RequestContext,
  organizationId: number,
  userId: number,
): Promise<void> {
  if (context.viewer?.id !== userId) await requireOrganizationAdmin(context, organizationId);
  const removed = await context.store.db
    .delete(organizationAccounts)
    .where(
      and(eq(organizationAccounts.organizationId, organizationId), eq(organizationAccounts.userId, userId)),
    )
    .returning({ id: organizationAccounts.id });
  if (removed.length === 0)
    throw plazaError(
      'NOT_FOUND',
      context.viewer?.id === userId
        ? 'You are not in this organization.'
        : 'This person is not in the organization.',
    );
  forgetMemberships(context, userId, organizationId);
}
