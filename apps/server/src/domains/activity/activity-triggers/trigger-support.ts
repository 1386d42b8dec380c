import { sql } from 'drizzle-orm';
import { BOT_USER_ID } from '@plaza/core/constants';
import { fullName } from '@plaza/core/profile';
import type { Database } from '../../../db/client.ts';
import { DELETED_USER_KEY } from '../../../db/schema/index.ts';
import type { Platform } from '../../../graphql/context.ts';
import { FRIEND_PAIRS, rows } from '../../social/social-sql.ts';
import { publishActivityChange } from '../record-activity.ts';
import { idArray } from '../../../db/id-array.ts';

/**
 * What the domains share when they tell people what happened (decision 0014, issue 8): names,
 * paths of the web pages activities open, and the bounds of every fan-out. The domains call the
 * triggers after their change is committed; a trigger never throws into the mutation.
 */

export type TriggerPlatform = Pick<Platform, 'store' | 'bus' | 'logger'>;

/** Fan-out bounds, so one action never writes an unbounded number of rows inline. */
export const FANOUT = {
  /** People told of a plan's change or cancellation (going and interested). */
  planAudience: 1000,
  /** Friends looked at for one suggestion (a friend joined a group, is going to a plan). */
  friends: 200,
  /** Members told of a new poll in a group or plan chat. */
  pollAudience: 200,
  /** Earlier repliers told of a new reply in a thread (the root's author always is). */
  threadRepliers: 50,
  /** Mentions honoured in one message. */
  mentions: 20,
  /** Friends named in a group or plan suggestion. */
  suggestionFriends: 5,
} as const;

/**
 * Runs a trigger after the change it tells of was committed: a failure is logged and swallowed,
 * so an activity that cannot be recorded never fails the person's mutation.
 */
export async function afterCommit(
  platform: TriggerPlatform,
  what: string,
  trigger: () => Promise<void>,
): Promise<void> {
  try {
    await trigger();
  } catch (error) {
    platform.logger.error({ err: error, trigger: what }, 'activity trigger failed');
  }
}

export interface NamedUser {
  id: number;
  username: string;
  first: string;
  last: string;
}

export function nameOf(user: Pick<NamedUser, 'first' | 'last' | 'username'>): string {
  return fullName(user.first, user.last, user.username);
}

export async function loadNamedUser(db: Database, id: number): Promise<NamedUser | null> {
  const [user] = await rows<NamedUser>(db, sql`SELECT id, username, first, last FROM users WHERE id = ${id}`);
  return user ? { ...user, id: Number(user.id) } : null;
}

/** Of `ids`, the real people who can hear of something: onboarded, not the bot or the deleted-account placeholder. */
export async function realPeople(db: Database, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM users WHERE id = ANY(${idArray(unique)}) AND onboarded_at IS NOT NULL
        AND id <> ${BOT_USER_ID} AND key <> ${DELETED_USER_KEY}`,
  );
  const real = new Set(found.map((row) => Number(row.id)));
  return unique.filter((id) => real.has(id));
}

/** The person's friends (mutual follows), the most recent friendships first, at most `limit`. */
export async function friendsOf(db: Database, userId: number, limit: number): Promise<number[]> {
  const found = await rows<{ friend: number }>(
    db,
    sql`SELECT fp.friend FROM ${FRIEND_PAIRS} fp
        JOIN follows f ON f.user_id = fp.person AND f.target_id = fp.friend
        WHERE fp.person = ${userId} ORDER BY f.created_at DESC, fp.friend LIMIT ${limit}`,
  );
  return found.map((row) => Number(row.friend));
}

/** Of `receiverIds`, those who already have an activity with this collapse key (read or not). */
export async function alreadyTold(
  db: Database,
  receiverIds: readonly number[],
  collapseKey: string,
): Promise<Set<number>> {
  if (receiverIds.length === 0) return new Set();
  const found = await rows<{ receiver_id: number }>(
    db,
    sql`SELECT receiver_id FROM activities WHERE receiver_id = ANY(${idArray(receiverIds)})
        AND collapse_key = ${collapseKey}`,
  );
  return new Set(found.map((row) => Number(row.receiver_id)));
}

/**
 * Takes back what an activity announced when the thing it asked for is gone or answered:
 * `delete` removes the row (a withdrawn request never reached anyone), `read` keeps it in the feed
 * but out of the badge (a request someone answered). Badges are woken for those whose unread
 * count changed.
 */
export async function settleActivities(
  platform: TriggerPlatform,
  receiverIds: readonly number[],
  collapseKey: string,
  mode: 'delete' | 'read',
): Promise<void> {
  if (receiverIds.length === 0) return;
  const db = platform.store.db;
  const changed =
    mode === 'delete'
      ? await rows<{ receiver_id: number; was_unread: boolean }>(
          db,
          sql`DELETE FROM activities WHERE receiver_id = ANY(${idArray(receiverIds)})
              AND collapse_key = ${collapseKey}
              RETURNING receiver_id, (read_at IS NULL AND in_app) AS was_unread`,
        )
      : await rows<{ receiver_id: number; was_unread: boolean }>(
          db,
          sql`UPDATE activities SET read_at = now() WHERE receiver_id = ANY(${idArray(receiverIds)})
              AND collapse_key = ${collapseKey} AND read_at IS NULL
              RETURNING receiver_id, in_app AS was_unread`,
        );
  const woken = new Set(changed.filter((row) => row.was_unread).map((row) => Number(row.receiver_id)));
  for (const receiverId of woken) await publishActivityChange(platform, receiverId);
}

// Paths of the web pages (apps/web/app/routes.ts) an activity opens, written as the web writes them.

/** The activity feed itself, for an activity whose thing is gone (a deleted plan outside a group). */
export const ACTIVITY_FEED_PATH = '/profile/activity';

/** /<username>: the public profile. */
export function profilePath(user: { username: string }): string {
  return `/${encodeURIComponent(user.username)}`;
}

/** The friends page; its requests list shows on every tab, `tab` opens one of its lists. */
export function friendsPath(tab?: 'followers'): string {
  return tab ? `/profile/friends?tab=${tab}` : '/profile/friends';
}

/** /group/<slug>/<key>, with ?tab=requests for the join requests. */
export function groupPath(group: { slug: string; key: string }, tab?: 'requests'): string {
  const path = `/group/${encodeURIComponent(group.slug || 'group')}/${encodeURIComponent(group.key)}`;
  return tab ? `${path}?tab=${tab}` : path;
}

/** /<slug>/<key>, with ?occurrence= for one occurrence of a repeating plan. */
export function planPath(plan: { slug: string; key: string }, occurrence?: string | null): string {
  const path = `/${encodeURIComponent(plan.slug || 'plan')}/${encodeURIComponent(plan.key)}`;
  return occurrence ? `${path}?occurrence=${encodeURIComponent(occurrence)}` : path;
}

/** /chat/<type>/<key>, a side view of it (/thread?m=<root key>, /poll). */
export function chatPath(chat: { type: string; key: string }, view?: { thread: string } | 'poll'): string {
  const path = `/chat/${chat.type}/${encodeURIComponent(chat.key)}`;
  if (!view) return path;
  if (view === 'poll') return `${path}/poll`;
  return `${path}/thread?m=${encodeURIComponent(view.thread)}`;
}

/** "Sat, Jul 10" in the plan's zone: which occurrence of a repeating plan an activity is about. */
export function occurrenceLabel(start: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  }).format(start);
}

/** "1 other" / "3 others". */
export function others(count: number): string {
  return `${count} ${count === 1 ? 'other' : 'others'}`;
}
