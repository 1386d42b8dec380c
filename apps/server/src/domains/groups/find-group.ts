import { eq } from 'drizzle-orm';
import { parseGroupLookup } from '@plaza/core/group-lookup';
import { groups } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput, plazaError } from '../../graphql/errors.ts';
import { viewerIsAdmin } from '../moderation/site-admins.ts';
import { loadGroupAccess, type GroupAccess } from './group-access.ts';
import { groupLoaders } from './group-loaders.ts';

export const groupNotFound = () => plazaError('NOT_FOUND', 'This group could not be found.');

/**
 * A group by id or key (spec 5's lookup rule: a value of 8+ characters that is not a number is a
 * key), with the viewer's access. A private group's existence is private: found by id it exists
 * only for people with a member row (member, requester, invitee) or a contact invitation; its key
 * is the share secret, so a key finds it for anyone. A group blocked from explore exists only for
 * its members; one hidden by a moderator only for its creator and site administrators.
 */
export async function findGroup(
  context: RequestContext,
  by: { id?: string | number | null; key?: string | null },
): Promise<GroupAccess> {
  const lookup = parseGroupLookup(by.key ?? by.id);
  if (!lookup) {
    context.logger.warn({ by }, 'group lookup without an id or key');
    throw badUserInput('id', 'Give the group’s id or key.');
  }
  let groupId: number | null = null;
  if (lookup.type === 'key') {
    const [found] = await context.store.db
      .select({ id: groups.id })
      .from(groups)
      .where(eq(groups.key, lookup.key));
    groupId = found?.id ?? null;
  } else if (/^\d{1,9}$/.test(lookup.id)) {
    groupId = Number(lookup.id);
  }
  const group = groupId === null ? null : await groupLoaders(context).row.load(groupId);
  if (!group) throw groupNotFound();
  const access = await loadGroupAccess(context, group);
  const known = access.membership !== null || access.viewer.invitedByContact === true;
  if (group.exploreStatus === 'BLOCKED' && access.membership?.status !== 'member') throw groupNotFound();
  // Hidden by a moderator (decision 0018): only its creator and site administrators find it.
  if (group.hiddenAt !== null && group.creatorId !== context.viewer?.id && !(await viewerIsAdmin(context)))
    throw groupNotFound();
  if (!known && !group.isPublic && lookup.type !== 'key') throw groupNotFound();
  return access;
}
