import { and, desc, eq, sql } from 'drizzle-orm';
import { isReportModelType, type ReportModelType, type ReportStatus } from '@plaza/core/moderation';
import type { Database } from '../../db/client.ts';
import { reports } from '../../db/schema/index.ts';
import { badUserInput } from '../../graphql/errors.ts';
import { decodeMarker, encodeMarker } from '../social/list-people.ts';
import { rows } from '../social/social-sql.ts';
import { loadModeratedContent, type ModeratedContent } from './moderated-content.ts';
import type { ReportRow } from './report-model.ts';

export const QUEUE_PAGE_SIZE = 20;
/** The reports shown with each item: the newest; the count says how many there are in all. */
export const REPORTS_PER_ITEM = 20;

/** The reports of one piece of content in one status, gathered: one line of the moderation queue. */
export interface ModerationItem {
  type: ReportModelType;
  contentId: number;
  status: ReportStatus;
  reportCount: number;
  /** Each reason given, with how many reports gave it, the most given first. */
  reasons: Array<{ reasonId: number; count: number }>;
  firstReportedAt: Date;
  lastReportedAt: Date;
  /** Null when the content is gone (deleted since). */
  content: ModeratedContent | null;
  reports: ReportRow[];
}

export interface ModerationQueuePage {
  items: ModerationItem[];
  nextMarker: string | null;
}

interface GroupRow {
  type: string;
  content_id: number;
  report_count: number;
  first_at: Date | string;
  last_at: Date | string;
}

/**
 * moderationQueue: the reported content with reports in `status`, the most recently reported
 * first, each with its reports, reasons and a preview of the content as it is now.
 */
export async function listModerationQueue(
  db: Database,
  status: ReportStatus,
  marker: string | null | undefined,
): Promise<ModerationQueuePage> {
  const list = `queue:${status}`;
  const offset = marker ? decodeMarker(marker) : { list, offset: 0 };
  if (offset.list !== list) throw badUserInput('marker', 'This paging marker belongs to another list.');
  const groups = await rows<GroupRow>(
    db,
    sql`SELECT type, content_id, count(*)::int AS report_count, min(created_at) AS first_at,
          max(updated_at) AS last_at
        FROM reports WHERE status = ${status}
        GROUP BY type, content_id
        ORDER BY last_at DESC, type, content_id
        LIMIT ${QUEUE_PAGE_SIZE + 1} OFFSET ${offset.offset}`,
  );
  const page = groups.slice(0, QUEUE_PAGE_SIZE).filter((g) => isReportModelType(g.type));
  const items = await Promise.all(
    page.map(async (group): Promise<ModerationItem> => {
      const type = group.type as ReportModelType;
      const [contents, reasons, reportRows] = await Promise.all([
        loadModeratedContent(db, type, [group.content_id]),
        rows<{ reason_id: number; n: number }>(
          db,
          sql`SELECT reason_id, count(*)::int AS n FROM reports
              WHERE type = ${type} AND content_id = ${group.content_id} AND status = ${status}
              GROUP BY reason_id ORDER BY n DESC, reason_id`,
        ),
        db
          .select()
          .from(reports)
          .where(
            and(eq(reports.type, type), eq(reports.contentId, group.content_id), eq(reports.status, status)),
          )
          .orderBy(desc(reports.updatedAt), desc(reports.id))
          .limit(REPORTS_PER_ITEM),
      ]);
      return {
        type,
        contentId: group.content_id,
        status,
        reportCount: group.report_count,
        reasons: reasons.map((r) => ({ reasonId: r.reason_id, count: r.n })),
        firstReportedAt: new Date(group.first_at),
        lastReportedAt: new Date(group.last_at),
        content: contents.get(group.content_id) ?? null,
        reports: reportRows,
      };
    }),
  );
  return {
    items,
    nextMarker: groups.length > QUEUE_PAGE_SIZE ? encodeMarker(list, offset.offset + QUEUE_PAGE_SIZE) : null,
  };
}
