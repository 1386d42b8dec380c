import { sql } from 'drizzle-orm';
import { BOT_USER_ID } from '@plaza/core/constants';
import type { Database } from '../../db/client.ts';
import { DELETED_USER_KEY, users } from '../../db/schema/index.ts';
import type { UserRow } from '../users/find-user.ts';
import { isVerifiedUser, sharesOrganizationWith } from '../organizations/organization-sql.ts';
import { FRIEND_PAIRS, blockedBetween, rows } from './social-sql.ts';

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
    sql`WITH mine AS (SELECT friend FROM ${FRIEND_PAIRS} fp WHERE fp.person = ${viewerId}),
         my_groups AS (SELECT group_id FROM group_members WHERE user_id = ${viewerId} AND status = 'member'),
         my_plans AS (SELECT plan_id FROM plan_responses WHERE user_id = ${viewerId}
                        AND response IN ('ATTENDING', 'INTERESTED')
                      UNION SELECT id FROM plans WHERE creator_id = ${viewerId})
    SELECT u.id,
      (SELECT count(*) FROM ${FRIEND_PAIRS} f WHERE f.person = u.id AND f.friend IN (SELECT friend FROM mine)) AS mutual,
      (SELECT count(*) FROM group_members gm WHERE gm.user_id = u.id AND gm.status = 'member'
         AND gm.group_id IN (SELECT group_id FROM my_groups)) AS groups,
      (SELECT count(*) FROM plan_responses pr WHERE pr.user_id = u.id AND pr.response IN ('ATTENDING', 'INTERESTED')
         AND pr.plan_id IN (SELECT plan_id FROM my_plans)) AS plans,
      EXISTS (SELECT 1 FROM follows fm WHERE fm.user_id = u.id AND fm.target_id = ${viewerId}
         AND fm.status = 'FOLLOWING') AS follows_me,
      ${isVerified} AS verified,
      ${sharesOrganizationWith(viewerId, sql`u.id`)} AS in_my_organization,
      (SELECT o.name FROM organization_accounts theirs
         JOIN organization_accounts mine ON mine.organization_id = theirs.organization_id AND mine.user_id = ${viewerId}
         JOIN organizations o ON o.id = theirs.organization_id
         WHERE theirs.user_id = u.id ORDER BY o.name LIMIT 1) AS organization_name,
      (SELECT g.title FROM group_members gm JOIN groups g ON g.id = gm.group_id
         WHERE gm.user_id = u.id AND gm.status = 'member' AND gm.group_id IN (SELECT group_id FROM my_groups)
         ORDER BY g.title LIMIT 1) AS group_title,
      (SELECT p.title FROM plan_responses pr JOIN plans p ON p.id = pr.plan_id
         WHERE pr.user_id = u.id AND pr.response IN ('ATTENDING', 'INTERESTED')
           AND pr.plan_id IN (SELECT plan_id FROM my_plans)
         ORDER BY p.starts_at DESC LIMIT 1) AS plan_title
    FROM users u
    WHERE u.id <> ${viewerId} AND u.id <> ${BOT_USER_ID} AND u.key <> ${DELETED_USER_KEY}
      AND u.onboarded_at IS NOT NULL AND ${sourceFilter}
      AND NOT EXISTS (SELECT 1 FROM follows t WHERE t.user_id = ${viewerId} AND t.target_id = u.id)
      AND NOT ${blockedBetween(viewerId, sql`u.id`)}
    ORDER BY mutual DESC, in_my_organization DESC, groups DESC, plans DESC, follows_me DESC,
      verified DESC, u.created_at DESC, u.id
    LIMIT ${limit}`,
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
