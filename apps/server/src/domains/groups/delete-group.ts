import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { groups } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import type { UserRow } from '../users/find-user.ts';
import { requirePermission, type GroupAccess } from './group-access.ts';
import { forgetGroup } from './group-loaders.ts';
import { recordGroupAudit } from './record-group-audit.ts';

/**
 * Deletes a group (the owner only): members, invitations, its chat and messages go with it; its
 * plans stay, no longer in a group. The audit keeps a record of the deletion.
 */
export async function deleteGroup(
  context: RequestContext,
  actor: UserRow,
  access: GroupAccess,
): Promise<void> {
  requirePermission(context, access, 'delete', 'Only the group’s owner can delete it.');
  await context.store.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    await recordGroupAudit(db, {
      groupId: access.group.id,
      action: 'group.delete',
      actorId: actor.id,
      details: { key: access.group.key, title: access.group.title },
    });
    await db.delete(groups).where(eq(groups.id, access.group.id));
  });
  forgetGroup(context, access.group.id);
}
