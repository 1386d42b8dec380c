import type { Database } from '../../db/client.ts';
import { groupAuditEvents } from '../../db/schema/index.ts';

/** The audit event names of spec 3. */
export const GROUP_AUDIT_ACTIONS = [
  'group.event.send',
  'group.user.add',
  'group.user.approve',
  'group.user.remove',
  'group.update',
  'group.delete',
  'group.role.user.grant',
  'group.role.user.revoke',
] as const;
export type GroupAuditAction = (typeof GROUP_AUDIT_ACTIONS)[number];

/** Records who did what to whom in a group; call it in the same transaction as the change. */
export async function recordGroupAudit(
  db: Database,
  event: {
    groupId: number;
    action: GroupAuditAction;
    actorId: number | null;
    subjectId?: number | null;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(groupAuditEvents).values({
    groupId: event.groupId,
    action: event.action,
    actorId: event.actorId,
    subjectId: event.subjectId ?? null,
    details: event.details ?? {},
  });
}
