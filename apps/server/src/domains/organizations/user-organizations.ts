import type { RequestContext } from '../../graphql/context.ts';
import { isQueryContext } from '../../graphql/query-contexts.ts';
import { canSeeProfileDetails } from '../social/profile-access.ts';
import type { UserRow } from '../users/find-user.ts';
import { organizationLoaders, type Membership } from './organization-loaders.ts';

/**
 * A person's organizations as the viewer may see them: like the bio, shown for their own, public
 * and followed private profiles (the verified badge itself shows to everyone).
 */
export async function visibleMemberships(context: RequestContext, user: UserRow): Promise<Membership[]> {
  if (!(await canSeeProfileDetails(context, user))) return [];
  return organizationLoaders(context).ofUser.load(user.id);
}

/** Spec 3 User.organizationId: the person's primary organization, the one they joined first. */
export async function primaryOrganizationId(context: RequestContext, user: UserRow): Promise<number | null> {
  return (await visibleMemberships(context, user))[0]?.organization.id ?? null;
}

/**
 * Verified by the site, or by belonging to an organization (decision 0019). In a query the viewer's
 * own answer comes with their session (cookie-session.ts); a mutation, which may have changed it,
 * reads it again.
 */
export async function isVerifiedPerson(context: RequestContext, user: UserRow): Promise<boolean> {
  if (user.isVerified) return true;
  const viewer = context.viewer;
  if (viewer?.id === user.id && viewer.inOrganization !== undefined && isQueryContext(context))
    return viewer.inOrganization;
  return organizationLoaders(context).inAny.load(user.id);
}
