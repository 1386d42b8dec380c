import { desc, eq, lt, and } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { groupAuditEvents } from '../../db/schema/index.ts';
import { badUserInput } from '../../graphql/errors.ts';

export type GroupAuditRow = typeof groupAuditEvents.$inferSelect;

export const AUDIT_PAGE_SIZE = 50;

/** A page of a group's audit, newest first; the marker is the last event id seen. */
export async function listGroupAudit(
  db: Database,
  groupId: number,
  marker?: string | null,
): Promise<{ events: GroupAuditRow[]; nextMarker: string | null }> {
  let before: number | null = null;
  if (marker) {
    const parsed = /^audit:(\d{1,12})$/.exec(Buffer.from(marker, 'base64url').toString('utf8'));
    if (!parsed) throw badUserInput('marker', 'This paging marker is not valid.');
    before = Number(parsed[1]);
  }
  const found = await db
    .select()
    .from(groupAuditEvents)
    .where(
      and(
        eq(groupAuditEvents.groupId, groupId),
        before === null ? undefined : lt(groupAuditEvents.id, before),
      ),
    )
    .orderBy(desc(groupAuditEvents.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const events = found.slice(0, AUDIT_PAGE_SIZE);
  return {
    events,
    nextMarker:
      found.length > AUDIT_PAGE_SIZE ? Buffer.from(`audit:${events.at(-1)!.id}`).toString('base64url') : null,
  };
}
