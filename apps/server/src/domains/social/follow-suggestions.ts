import { sql } from 'drizzle-orm';
import { BOT_USER_ID } from '@plaza/core/constants';
import type { Database } from '../../db/client.ts';
import { DELETED_USER_KEY, users } from '../../db/schema/index.ts';
import type { UserRow } from '../users/find-user.ts';
import { isVerifiedUser, sharesOrganizationWith } from '../organizations/organization-sql.ts';
import { plansCreatedOrAnswered } from '../plans/person-plans-sql.ts';
import { FRIEND_PAIRS, blockedBetween, friendPairsOfAny, rows } from './social-sql.ts';

/**
 * Suggestion sources of spec 7.2: people of the viewer's organizations, verified people (by the
 * site or by an organization, decision 0019), and everyone else. Several sources add up.
 */
export const SUGGESTION_SOURCES = ['ORGANIZATION_USERS', 'VERIFIED_USERS', 'REGULAR_USERS'] as const;
export type SuggestionSource = (typeof SUGGESTION_SOURCES)[number];

export interface FollowSuggestion {
  user: UserRow;
  suggestedReason: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * People the viewer might follow, ranked by mutual friends, then a shared organization, then shared
 * groups, then shared plans (a person who follows the viewer comes first among equals). Never the viewer, the bot, anyone a
 * block separates from the viewer, or anyone the viewer already follows or asked to follow.
 */
export async function listFollowSuggestions(
  db: Database,
  viewerId: number,
  sources: readonly SuggestionSource[],
  limit: number,
): Promise<FollowSuggestion[]> {
  const isVerified = isVerifiedUser(sql`u.id`, sql`u.is_verified`);
  const sourceFilters = [
    ...(sources.includes('ORGANIZATION_USERS') ? [sharesOrganizationWith(viewerId, sql`u.id`)] : []),
    ...(sources.includes('VERIFIED_USERS') ? [isVerified] : []),
    ...(sources.includes('REGULAR_USERS') ? [sql`NOT ${isVerified}`] : []),
  ];
  if (sourceFilters.length === 0) return [];
  const sourceFilter = sql`(${sql.join(sourceFilters, sql` OR `)})`;
  // Who the viewer may be suggested at all (the viewer, the bot, the deleted placeholder, people
  // not onboarded, followed or asked, or a block apart are never).
  const suggestable = sql`u.id <> ${viewerId} AND u.id <> ${BOT_USER_ID} AND u.key <> ${DELETED_USER_KEY}
      AND u.onboarded_at IS NOT NULL AND ${sourceFilter}
      AND NOT EXISTS (SELECT 1 FROM follows t WHERE t.user_id = ${viewerId} AND t.target_id = u.id)
      AND NOT ${blockedBetween(viewerId, sql`u.id`)}`;
  const scored = await rows<{
    id: number;
    mutual: number | string;
    groups: number | string;
    plans: number | string;
    follows_me: boolean;
    verified: boolean;
    in_my_organization: boolean;
    organization_name: string | null;
    group_title: string | null;
    plan_title: string | null;
  }>(
    db,
    // Ranked: the people with a reason (a friend of a friend, someone of the viewer's organizations,
    // groups or plans, or who follows them), which the order puts before everyone else, each count
    // made once for all (GROUP BY) rather than per person; and of everyone else only those who
    // could come next (verified first, then the newest: organization accounts verify, plus the
    // `limit` newest verified and the `limit` newest of all). Mutual friends lead the order: once
    // `limit` people have some (`cut`), only those with at least as many as the last of them can be
    // on the page, and nobody else is read. The reasons' names are read for the page alone. Scoring
    // every person took 18.5 s a request on a world of 100,000 (bench:seed).
    sql`WITH mine AS (SELECT friend FROM ${FRIEND_PAIRS} fp WHERE fp.person = ${viewerId}),
         my_groups AS (SELECT group_id FROM group_members WHERE user_id = ${viewerId} AND status = 'member'),
         my_plans(plan_id) AS ${plansCreatedOrAnswered(viewerId, sql`r.response IN ('ATTENDING', 'INTERESTED')`)},
         mutual AS (SELECT fof.friend AS id, count(*) AS n
                    FROM ${friendPairsOfAny(sql`ARRAY(SELECT friend FROM mine)`)} fof GROUP BY fof.friend),
         shared_groups AS (SELECT gm.user_id AS id, count(*) AS n FROM group_members gm
                           WHERE gm.status = 'member' AND gm.group_id IN (SELECT group_id FROM my_groups)
                           GROUP BY gm.user_id),
         shared_plans AS (SELECT pr.user_id AS id, count(*) AS n FROM plan_responses pr
                          WHERE pr.response IN ('ATTENDING', 'INTERESTED') AND pr.plan_id IN (SELECT plan_id FROM my_plans)
                          GROUP BY pr.user_id),
         followers AS (SELECT fm.user_id AS id FROM follows fm WHERE fm.target_id = ${viewerId} AND fm.status = 'FOLLOWING'),
         colleagues AS (SELECT theirs.user_id AS id FROM organization_accounts theirs
                        JOIN organization_accounts ours ON ours.organization_id = theirs.organization_id
                          AND ours.user_id = ${viewerId}),
         most_mutual AS (SELECT m.n FROM (SELECT id, n FROM mutual ORDER BY n DESC) m
                         WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = m.id AND ${suggestable})
                         LIMIT ${limit}),
         cut AS (SELECT min(n) AS n, count(*) = ${limit} AS filled FROM most_mutual),
         pool AS (
           SELECT id FROM mutual WHERE n >= coalesce((SELECT n FROM cut), 1)
           UNION SELECT id FROM (
             SELECT id FROM shared_groups UNION SELECT id FROM shared_plans
             UNION SELECT id FROM followers UNION SELECT id FROM colleagues
             UNION SELECT vba.user_id FROM organization_accounts vba
             UNION (SELECT u.id FROM users u WHERE u.is_verified AND ${suggestable}
                    ORDER BY u.created_at DESC, u.id LIMIT ${limit})
             UNION (SELECT u.id FROM users u WHERE ${suggestable} ORDER BY u.created_at DESC, u.id LIMIT ${limit})
           ) others WHERE NOT (SELECT filled FROM cut)),
         ranked AS (
           SELECT u.id, u.created_at, coalesce(m.n, 0) AS mutual, coalesce(g.n, 0) AS groups, coalesce(p.n, 0) AS plans,
             u.id IN (SELECT id FROM followers) AS follows_me, ${isVerified} AS verified,
             u.id IN (SELECT id FROM colleagues) AS in_my_organization
           FROM users u LEFT JOIN mutual m ON m.id = u.id LEFT JOIN shared_groups g ON g.id = u.id
             LEFT JOIN shared_plans p ON p.id = u.id
           WHERE u.id = ANY(ARRAY(SELECT id FROM pool)) AND ${suggestable}
           ORDER BY mutual DESC, in_my_organization DESC, groups DESC, plans DESC, follows_me DESC,
             verified DESC, u.created_at DESC, u.id
           LIMIT ${limit})
    SELECT r.id, r.mutual, r.groups, r.plans, r.follows_me, r.verified, r.in_my_organization,
      (SELECT o.name FROM organization_accounts theirs
         JOIN organization_accounts ours ON ours.organization_id = theirs.organization_id AND ours.user_id = ${viewerId}
         JOIN organizations o ON o.id = theirs.organization_id
         WHERE theirs.user_id = r.id ORDER BY o.name LIMIT 1) AS organization_name,
      (SELECT g.title FROM group_members gm JOIN groups g ON g.id = gm.group_id
         WHERE gm.user_id = r.id AND gm.status = 'member' AND gm.group_id IN (SELECT group_id FROM my_groups)
         ORDER BY g.title LIMIT 1) AS group_title,
      (SELECT p.title FROM plan_responses pr JOIN plans p ON p.id = pr.plan_id
         WHERE pr.user_id = r.id AND pr.response IN ('ATTENDING', 'INTERESTED')
           AND pr.plan_id IN (SELECT plan_id FROM my_plans)
         ORDER BY p.starts_at DESC LIMIT 1) AS plan_title
    FROM ranked r
    ORDER BY r.mutual DESC, r.in_my_organization DESC, r.groups DESC, r.plans DESC, r.follows_me DESC,
      r.verified DESC, r.created_at DESC, r.id`,
  );
  if (scored.length === 0) return [];
  const ids = scored.map((row) => Number(row.id));
  const people = await db
    .select()
    .from(users)
    .where(
      sql`${users.id} IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  const byId = new Map(people.map((person) => [person.id, person]));
  return scored.map((row) => {
    const mutual = Number(row.mutual);
    const reason =
      mutual > 0
        ? plural(mutual, 'mutual friend', 'mutual friends')
        : row.organization_name
          ? `Also at ${row.organization_name}`
          : row.group_title
            ? `Also in ${row.group_title}`
            : row.plan_title
              ? `Going to ${row.plan_title}`
              : row.follows_me
                ? 'Follows you'
                : row.verified
                  ? 'Verified on Plaza'
                  : 'Suggested for you';
    return { user: byId.get(Number(row.id))!, suggestedReason: reason };
  });
}
