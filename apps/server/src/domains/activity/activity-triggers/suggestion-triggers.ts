import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { FRIEND_PAIRS, PUBLIC_GROUP, PUBLIC_PLAN, blockedBetween, rows } from '../../social/social-sql.ts';
import { recordActivities } from '../record-activity.ts';
import {
  FANOUT,
  afterCommit,
  alreadyTold,
  friendsOf,
  groupPath,
  loadNamedUser,
  nameOf,
  planPath,
  realPeople,
  type TriggerPlatform,
} from './trigger-support.ts';
import { idArray } from '../../../db/id-array.ts';

export const groupSuggestionKey = (groupId: number) => `suggest-group:${groupId}`;
export const planSuggestionKey = (planId: number) => `suggest-plan:${planId}`;

/**
 * For each receiver, up to a few of their friends who are in the thing (`inThing` is SQL over the
 * column `fp.friend`): the faces a suggestion shows.
 */
async function friendsInside(
  db: Database,
  receiverIds: readonly number[],
  inThing: SQL,
): Promise<Map<number, number[]>> {
  const found = await rows<{ person: number; friends: number[] | string }>(
    db,
    sql`SELECT fp.person, (array_agg(fp.friend ORDER BY fp.friend DESC))[1:${sql.raw(String(FANOUT.suggestionFriends))}] AS friends
        FROM ${FRIEND_PAIRS} fp WHERE fp.person = ANY(${idArray(receiverIds)}) AND ${inThing}
        GROUP BY fp.person`,
  );
  const parse = (value: number[] | string): number[] =>
    Array.isArray(value)
      ? value.map(Number)
      : value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
  return new Map(found.map((row) => [Number(row.person), parse(row.friends)]));
}

/**
 * A friend joined a public group: their friends who are not in it (no membership, request or
 * invitation) get a suggestion of the group, once per group. At most FANOUT.friends friends of
 * the joiner are looked at; nobody a block separates from the group's owner.
 */
export async function groupSuggestionActivities(
  platform: TriggerPlatform,
  groupId: number,
  joinerId: number,
): Promise<void> {
  await afterCommit(platform, 'group suggestion', async () => {
    const db = platform.store.db;
    const [group] = await rows<{
      id: number;
      key: string;
      slug: string;
      title: string;
      description: string;
      image: string | null;
      creator_id: number;
    }>(
      db,
      sql`SELECT g.id, g.key, g.slug, g.title, g.description, g.image, g.creator_id FROM groups g
          WHERE g.id = ${groupId} AND ${PUBLIC_GROUP('g')}`,
    );
    if (!group) return;
    const friends = await friendsOf(db, joinerId, FANOUT.friends);
    if (friends.length === 0) return;
    const outside = await rows<{ id: number }>(
      db,
      sql`SELECT u.id FROM users u WHERE u.id = ANY(${idArray(friends)})
          AND NOT EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = ${groupId} AND m.user_id = u.id)
          AND NOT ${blockedBetween(Number(group.creator_id), sql`u.id`)}`,
    );
    const key = groupSuggestionKey(groupId);
    const told = await alreadyTold(
      db,
      outside.map((row) => Number(row.id)),
      key,
    );
    const receivers = await realPeople(
      db,
      outside.map((row) => Number(row.id)).filter((id) => !told.has(id)),
    );
    if (receivers.length === 0) return;
    const joiner = await loadNamedUser(db, joinerId);
    if (!joiner) return;
    const faces = await friendsInside(
      db,
      receivers,
      sql`EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = ${groupId} AND m.user_id = fp.friend
          AND m.status = 'member')`,
    );
    const title = group.title || 'a group';
    await recordActivities(
      platform,
      receivers.map((receiverId) => ({
        receiverId,
        creatorId: joinerId,
        type: 'SUGGESTION' as const,
        action: 'joined',
        model: { type: 'Group' as const, id: groupId },
        to: title,
        href: groupPath(group),
        message: `${nameOf(joiner)} joined ${title}`,
        suggestion: {
          kind: 'GROUP' as const,
          title,
          description: group.description,
          image: group.image,
          userIds: faces.get(receiverId) ?? [joinerId],
        },
        subject: `group:${groupId}`,
        collapseKey: key,
      })),
    );
  });
}

/**
 * A friend is going to a public plan whose occurrence (`plan.endsAt`) has not ended: their friends who have not answered it
 * get a suggestion of it, once per plan. At most FANOUT.friends friends are looked at; nobody a
 * block separates from the plan's creator, and not the creator.
 */
export async function planSuggestionActivities(
  platform: TriggerPlatform,
  plan: { id: number; endsAt: Date },
  occurrence: string,
  goerId: number,
): Promise<void> {
  if (plan.endsAt.getTime() <= Date.now()) return;
  await afterCommit(platform, 'plan suggestion', async () => {
    const db = platform.store.db;
    const [found] = await rows<{
      id: number;
      key: string;
      slug: string;
      title: string;
      description: string;
      image: string | null;
      creator_id: number;
    }>(
      db,
      sql`SELECT p.id, p.key, p.slug, p.title, p.description, p.image, p.creator_id FROM plans p
          WHERE p.id = ${plan.id} AND ${PUBLIC_PLAN('p')}`,
    );
    if (!found) return;
    const friends = await friendsOf(db, goerId, FANOUT.friends);
    if (friends.length === 0) return;
    const creatorId = Number(found.creator_id);
    const unanswered = await rows<{ id: number }>(
      db,
      sql`SELECT u.id FROM users u WHERE u.id = ANY(${idArray(friends)}) AND u.id <> ${creatorId}
          AND NOT EXISTS (SELECT 1 FROM plan_responses r WHERE r.plan_id = ${plan.id} AND r.user_id = u.id
            AND r.response IS NOT NULL)
          AND NOT ${blockedBetween(creatorId, sql`u.id`)}`,
    );
    const key = planSuggestionKey(plan.id);
    const ids = unanswered.map((row) => Number(row.id));
    const told = await alreadyTold(db, ids, key);
    const receivers = await realPeople(
      db,
      ids.filter((id) => !told.has(id)),
    );
    if (receivers.length === 0) return;
    const goer = await loadNamedUser(db, goerId);
    if (!goer) return;
    const faces = await friendsInside(
      db,
      receivers,
      sql`EXISTS (SELECT 1 FROM plan_responses r WHERE r.plan_id = ${plan.id} AND r.user_id = fp.friend
          AND r.occurrence = ${occurrence} AND r.response = 'ATTENDING')`,
    );
    await recordActivities(
      platform,
      receivers.map((receiverId) => ({
        receiverId,
        creatorId: goerId,
        type: 'SUGGESTION' as const,
        action: 'going',
        model: { type: 'Plan' as const, id: plan.id },
        to: found.title,
        href: planPath(found, occurrence),
        message: `${nameOf(goer)} is going to ${found.title}`,
        suggestion: {
          kind: 'PLAN' as const,
          title: found.title,
          description: found.description,
          image: found.image,
          userIds: faces.get(receiverId) ?? [goerId],
        },
        subject: `plan:${plan.id}`,
        collapseKey: key,
      })),
    );
  });
}
