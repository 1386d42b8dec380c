import { sql } from 'drizzle-orm';
import type { ReportModelType } from '@plaza/core/moderation';
import { fullName } from '@plaza/core/profile';
import type { Database } from '../../db/client.ts';
import { rows } from '../social/social-sql.ts';
import { idArray } from '../../db/id-array.ts';

/**
 * A piece of reportable content as a moderator sees it, whatever its visibility (decision 0018):
 * what to show in the queue and the log, who made it, and its moderation marks.
 */
export interface ModeratedContent {
  type: ReportModelType;
  id: number;
  key: string;
  /** Who made it: the plan's or group's creator, the message's sender, the person themself. */
  authorId: number | null;
  /** A plan's or group's title, a person's full name, a message's first words. */
  title: string;
  /** A plan's or group's description, a person's bio, a message's text. */
  text: string;
  /** The web page of the content; a message has none of its own. */
  path: string | null;
  /** Where a message was written: "Group chat: Hikers", "Plan chat: Picnic", "Direct message". */
  place: string | null;
  hiddenAt: Date | null;
  /** A plan's or group's explore status (spec 4); null for people and messages. */
  exploreStatus: string | null;
  /** When the author's account was suspended; null when it is not. */
  authorSuspendedAt: Date | null;
}

interface Row {
  id: number;
  key: string;
  author_id: number | null;
  title: string;
  text: string;
  path: string | null;
  place: string | null;
  hidden_at: Date | string | null;
  explore_status: string | null;
  author_suspended_at: Date | string | null;
}

const date = (value: Date | string | null) => (value === null ? null : new Date(value));

const QUERIES: Record<ReportModelType, (ids: number[]) => ReturnType<typeof sql>> = {
  EVENT: (ids) => sql`SELECT p.id, p.key, p.creator_id AS author_id, p.title, p.description AS text,
      '/' || p.slug || '/' || p.key AS path, NULL AS place, p.hidden_at, p.explore_status,
      a.suspended_at AS author_suspended_at
    FROM plans p LEFT JOIN users a ON a.id = p.creator_id WHERE p.id = ANY(${idArray(ids)})`,
  GROUP: (ids) => sql`SELECT g.id, g.key, g.creator_id AS author_id, g.title, g.description AS text,
      '/group/' || g.slug || '/' || g.key AS path, NULL AS place, g.hidden_at, g.explore_status,
      a.suspended_at AS author_suspended_at
    FROM groups g LEFT JOIN users a ON a.id = g.creator_id WHERE g.id = ANY(${idArray(ids)})`,
  USER: (ids) => sql`SELECT u.id, u.key, u.id AS author_id, u.first, u.last, u.username, u.bio AS text,
      '/' || u.username AS path, NULL AS place, u.hidden_at, NULL AS explore_status,
      u.suspended_at AS author_suspended_at, '' AS title
    FROM users u WHERE u.id = ANY(${idArray(ids)})`,
  CHAT_MESSAGE: (ids) => sql`SELECT m.id, m.key, m.sender_id AS author_id, left(m.text, 80) AS title, m.text,
      NULL AS path, CASE c.type WHEN 'g' THEN 'Group chat: ' || coalesce(g.title, '')
        WHEN 'p' THEN 'Plan chat: ' || coalesce(p.title, '') ELSE 'Direct message' END AS place,
      m.hidden_at, NULL AS explore_status, a.suspended_at AS author_suspended_at
    FROM messages m JOIN chats c ON c.id = m.chat_id
      LEFT JOIN groups g ON g.id = c.group_id LEFT JOIN plans p ON p.id = c.plan_id
      LEFT JOIN users a ON a.id = m.sender_id
    WHERE m.id = ANY(${idArray(ids)})`,
};

/** Content by type and ids, as moderators see it; ids that name nothing (any more) are missing. */
export async function loadModeratedContent(
  db: Database,
  type: ReportModelType,
  ids: number[],
): Promise<Map<number, ModeratedContent>> {
  const found = new Map<number, ModeratedContent>();
  if (ids.length === 0) return found;
  const list = await rows<Row & { first?: string; last?: string; username?: string }>(db, QUERIES[type](ids));
  for (const row of list) {
    found.set(row.id, {
      type,
      id: row.id,
      key: row.key,
      authorId: row.author_id,
      title: type === 'USER' ? fullName(row.first ?? '', row.last ?? '', row.username ?? '') : row.title,
      text: row.text,
      path: row.path,
      place: row.place,
      hiddenAt: date(row.hidden_at),
      exploreStatus: row.explore_status,
      authorSuspendedAt: date(row.author_suspended_at),
    });
  }
  return found;
}

export async function loadOneModeratedContent(
  db: Database,
  type: ReportModelType,
  id: number,
): Promise<ModeratedContent | null> {
  return (await loadModeratedContent(db, type, [id])).get(id) ?? null;
}
