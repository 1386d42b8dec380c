import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { badUserInput } from '../../graphql/errors.ts';
import type { UserRow } from '../users/find-user.ts';
import { FRIEND_PAIRS, blockedBetween } from './social-sql.ts';

/** The person's lists (spec 3 "User"): friends follow each other; following and followers include friends. */
export type PeopleList =
  'friends' | 'following' | 'followingRequests' | 'followers' | 'followerRequests' | 'blocked';

function membersOf(list: PeopleList, personId: number): SQL {
  switch (list) {
    case 'friends':
      return sql`SELECT friend FROM ${FRIEND_PAIRS} fp WHERE fp.person = ${personId}`;
    case 'following':
      return sql`SELECT target_id FROM follows WHERE user_id = ${personId} AND status = 'FOLLOWING'`;
    case 'followingRequests':
      return sql`SELECT target_id FROM follows WHERE user_id = ${personId} AND status = 'REQUESTED'`;
    case 'followers':
      return sql`SELECT user_id FROM follows WHERE target_id = ${personId} AND status = 'FOLLOWING'`;
    case 'followerRequests':
      return sql`SELECT user_id FROM follows WHERE target_id = ${personId} AND status = 'REQUESTED'`;
    case 'blocked':
      return sql`SELECT target_id FROM follows WHERE user_id = ${personId} AND status = 'BLOCKED'`;
  }
}

export interface PeoplePage {
  users: UserRow[];
  total: number;
  nextMarker: string | null;
}

export const PAGE_SIZE = 20;

/** Opaque paging marker: which list it pages and where the next page starts. */
export function encodeMarker(list: string, offset: number): string {
  return Buffer.from(JSON.stringify({ l: list, o: offset })).toString('base64url');
}

export function decodeMarker(marker: string, field = 'marker'): { list: string; offset: number } {
  try {
    const parsed = JSON.parse(Buffer.from(marker, 'base64url').toString('utf8')) as {
      l?: unknown;
      o?: unknown;
    };
    if (typeof parsed.l === 'string' && Number.isInteger(parsed.o) && (parsed.o as number) >= 0)
      return { list: parsed.l, offset: parsed.o as number };
  } catch {
    // falls through to the error below
  }
  throw badUserInput(field, 'This paging marker is not valid.');
}

/**
 * One page of a person's list, as `viewerId` may see it: never anyone a block separates from the
 * viewer. `sharedWith` keeps only people also in that person's friends (mutual friends).
 */
export async function listPeople(
  db: Database,
  input: {
    list: PeopleList;
    personId: number;
    viewerId: number | null;
    offset?: number;
    limit?: number;
    sharedWith?: number | null;
  },
): Promise<PeoplePage> {
  const offset = input.offset ?? 0;
  const limit = input.limit ?? PAGE_SIZE;
  const where = sql`${users.id} IN (${membersOf(input.list, input.personId)})
    AND ${input.list === 'blocked' ? sql`true` : sql`NOT ${blockedBetween(input.viewerId, sql`${users.id}`)}`}
    ${input.sharedWith != null ? sql`AND ${users.id} IN (${membersOf('friends', input.sharedWith)}) AND ${users.id} <> ${input.sharedWith}` : sql``}`;
  // The page and the list's length in one statement (a window count): both read every person of
  // the list, which for someone with thousands of friends is most of the page's time, and a second
  // statement read them all again. Only a page past the end has no row to carry the count.
  const rows = await db
    .select({ user: users, total: sql<number | string>`count(*) OVER ()` })
    .from(users)
    .where(where)
    .orderBy(sql`lower(${users.first})`, sql`lower(${users.last})`, users.id)
    .limit(limit)
    .offset(offset);
  let total: number;
  if (rows.length > 0) total = Number(rows[0]!.total);
  else if (offset === 0) total = 0;
  else {
    const [counted] = await db
      .select({ n: sql<number>`count(*)` })
      .from(users)
      .where(where);
    total = Number(counted?.n ?? 0);
  }
  const found = rows.map((row) => row.user);
  return {
    users: found,
    total,
    nextMarker: offset + found.length < total ? encodeMarker(input.list, offset + found.length) : null,
  };
}
