import type { RequestContext } from '../../graphql/context.ts';
import { plazaError } from '../../graphql/errors.ts';
import { organizationLoaders, viewerRoleIn, type OrganizationRow } from './organization-loaders.ts';
import { viewerIsAdmin } from '../moderation/site-admins.ts';
import { organizationNotFound } from './find-organization.ts';

/**
 * The organization, when the viewer is one of its admins or a site administrator (decision 0018);
 * NOT_FOUND or FORBIDDEN otherwise.
 */
export async function requireOrganizationAdmin(
  context: RequestContext,
  organizationId: number,
): Promise<OrganizationRow> {
  const organization = await organizationLoaders(context).row.load(organizationId);
  if (!organization) throw organizationNotFound();
  if ((await viewerRoleIn(context, organizationId)) !== 'ADMIN' && !(await viewerIsAdmin(context)))
    throw plazaError('FORBIDDEN', `Only the admins of ${organization.name} can do this.`);
  return organization;
}
