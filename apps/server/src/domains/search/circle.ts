import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { FRIEND_PAIRS, rows } from '../social/social-sql.ts';
import { groupList } from './search-groups.ts';
import { personList } from './search-people.ts';
import { planList } from './search-plans.ts';
import { idArray, upcoming } from './search-sql.ts';

/** Ids of one list around a viewer, parted by the list's rule for everyone at the time they were read. */
export interface Ring {
  /** Open to everyone: the shared ranking has them if they match. */
  open: number[];
  /** Not open to everyone, but perhaps to the viewer: checked on every page. */
  closed: number[];
}

/**
 * The rows around a viewer that may rank for them beyond the shared ranking: upcoming plans their
 * friends go to and the upcoming plans, not public, of people they follow; groups their friends are
 * in; people with a friend in common. Candidates only: every page checks them against the rules
 * and the text. Groups and people not open to everyone are left out: search never shows them.
 */
export interface Circle {
  plans: Ring;
  groups: Ring;
  people: Ring;
}

export const NO_CIRCLE: Circle = {
  plans: { open: [], closed: [] },
  groups: { open: [], closed: [] },
  people: { open: [], closed: [] },
};

const numbers = (ids: Array<number | string>) => ids.map(Number);

export async function circleOf(db: Database, viewerId: number, friends: readonly number[]): Promise<Circle> {
  const friendIds = idArray(friends);
  const [row] = await rows<Record<'openPlans' | 'closedPlans' | 'groups' | 'people', Array<number | string>>>(
    db,
    sql`WITH plans_around AS MATERIALIZED (
        SELECT p.id, ${planList.open('p')} AS open FROM plans p
        WHERE p.id IN (SELECT plan_id FROM plan_responses WHERE user_id = ANY(${friendIds})
            AND response IN ('ATTENDING', 'INTERESTED')
          UNION SELECT fp.id FROM follows f JOIN plans fp ON fp.creator_id = f.target_id
            WHERE f.user_id = ${viewerId} AND f.status = 'FOLLOWING' AND (fp.view_mask & 1) = 0)
          AND ${upcoming('p')})
      SELECT
        ARRAY(SELECT id FROM plans_around WHERE open) AS "openPlans",
        ARRAY(SELECT id FROM plans_around WHERE NOT open) AS "closedPlans",
        ARRAY(SELECT g.id FROM groups g WHERE g.id IN (SELECT group_id FROM group_members
          WHERE user_id = ANY(${friendIds}) AND status = 'member') AND ${groupList.open('g')}) AS groups,
        ARRAY(SELECT u.id FROM users u WHERE u.id IN (SELECT fof.friend FROM ${FRIEND_PAIRS} fof
          WHERE fof.person = ANY(${friendIds})) AND u.id <> ${viewerId} AND ${personList.open('u')}) AS people`,
  );
  return {
    plans: { open: numbers(row!.openPlans), closed: numbers(row!.closedPlans) },
    groups: { open: numbers(row!.groups), closed: [] },
    people: { open: numbers(row!.people), closed: [] },
  };
}

/** The viewer's friends (people who follow each other), read afresh for every search. */
export async function friendsOf(db: Database, viewerId: number): Promise<Ring> {
  const found = await rows<{ id: number | string; open: boolean }>(
    db,
    sql`SELECT u.id, ${personList.open('u')} AS open FROM ${FRIEND_PAIRS} fp JOIN users u ON u.id = fp.friend
      WHERE fp.person = ${viewerId}`,
  );
  return {
    open: found.filter((row) => row.open).map((row) => Number(row.id)),
    closed: found.filter((row) => !row.open).map((row) => Number(row.id)),
  };
}
