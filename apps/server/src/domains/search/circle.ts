import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { intsOf } from '../../db/id-array.ts';
import { FRIEND_PAIRS, friendPairsOfAny, rows } from '../social/social-sql.ts';
import { groupList } from './search-groups.ts';
import { personList } from './search-people.ts';
import { planList } from './search-plans.ts';
import { FRIEND_IDS, isFriendId, upcoming } from './search-sql.ts';

/**
 * Ids of one list around a viewer, parted by the list's rule for everyone at the time they were
 * read, each with its count of the viewer's friends behind it (`counts`, in the order of `ids`): the
 * friends a person shares with the viewer, the friends inside a group, the friends going to a plan.
 * The counts are ranking keys, as old as the circle (a minute or so): a page reads them from here
 * instead of counting for every candidate.
 */
export interface Ring {
  /** Open to everyone: the shared ranking has them if they match. */
  open: Counted;
  /** Not open to everyone, but perhaps to the viewer: checked on every page. */
  closed: Counted;
}

/** Ids in ascending order and a count for each. */
export interface Counted {
  ids: Int32Array;
  counts: Int32Array;
}

/**
 * The rows around a viewer that may rank for them beyond the shared ranking: their friends; upcoming
 * plans their friends go to and the upcoming plans, not public, of people they follow; groups their
 * friends are in; people with a friend in common. Candidates and ranking keys only: every page
 * checks the rows against the rules (a private profile against a friendship read afresh) and the
 * text. Groups not open to everyone are left out, search never shows them. People with a friend in
 * common are all kept as open without reading their rows (the shared ranking holds only those open
 * to everyone, and a page checks any other: reading 50,000 of them by key took a viewer's circle 73
 * ms); friends are parted, as their friends find their private profiles.
 */
export interface Circle {
  friends: Ring;
  plans: Ring;
  groups: Ring;
  people: Ring;
}

const NONE: Counted = { ids: new Int32Array(0), counts: new Int32Array(0) };
const EMPTY_RING: Ring = { open: NONE, closed: NONE };
export const NO_CIRCLE: Circle = {
  friends: EMPTY_RING,
  plans: EMPTY_RING,
  groups: EMPTY_RING,
  people: EMPTY_RING,
};

/** How many ids a circle holds (what it weighs in the cache of circles). */
export function circleSize(circle: Circle): number {
  const { friends, plans, groups, people } = circle;
  return [friends, plans, groups, people].reduce(
    (sum, ring) => sum + ring.open.ids.length + ring.closed.ids.length,
    0,
  );
}

/** Each list as array_to_string's text (intsOf). */
type CircleRow = Record<
  `${'openFriends' | 'closedFriends' | 'openPlans' | 'closedPlans' | 'groups' | 'people'}${'' | 'N'}`,
  string
>;

const counted = (ids: string, counts: string): Counted => ({ ids: intsOf(ids), counts: intsOf(counts) });

/** `name` (the ids of `rows` where `condition`, ascending) and `nameN` (their counts `n`). */
function idsAndCounts(name: string, rows: SQL, condition: SQL = sql`true`): SQL {
  return sql`array_to_string(ARRAY(SELECT id FROM ${rows} WHERE ${condition} ORDER BY id), ',')
      AS ${sql.identifier(name)},
    array_to_string(ARRAY(SELECT n FROM ${rows} WHERE ${condition} ORDER BY id), ',')
      AS ${sql.identifier(`${name}N`)}`;
}

export async function circleOf(db: Database, viewerId: number): Promise<Circle> {
  const [row] = await rows<CircleRow>(
    db,
    sql`WITH friend_rows AS MATERIALIZED (
        SELECT u.id, ${personList.open('u')} AS open FROM ${FRIEND_PAIRS} fp JOIN users u ON u.id = fp.friend
        WHERE fp.person = ${viewerId}),
      -- withFriends' shape (search-sql.ts), so FRIEND_IDS and isFriendId read it.
      friends AS MATERIALIZED (SELECT ARRAY(SELECT id FROM friend_rows) AS ids),
      mutual AS MATERIALIZED (
        SELECT fof.friend AS id, count(*) AS n,
          bool_or(${isFriendId(sql`fof.friend`)}) AS friend
        FROM ${friendPairsOfAny(FRIEND_IDS)} fof
        WHERE fof.friend <> ${viewerId} GROUP BY fof.friend),
      -- The friends' counts merged by a grouping, not joined: PostgreSQL estimates one row for each
      -- side and would loop over the other (76 friends × 6,000 people, 89 ms).
      friend_counts AS MATERIALIZED (
        SELECT id, bool_or(open) AS open, max(n) AS n FROM (
          SELECT id, open, 0 AS n FROM friend_rows
          UNION ALL SELECT id, NULL, n FROM mutual WHERE friend) f
        GROUP BY id),
      plans_around AS MATERIALIZED (
        SELECT p.id, ${planList.open('p')} AS open, a.n FROM (
          SELECT id, max(n) AS n FROM (
            SELECT plan_id AS id, count(*) AS n FROM plan_responses WHERE user_id = ANY(${FRIEND_IDS})
              AND response IN ('ATTENDING', 'INTERESTED') GROUP BY plan_id
            UNION ALL SELECT fp.id, 0 FROM follows f JOIN plans fp ON fp.creator_id = f.target_id
              WHERE f.user_id = ${viewerId} AND f.status = 'FOLLOWING' AND (fp.view_mask & 1) = 0) ways
          GROUP BY id) a
        JOIN plans p ON p.id = a.id
        WHERE ${upcoming('p')}),
      groups_around AS MATERIALIZED (
        SELECT g.id, k.n FROM (SELECT group_id AS id, count(*) AS n FROM group_members
          WHERE user_id = ANY(${FRIEND_IDS}) AND status = 'member' GROUP BY group_id) k
        JOIN groups g ON g.id = k.id WHERE ${groupList.open('g')})
      SELECT
        ${idsAndCounts('openFriends', sql`friend_counts`, sql`open`)},
        ${idsAndCounts('closedFriends', sql`friend_counts`, sql`NOT open`)},
        ${idsAndCounts('openPlans', sql`plans_around`, sql`open`)},
        ${idsAndCounts('closedPlans', sql`plans_around`, sql`NOT open`)},
        ${idsAndCounts('groups', sql`groups_around`)},
        ${idsAndCounts('people', sql`mutual`)}`,
  );
  const r = row!;
  return {
    friends: {
      open: counted(r.openFriends, r.openFriendsN),
      closed: counted(r.closedFriends, r.closedFriendsN),
    },
    plans: { open: counted(r.openPlans, r.openPlansN), closed: counted(r.closedPlans, r.closedPlansN) },
    groups: { open: counted(r.groups, r.groupsN), closed: NONE },
    people: { open: counted(r.people, r.peopleN), closed: NONE },
  };
}
