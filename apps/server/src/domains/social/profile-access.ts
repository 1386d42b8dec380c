import type { FriendshipStatus } from '@plaza/core/friendship';
import type { RequestContext } from '../../graphql/context.ts';
import { plazaError } from '../../graphql/errors.ts';
import type { UserRow } from '../users/find-user.ts';
import { loadStatus } from './social-loaders.ts';

/**
 * Whether the viewer may see more of a person than name, username, photo and badge: their own
 * profile, a public one, or a private one they follow (the owner accepted them).
 */
export async function canSeeProfileDetails(context: RequestContext, user: UserRow): Promise<boolean> {
  const viewerId = context.viewer?.id ?? null;
  if (viewerId === user.id) return true;
  const status: FriendshipStatus = viewerId === null ? '' : await loadStatus(context, user.id);
  if (status === 'BLOCKED') return false;
  return user.isPublic || status === 'FOLLOWING' || status === 'FRIENDS';
}

export async function requireProfileDetails(context: RequestContext, user: UserRow): Promise<void> {
  if (!(await canSeeProfileDetails(context, user)))
    throw plazaError('FORBIDDEN', 'This profile is private. Follow them to see more.');
}
