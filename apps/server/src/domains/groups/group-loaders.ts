import DataLoader from 'dataloader';
import { sql, type SQL } from 'drizzle-orm';
import type { GroupMemberStatus, GroupRole } from '@plaza/core/group-roles';
import { groups, users } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { findUser, type UserRow } from '../users/find-user.ts';
import { rows } from '../social/social-sql.ts';
import { BATCHING, requestScoped, sharedScoped } from '../../graphql/request-scoped.ts';

export type GroupRow = typeof groups.$inferSelect;

export interface Membership {
  status: GroupMemberStatus;
  role: GroupRole;
  joinedAt: Date;
}

const idList = (ids: readonly number[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

function countLoader(context: RequestContext, query: (ids: SQL) => SQL) {
  return new DataLoader<number, number>(async (ids) => {
    const found = await rows<{ id: number; n: number | string }>(context.store.db, query(idList(ids)));
    const byId = new Map(found.map((row) => [Number(row.id), Number(row.n)]));
    return ids.map((id) => byId.get(id) ?? 0);
  }, BATCHING);
}

/**
 * People's rows by id: the same for every viewer, so one loader serves every subscriber of a chat
 * event (a message's sender is read once for a group's members, not once each).
 */
const userRows = sharedScoped(
  ({ store }) =>
    new DataLoader<number, UserRow | null>(async (ids) => {
      const found = await store.db
        .select()
        .from(users)
        .where(sql`${users.id} IN ${idList(ids)}`);
      const byId = new Map(found.map((user) => [user.id, user]));
      return ids.map((id) => byId.get(id) ?? null);
    }, BATCHING),
);

function createGroupLoaders(context: RequestContext) {
  const db = context.store.db;
  const viewerId = context.viewer?.id ?? null;
  let viewerRow: Promise<UserRow | null> | null = null;
  const viewer = () => (viewerRow ??= viewerId === null ? Promise.resolve(null) : findUser(db, viewerId));

  return {
    viewer,
    row: new DataLoader<number, GroupRow | null>(async (ids) => {
      const found = await db
        .select()
        .from(groups)
        .where(sql`${groups.id} IN ${idList(ids)}`);
      const byId = new Map(found.map((group) => [group.id, group]));
      return ids.map((id) => byId.get(id) ?? null);
    }, BATCHING),
    user: userRows(context),
    /** The viewer's row in each group's member table (any status), or null. */
    membership: new DataLoader<number, Membership | null>(async (ids) => {
      if (viewerId === null) return ids.map(() => null);
      const found = await rows<{
        group_id: number;
        status: GroupMemberStatus;
        role: GroupRole;
        joined_at: Date;
      }>(
        db,
        sql`SELECT group_id, status, role, joined_at FROM group_members
            WHERE user_id = ${viewerId} AND group_id IN ${idList(ids)}`,
      );
      const byId = new Map(found.map((row) => [Number(row.group_id), row]));
      return ids.map((id) => {
        const row = byId.get(id);
        return row ? { status: row.status, role: row.role, joinedAt: new Date(row.joined_at) } : null;
      });
    }, BATCHING),
    /** Whether a member's invitation by e-mail or phone waits for the viewer (a quick join by link is no invitation). */
    invitedByContact: new DataLoader<number, boolean>(async (ids) => {
      const me = await viewer();
      const targets = [
        me?.email && me.emailVerified ? me.email.toLowerCase() : null,
        me?.phone && me.phoneVerified ? me.phone : null,
      ].filter((value): value is string => value !== null);
      if (targets.length === 0) return ids.map(() => false);
      const found = await rows<{ group_id: number }>(
        db,
        sql`SELECT DISTINCT group_id FROM group_invitations WHERE inviter_id IS NOT NULL AND group_id IN ${idList(ids)}
            AND target IN (${sql.join(
              targets.map((target) => sql`${target}`),
              sql`, `,
            )})`,
      );
      const invited = new Set(found.map((row) => Number(row.group_id)));
      return ids.map((id) => invited.has(id));
    }, BATCHING),
    memberCount: countLoader(
      context,
      (ids) => sql`SELECT group_id AS id, count(*) AS n FROM group_members
        WHERE status = 'member' AND group_id IN ${ids} GROUP BY group_id`,
    ),
    requestCount: countLoader(
      context,
      (ids) => sql`SELECT group_id AS id, count(*) AS n FROM group_members
        WHERE status = 'requested' AND group_id IN ${ids} GROUP BY group_id`,
    ),
    planCount: countLoader(
      context,
      (ids) =>
        sql`SELECT group_id AS id, count(*) AS n FROM plans WHERE group_id IN ${ids} GROUP BY group_id`,
    ),
    /** Friends of the viewer who are members, per group. */
    friendCount: countLoader(context, (ids) =>
      viewerId === null
        ? sql`SELECT 0 AS id, 0 AS n WHERE false`
        : sql`SELECT m.group_id AS id, count(*) AS n FROM group_members m
            JOIN follows a ON a.user_id = ${viewerId} AND a.target_id = m.user_id AND a.status = 'FOLLOWING'
            JOIN follows b ON b.user_id = m.user_id AND b.target_id = ${viewerId} AND b.status = 'FOLLOWING'
            WHERE m.status = 'member' AND m.group_id IN ${ids} GROUP BY m.group_id`,
    ),
    chatKey: new DataLoader<number, string | null>(async (ids) => {
      const found = await rows<{ group_id: number; key: string }>(
        db,
        sql`SELECT group_id, key FROM chats WHERE type = 'g' AND group_id IN ${idList(ids)}`,
      );
      const byId = new Map(found.map((row) => [Number(row.group_id), row.key]));
      return ids.map((id) => byId.get(id) ?? null);
    }, BATCHING),
    hashtag: new DataLoader<string, { id: number; name: string; emoji: string | null } | null>(
      async (names) => {
        const found = await rows<{ id: number; name: string; emoji: string | null }>(
          db,
          sql`SELECT id, name, emoji FROM hashtags WHERE lower(name) IN (${sql.join(
            names.map((name) => sql`${name.toLowerCase()}`),
            sql`, `,
          )})`,
        );
        const byName = new Map(found.map((row) => [row.name.toLowerCase(), { ...row, id: Number(row.id) }]));
        return names.map((name) => byName.get(name.toLowerCase()) ?? null);
      },
      BATCHING,
    ),
  };
}

export type GroupLoaders = ReturnType<typeof createGroupLoaders>;

/** The request's group loaders, made on first use. */
export const groupLoaders: (context: RequestContext) => GroupLoaders = requestScoped(createGroupLoaders);

/** Forgets what the request loaded about a group, after a change made in the same request. */
export function forgetGroup(context: RequestContext, groupId: number): void {
  const loaders = groupLoaders(context);
  for (const loader of [
    loaders.row,
    loaders.membership,
    loaders.memberCount,
    loaders.requestCount,
    loaders.invitedByContact,
  ] as const) {
    loader.clear(groupId);
  }
}
