import DataLoader from 'dataloader';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { GroupMemberStatus, GroupRole } from '@plaza/core/group-roles';
import { groups, users } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import type { UserRow } from '../users/find-user.ts';
import { queryViewerRow } from '../users/require-viewer-user.ts';
import { rows } from '../social/social-sql.ts';
import { BATCHING, requestScoped, sharedScoped } from '../../graphql/request-scoped.ts';
import { sharedScopeOf } from '../../graphql/subscription-events.ts';
import { idArray, idArrayValue, idsPlaceholder, textArray } from '../../db/id-array.ts';
import { preparedStatement } from '../../db/prepared.ts';
import type { Tie } from '@plaza/core/friendship-transitions';
import { viewerTies } from '../social/viewer-ties.ts';
import { organizationLoaders } from '../organizations/organization-loaders.ts';

export type GroupRow = typeof groups.$inferSelect;

export interface Membership {
  status: GroupMemberStatus;
  role: GroupRole;
  joinedAt: Date;
}

function countLoader(context: RequestContext, query: (ids: SQL) => SQL) {
  return new DataLoader<number, number>(async (ids) => {
    const found = await rows<{ id: number; n: number | string }>(context.store.db, query(idArray(ids)));
    const byId = new Map(found.map((row) => [Number(row.id), Number(row.n)]));
    return ids.map((id) => byId.get(id) ?? 0);
  }, BATCHING);
}

/**
 * People's rows by id: the same for every viewer, so one loader serves every subscriber of a chat
 * event (a message's sender is read once for a group's members, not once each).
 */
const userRows = sharedScoped(({ store }) => usersById(store.db));

/**
 * Viewers' own rows (for their verified e-mail and phone), apart from userRows so that a row read
 * earlier in a request (before a sign-in verified an address) is not the one used: read once per
 * request on first use, and once for all of a chat event's subscribers.
 */
const viewerRows = sharedScoped(({ store }) => usersById(store.db));

/** The loaders' statements, built once per database handle (db/prepared.ts): people by ids. */
const usersByIds = preparedStatement((db) =>
  db
    .select()
    .from(users)
    .where(sql`${users.id} = ANY(${idsPlaceholder('ids')})`)
    .prepare('plaza_users_by_ids'),
);

/**
 * The viewer's ties toward the person of `userId` (both ways) and whether an organization
 * verifies that person: what usersWithTies reads beside each row (and a plan page beside its
 * creator's, find-plan.ts), for primeUserWithTies.
 */
export function tiesColumns(viewer: Placeholder, userId: SQL) {
  return {
    out: sql<Tie | null>`(SELECT f.status FROM follows f WHERE f.user_id = ${viewer} AND f.target_id = ${userId})`,
    in: sql<Tie | null>`(SELECT f.status FROM follows f WHERE f.user_id = ${userId} AND f.target_id = ${viewer})`,
    inOrganization: sql<boolean>`EXISTS (SELECT 1 FROM organization_accounts oa WHERE oa.user_id = ${userId})`,
  };
}

/** People by ids with the viewer's ties toward each, both ways (usersWithTies). */
const usersWithTiesByIds = preparedStatement((db) =>
  db
    // Qualified: Drizzle writes a one-table select's columns bare (`id`), which inside a subquery
    // would name the subquery's own table's column.
    .select({ user: users, ...tiesColumns(sql.placeholder('viewer'), sql.raw('users.id')) })
    .from(users)
    .where(sql`${users.id} = ANY(${idsPlaceholder('ids')})`)
    .prepare('plaza_users_with_ties_by_ids'),
);

/**
 * Whether rows read for `viewerId` may be kept in the request's loaders: the request's own viewer,
 * outside a subscription event (whose rows every subscriber shares).
 */
function primesFor(context: RequestContext, viewerId: number): boolean {
  return sharedScopeOf(context) === context && context.viewer?.id === viewerId;
}

/** A person's row read with tiesColumns, as usersWithTies keeps it. */
export interface UserWithTies {
  user: UserRow;
  out: Tie | null;
  in: Tie | null;
  inOrganization: boolean;
}

/**
 * Keeps a person's row read with the ties of `viewerId` (tiesColumns; the request's viewer, else
 * nothing is kept) where the request's loaders look:
 * the shared rows, the ties, whether an organization verifies them, and the request's `user` loader
 * (a read elsewhere of the same person then costs no statement). Nothing inside a subscription
 * event, where people's rows are shared by every subscriber (as usersWithTies).
 */
