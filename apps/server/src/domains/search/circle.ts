import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { FRIEND_PAIRS, rows } from '../social/social-sql.ts';
import { groupList } from './search-groups.ts';
import { personList } from './search-people.ts';
import { planList } from './search-plans.ts';
import { upcoming } from './search-sql.ts';

/** Ids of one list around a viewer, parted by the list's rule for everyone at the time they were read. */
export interface Ring {
  /** Open to everyone: the shared ranking has them if they match. */
  open: number[];
  /** Not open to everyone, but perhaps to the viewer: checked on every page. */
  closed: number[];
}

/**
 * The rows around a viewer that may rank for them beyond the shared ranking: their friends; upcoming
 * plans their friends go to and the upcoming plans, not public, of people they follow; groups their
 * friends are in; people with a friend in common. Candidates and ranking keys only: every page
 * checks the rows against the rules (a private profile against a friendship read afresh) and the
 * text. Groups and people not open to everyone are left out, search never shows them, except
 * friends, whose private profiles their friends find.
 */
export interface Circle {
  friends: Ring;
  plans: Ring;
  groups: Ring;
  people: Ring;
}

export const NO_CIRCLE: Circle = {
  friends: { open: [], closed: [] },
  plans: { open: [], closed: [] },
  groups: { open: [], closed: [] },
  people: { open: [], closed: [] },
};

const numbers = (ids: Array<number | string>) => ids.map(Number);

type CircleRow = Record<
  'openFriends' | 'closedFriends' | 'openPlans' | 'closedPlans' | 'groups' | 'people',
  Array<number | string>
>;

export async function circleOf(db: Database, viewerId: number): Promise<Circle> {
  const friendIds = sql`CAST((SELECT ids FROM friend_ids) AS int[])`;
  const [row] = await rows<CircleRow>(
    db,
    sql`WITH friends AS MATERIALIZED (
        SELECT u.id, ${personList.open('u')} AS open FROM ${FRIEND_PAIRS} fp JOIN users u ON u.id = fp.friend
        WHERE fp.person = ${viewerId}),
      friend_ids AS MATERIALIZED (SELECT ARRAY(SELECT id FROM friends) AS ids),
      plans_around AS MATERIALIZED (
        SELECT p.id, ${planList.open('p')} AS open FROM plans p
        WHERE p.id IN (SELECT plan_id FROM plan_responses WHERE user_id = ANY(${friendIds})
            AND response IN ('ATTENDING', 'INTERESTED')
          UNION SELECT fp.id FROM follows f JOIN plans fp ON fp.creator_id = f.target_id
            WHERE f.user_id = ${viewerId} AND f.status = 'FOLLOWING' AND (fp.view_mask & 1) = 0)
          AND ${upcoming('p')})
      SELECT
        ARRAY(SELECT id FROM friends WHERE open) AS "openFriends",
        ARRAY(SELECT id FROM friends WHERE NOT open) AS "closedFriends",
        ARRAY(SELECT id FROM plans_around WHERE open) AS "openPlans",
        ARRAY(SELECT id FROM plans_around WHERE NOT open) AS "closedPlans",
        ARRAY(SELECT g.id FROM groups g WHERE g.id IN (SELECT group_id FROM group_members
          WHERE user_id = ANY(${friendIds}) AND status = 'member') AND ${groupList.open('g')}) AS groups,
        ARRAY(SELECT u.id FROM users u WHERE u.id IN (SELECT fof.friend FROM ${FRIEND_PAIRS} fof
          WHERE fof.person = ANY(${friendIds})) AND u.id <> ${viewerId} AND ${personList.open('u')}) AS people`,
  );
  return {
    friends: { open: numbers(row!.openFriends), closed: numbers(row!.closedFriends) },
    plans: { open: numbers(row!.openPlans), closed: numbers(row!.closedPlans) },
    groups: { open: numbers(row!.groups), closed: [] },
    people: { open: numbers(row!.people), closed: [] },
  };
}
