import { sql } from 'drizzle-orm';
import { ACTIVITY_UNREAD_COUNT_MAX } from '@plaza/core/constants';
import { ACTIVITY_PAGE_SIZE, type ActivityType } from '@plaza/core/notifications';
import type { Database } from '../../db/client.ts';
import type { Platform } from '../../graphql/context.ts';
import { badUserInput, plazaError } from '../../graphql/errors.ts';
import { blockedBetween, rows } from '../social/social-sql.ts';
import { ACTIVITY_COLUMNS, activityOf, type ActivityPerson, type ActivityRow } from './activity-delivery.ts';
import { publishActivityChange } from './record-activity.ts';
import { idArray } from '../../db/id-array.ts';

export interface ActivityList {
  activities: ActivityRow[];
  /** When the person last opened (cleared) the feed; null if never. */
  lastChecked: Date | null;
  unreadCount: number;
  /** Give it back as `marker` for the next, older page; null at the end. */
  nextMarker: string | null;
}

/** Activities shown in the feed: in-app ones, and none from someone now blocked either way. */
export const visibleActivities = (userId: number) =>
  sql`receiver_id = ${userId} AND in_app AND (creator_id IS NULL OR NOT ${blockedBetween(userId, sql`creator_id`)})`;

/** The feed's unread count, as a subquery: the badge's number, up to ACTIVITY_UNREAD_COUNT_MAX. */
const unreadCount = (userId: number) =>
  sql`(SELECT count(*) FROM (SELECT 1 FROM activities WHERE ${visibleActivities(userId)} AND read_at IS NULL
    LIMIT ${sql.raw(String(ACTIVITY_UNREAD_COUNT_MAX))}) AS unread)`;

export async function unreadCountOf(db: Database, userId: number): Promise<number> {
  const [row] = await rows<{ n: number | string }>(db, sql`SELECT ${unreadCount(userId)} AS n`);
  return Number(row?.n ?? 0);
}

/** The unread count and when the feed was last checked, in one statement (the badge asks both). */
async function feedCountsOf(
  db: Database,
  userId: number,
): Promise<{ unreadCount: number; lastChecked: Date | null }> {
  const [row] = await rows<{ n: number | string; last_checked: string | Date | null }>(
    db,
    sql`SELECT ${unreadCount(userId)} AS n,
      (SELECT last_checked FROM notification_settings WHERE user_id = ${userId}) AS last_checked`,
  );
  return {
    unreadCount: Number(row?.n ?? 0),
    lastChecked: row?.last_checked ? new Date(row.last_checked) : null,
  };
}

function parseMarker(marker: string): { at: Date; id: number } {
  const match = /^(\d{1,15}):(\d{1,10})$/.exec(marker);
  if (!match) throw badUserInput('marker', 'Give back the nextMarker of the previous page.');
  return { at: new Date(Number(match[1])), id: Number(match[2]) };
}

/**
 * The person's feed, newest first (spec 3, decision 0014). `since` (epoch seconds) keeps only
 * activities from then on, for a client that polls; `marker` continues an older page.
 */
export async function listActivities(
  db: Database,
  userId: number,
  options: { since?: number | null; marker?: string | null; limit?: number | null },
  /** False when only the counts are asked for (the web's badge): the page is not read. */
  withItems = true,
): Promise<ActivityList> {
  const limit = Math.min(Math.max(options.limit ?? ACTIVITY_PAGE_SIZE, 1), 100);
  if (options.since != null && (!Number.isInteger(options.since) || options.since < 0))
    throw badUserInput('since', 'Give a time in seconds since 1970, or leave it out.');
  const since =
    options.since != null
      ? sql` AND created_at >= ${new Date(options.since * 1000).toISOString()}::timestamptz`
      : sql``;
  const before = options.marker
    ? (() => {
        const { at, id } = parseMarker(options.marker);
        return sql` AND (created_at, id) < (${at.toISOString()}::timestamptz, ${id})`;
      })()
    : sql``;
  const found = withItems
    ? await rows<Parameters<typeof activityOf>[0]>(
        db,
        sql`SELECT ${ACTIVITY_COLUMNS} FROM activities WHERE ${visibleActivities(userId)}${since}${before}
        ORDER BY created_at DESC, id DESC LIMIT ${limit + 1}`,
      )
    : [];
  const activities = found.slice(0, limit).map(activityOf);
  const last = activities.at(-1);
  const { unreadCount, lastChecked } = await feedCountsOf(db, userId);
  return {
    activities,
    lastChecked,
    unreadCount,
    nextMarker: found.length > limit && last ? `${last.createdAt.getTime()}:${last.id}` : null,
  };
}

/**
 * Marks the person's unread activities of a kind (or ALL) as read and, for ALL, notes the feed as
 * checked now. Answers the unread count left. Their other tabs and devices hear it at once.
 */
export async function clearNotifications(
  platform: Pick<Platform, 'store' | 'bus' | 'logger'>,
  userId: number,
  type: ActivityType | 'ALL',
  now = new Date(),
): Promise<number> {
  const db = platform.store.db;
  const at = now.toISOString();
  const ofType = type === 'ALL' ? sql`` : sql` AND type = ${type}`;
  await db.execute(
    sql`UPDATE activities SET read_at = ${at}::timestamptz
        WHERE receiver_id = ${userId} AND read_at IS NULL${ofType}`,
  );
  if (type === 'ALL') {
    await db.execute(
      sql`INSERT INTO notification_settings (user_id, last_checked) VALUES (${userId}, ${at}::timestamptz)
          ON CONFLICT (user_id) DO UPDATE SET last_checked = excluded.last_checked`,
    );
  }
  await publishActivityChange(platform, userId);
  return unreadCountOf(db, userId);
}

/** Marks one of the person's activities read (opened from the feed or a notification). */
export async function markActivityRead(
  platform: Pick<Platform, 'store' | 'bus' | 'logger'>,
  userId: number,
  activityId: number,
  now = new Date(),
): Promise<number> {
  const db = platform.store.db;
  const [row] = await rows<{ id: number }>(
    db,
    sql`UPDATE activities SET read_at = COALESCE(read_at, ${now.toISOString()}::timestamptz)
        WHERE id = ${activityId} AND receiver_id = ${userId} RETURNING id`,
  );
  if (!row) throw plazaError('NOT_FOUND', 'This activity could not be found.');
  await publishActivityChange(platform, userId);
  return unreadCountOf(db, userId);
}

/** The people named on activities (creator, receiver), in one read; the address is for channels only. */
export async function loadActivityPeople(
  db: Database,
  ids: readonly number[],
): Promise<Map<number, ActivityPerson & { email: string | null; emailVerified: boolean }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const found = await rows<{
    id: number;
    username: string;
    first: string;
    last: string;
    image: string | null;
    email: string | null;
    email_verified: boolean;
  }>(
    db,
    sql`SELECT id, username, first, last, image, email, email_verified FROM users WHERE id = ANY(${idArray(unique)})`,
  );
  return new Map(
    found.map((u) => [
      Number(u.id),
      {
        id: Number(u.id),
        username: u.username,
        first: u.first,
        last: u.last,
        image: u.image,
        email: u.email,
        emailVerified: u.email_verified,
      },
    ]),
  );
}