export function primeUserWithTies(context: RequestContext, viewerId: number, read: UserWithTies): void {
  if (!primesFor(context, viewerId)) return;
  keepUserWithTies(context, read.user.id, read);
  groupLoaders(context).user.prime(read.user.id, read.user);
}

/**
 * Keeps a person's row read without the viewer's ties where the request's loaders look (the shared
 * rows and the request's `user` loader), as primeUserWithTies does with them: a field that needs
 * the ties then reads them alone (social-loaders.ts `ties`), the row not again. Nothing inside a
 * subscription event, nor for another viewer (as primeUserWithTies).
 */
export function primeUserRow(context: RequestContext, viewerId: number, user: UserRow): void {
  if (!primesFor(context, viewerId)) return;
  userRows(context).prime(user.id, user);
  groupLoaders(context).user.prime(user.id, user);
}

/** What usersWithTies keeps of a person's row, or of none (no row, no ties). */
function keepUserWithTies(context: RequestContext, id: number, read: UserWithTies | undefined): void {
  if (read) {
    userRows(context).prime(id, read.user);
    organizationLoaders(context).inAny.prime(id, read.inOrganization);
  }
  // No row, no ties: a person who does not exist follows no one.
  const ties = viewerTies(context);
  if (!ties.has(id)) ties.set(id, { out: read?.out ?? 'none', in: read?.in ?? 'none' });
}

/** Groups by ids. */
const groupsByIds = preparedStatement((db) =>
  db
    .select()
    .from(groups)
    .where(sql`${groups.id} = ANY(${idsPlaceholder('ids')})`)
    .prepare('plaza_groups_by_ids'),
);

/** Groups by ids with the viewer's row in each one's member table (rowsWithMembership). */
const groupsWithMembershipByIds = preparedStatement((db) =>
  db
    .select({
      group: groups,
      membership: membershipColumn(sql.placeholder('viewer')),
    })
    .from(groups)
    .where(sql`${groups.id} = ANY(${idsPlaceholder('ids')})`)
    .prepare('plaza_groups_with_membership_by_ids'),
);

function usersById(db: RequestContext['store']['db']) {
  return new DataLoader<number, UserRow | null>(async (ids) => {
    const found = await usersByIds(db).execute({ ids: idArrayValue(ids) });
    const byId = new Map(found.map((user) => [user.id, user]));
    return ids.map((id) => byId.get(id) ?? null);
  }, BATCHING);
}

/** Groups' rows by id: the same for every viewer (sharedScoped), like people's rows. */
const groupRows = sharedScoped(
  ({ store }) =>
    new DataLoader<number, GroupRow | null>(async (ids) => {
      const found = await groupsByIds(store.db).execute({ ids: idArrayValue(ids) });
      const byId = new Map(found.map((group) => [group.id, group]));
      return ids.map((id) => byId.get(id) ?? null);
    }, BATCHING),
);

/**
 * Rows of the member table by person and group (`<userId>:<groupId>`): the same whoever asks
 * (sharedScoped), so a chat event's subscribers in a group read theirs in one statement.
 */
const memberships = sharedScoped(
  ({ store }) =>
    new DataLoader<string, Membership | null>(async (keys) => {
      const pairs = keys.map((key) => key.split(':').map(Number) as [number, number]);
      const found = await rows<{
        user_id: number;
        group_id: number;
        status: GroupMemberStatus;
        role: GroupRole;
        joined_at: Date;
      }>(
        store.db,
        sql`SELECT user_id, group_id, status, role, joined_at FROM group_members
            WHERE user_id = ANY(${idArray([...new Set(pairs.map(([user]) => user))])})
              AND group_id = ANY(${idArray([...new Set(pairs.map(([, group]) => group))])})`,
      );
      const byKey = new Map(found.map((row) => [`${Number(row.user_id)}:${Number(row.group_id)}`, row]));
      return keys.map((key) => {
        const row = byKey.get(key);
        return row ? { status: row.status, role: row.role, joinedAt: new Date(row.joined_at) } : null;
      });
    }, BATCHING),
);

/**
 * Whether an invitation by a member waits in a group for an e-mail address or phone number
 * (`<groupId>|<target>`), for every asker alike (sharedScoped).
 */
