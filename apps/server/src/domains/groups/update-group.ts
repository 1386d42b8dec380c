import { eq, sql } from 'drizzle-orm';
import { slugify } from '@plaza/core/slug';
import type { Database } from '../../db/client.ts';
import { groups } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import type { UserRow } from '../users/find-user.ts';
import { requirePermission, type GroupAccess } from './group-access.ts';
import { checkGroupInput, saveHashtags, type GroupInput } from './group-input.ts';
import { forgetGroup, type GroupRow } from './group-loaders.ts';
import { recordGroupAudit } from './record-group-audit.ts';

/** Changes a group's settings (admins and the owner); the audit names the fields changed. */
export async function updateGroup(
  context: RequestContext,
  actor: UserRow,
  access: GroupAccess,
  input: GroupInput,
): Promise<GroupRow> {
  requirePermission(context, access, 'update', 'Only the group’s admins can change it.');
  const checked = await checkGroupInput(context, actor.id, input, 'update');
  const set = { ...checked.set };
  // BLOCKED is a moderator's decision (decision 0018): the group's admins cannot lift it.
  if (access.group.exploreStatus === 'BLOCKED') delete set.exploreStatus;
  if (set.title !== undefined) set.slug = slugify(set.title, 'group');
  const changed = Object.keys(set).filter((field) => field !== 'slug');
  const updated = await context.store.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    if (checked.hashtags) await saveHashtags(db, checked.hashtags);
    if (changed.length === 0) return access.group;
    const [row] = await db
      .update(groups)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(groups.id, access.group.id))
      .returning();
    await recordGroupAudit(db, {
      groupId: access.group.id,
      action: 'group.update',
      actorId: actor.id,
      details: { fields: changed.sort() },
    });
    return row ?? access.group;
  });
  forgetGroup(context, access.group.id);
  return updated;
}