const contactInvitations = sharedScoped(
  ({ store }) =>
    new DataLoader<string, boolean>(async (keys) => {
      const pairs = keys.map((key) => {
        const bar = key.indexOf('|');
        return [Number(key.slice(0, bar)), key.slice(bar + 1)] as const;
      });
      const found = await rows<{ group_id: number; target: string }>(
        store.db,
        sql`SELECT DISTINCT group_id, target FROM group_invitations WHERE inviter_id IS NOT NULL
            AND group_id = ANY(${idArray([...new Set(pairs.map(([group]) => group))])})
            AND target = ANY(${textArray([...new Set(pairs.map(([, target]) => target))])})`,
      );
      const invited = new Set(found.map((row) => `${Number(row.group_id)}|${row.target}`));
      return keys.map((key) => invited.has(key));
    }, BATCHING),
);

/** The viewer's row in a group's member table, as membershipColumn reads it. */
export interface MembershipJson {
  status: GroupMemberStatus;
  role: GroupRole;
  joined_at: string;
}

/**
 * The viewer's row in the member table of the group `groups` (the table, not aliased), as JSON, or
 * null: what rowsWithMembership reads beside each group (and a chat room beside its group's chat,
 * chat-state.ts), for primeGroupWithMembership.
 */
export function membershipColumn(viewer: Placeholder) {
  return sql<MembershipJson | null>`(SELECT row_to_json(m) FROM (SELECT status, role, joined_at
    FROM group_members WHERE group_id = ${sql.raw('groups.id')} AND user_id = ${viewer}) m)`;
}

/** What rowsWithMembership keeps of a group's row and the viewer's membership of it. */
function keepGroupWithMembership(
  context: RequestContext,
  viewerId: number,
  group: GroupRow,
  membership: MembershipJson | null,
): void {
  groupRows(context).prime(group.id, group);
  memberships(context).prime(
    `${viewerId}:${group.id}`,
    membership && {
      status: membership.status,
      role: membership.role,
      joinedAt: new Date(membership.joined_at),
    },
  );
}

/**
 * Keeps a group's row read with the viewer's membership (membershipColumn) where the request's
 * loaders look, the request's `row` loader among them. Nothing inside a subscription event (as
 * primeUserWithTies).
 */
export function primeGroupWithMembership(
  context: RequestContext,
  viewerId: number,
  group: GroupRow,
  membership: MembershipJson | null,
): void {
  if (!primesFor(context, viewerId)) return;
  keepGroupWithMembership(context, viewerId, group, membership);
  groupLoaders(context).row.prime(group.id, group);
}

/**
 * Groups' rows by id with the viewer's row in each one's member table, in one statement, priming
 * the shared loaders of both (every group shown to a viewer is checked against their membership).
 * Only outside a subscription event: there the rows are shared by every subscriber, and each
 * one's membership is read for all of them at once (memberships).
 */
function rowsWithMembership(context: RequestContext, viewerId: number) {
  return new DataLoader<number, GroupRow | null>(async (ids) => {
    const found = await groupsWithMembershipByIds(context.store.db).execute({
      ids: idArrayValue(ids),
      viewer: viewerId,
    });
    for (const { group, membership } of found) keepGroupWithMembership(context, viewerId, group, membership);
    const byId = new Map(found.map((row) => [row.group.id, row.group]));
    return ids.map((id) => byId.get(id) ?? null);
  }, BATCHING);
}

/**
 * People's rows by id with the viewer's ties toward each (both directions) and whether an
 * organization verifies them, in one statement, priming the shared rows, the request's ties
 * (viewer-ties.ts) and its organization loader: a list of people with their
 * friendship status, or a chat list's direct messages with their access, costs one statement.
 * Only outside a subscription event, as rowsWithMembership.
 */
function usersWithTies(context: RequestContext, viewerId: number) {
  return new DataLoader<number, UserRow | null>(async (ids) => {
    const found = await usersWithTiesByIds(context.store.db).execute({
      ids: idArrayValue(ids),
      viewer: viewerId,
    });
    const byId = new Map(found.map((row) => [row.user.id, row]));
    for (const id of ids) keepUserWithTies(context, id, byId.get(id));
    return ids.map((id) => byId.get(id)?.user ?? null);
  }, BATCHING);
}

function createGroupLoaders(context: RequestContext) {
  const db = context.store.db;
  const viewerId = context.viewer?.id ?? null;
  const inEvent = sharedScopeOf(context) !== context;
  // In a query, the row requireViewerUser read (once per query); else read for the request (or
  // once for all of a chat event's subscribers).
  const viewer = (): Promise<UserRow | null> =>
    viewerId === null
      ? Promise.resolve(null)
      : (queryViewerRow(context) ?? viewerRows(context).load(viewerId));

  /** The viewer's row in each group's member table (any status), or null. */
  const membership = new DataLoader<number, Membership | null>(async (ids) => {
    if (viewerId === null) return ids.map(() => null);
    return memberships(context).loadMany(ids.map((id) => `${viewerId}:${id}`)) as Promise<
      Array<Membership | null | Error>
    >;
  }, BATCHING);

  return {
    viewer,
    /** Groups by id; for a signed-in viewer outside an event with their membership (rowsWithMembership). */
    row: viewerId === null || inEvent ? groupRows(context) : rowsWithMembership(context, viewerId),
    /** People by id; for a signed-in viewer outside an event with their ties (usersWithTies). */
    user: viewerId === null || inEvent ? userRows(context) : usersWithTies(context, viewerId),
    membership,
    /**
     * Whether a member's invitation by e-mail or phone waits for the viewer (a quick join by link
     * is no invitation). Asked only of people who are not members (group-roles.ts: a member's
     * permissions and join outcome never read it), so it is false for a member without reading the
     * viewer's row: a message to a group's chat list then reads no one's row.
     */
    invitedByContact: new DataLoader<number, boolean>(async (ids) => {
      const found = await membership.loadMany(ids);
      const isMember = (index: number) => {
        const row = found[index];
        return !(row instanceof Error) && row?.status === 'member';
      };
      if (ids.every((_, index) => isMember(index))) return ids.map(() => false);
      const me = await viewer();
      const targets = [
        me?.email && me.emailVerified ? me.email.toLowerCase() : null,
        me?.phone && me.phoneVerified ? me.phone : null,
      ].filter((value): value is string => value !== null);
      if (targets.length === 0) return ids.map(() => false);
      const invited = contactInvitations(context);
      return Promise.all(
        ids.map(async (id, index) =>
          isMember(index)
            ? false
            : (await invited.loadMany(targets.map((target) => `${id}|${target}`))).some(
                (answer) => answer === true,
              ),
        ),
      );
    }, BATCHING),
    memberCount: countLoader(
      context,
      // Kept by the database (groups.member_count, migration 0026).
      (ids) => sql`SELECT id, member_count AS n FROM groups WHERE id = ANY(${ids})`,
    ),
    requestCount: countLoader(
      context,
      (ids) => sql`SELECT group_id AS id, count(*) AS n FROM group_members
        WHERE status = 'requested' AND group_id = ANY(${ids}) GROUP BY group_id`,
    ),
    planCount: countLoader(
      context,
      (ids) =>
        sql`SELECT group_id AS id, count(*) AS n FROM plans WHERE group_id = ANY(${ids}) GROUP BY group_id`,
    ),
    /** Friends of the viewer who are members, per group. */
    friendCount: countLoader(context, (ids) =>
      viewerId === null
        ? sql`SELECT 0 AS id, 0 AS n WHERE false`
        : sql`SELECT m.group_id AS id, count(*) AS n FROM group_members m
            JOIN follows a ON a.user_id = ${viewerId} AND a.target_id = m.user_id AND a.status = 'FOLLOWING'
            JOIN follows b ON b.user_id = m.user_id AND b.target_id = ${viewerId} AND b.status = 'FOLLOWING'
            WHERE m.status = 'member' AND m.group_id = ANY(${ids}) GROUP BY m.group_id`,
    ),
    chatKey: new DataLoader<number, string | null>(async (ids) => {
      const found = await rows<{ group_id: number; key: string }>(
        db,
        sql`SELECT group_id, key FROM chats WHERE type = 'g' AND group_id = ANY(${idArray(ids)})`,
      );
      const byId = new Map(found.map((row) => [Number(row.group_id), row.key]));
      return ids.map((id) => byId.get(id) ?? null);
    }, BATCHING),
    hashtag: new DataLoader<string, { id: number; name: string; emoji: string | null } | null>(
      async (names) => {
        const found = await rows<{ id: number; name: string; emoji: string | null }>(
          db,
          sql`SELECT id, name, emoji FROM hashtags
              WHERE lower(name) = ANY(${textArray(names.map((name) => name.toLowerCase()))})`,
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
  // Their shared sources, keyed by person and group.
  groupRows(context).clear(groupId);
  memberships(context).clearAll();
  contactInvitations(context).clearAll();
}
