import { sql } from 'drizzle-orm';
import { MUTUAL_FRIENDS_SHOWN } from '@plaza/core/constants';
import { groupViewerMask, type GroupPermissions } from '@plaza/core/group-roles';
import { users } from '../../db/schema/index.ts';
import { ensureModelChat } from '../chats/chat-access.ts';
import { builder } from '../../graphql/builder.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput } from '../../graphql/errors.ts';
import { PlanRef } from '../plans/plan-type.ts';
import { findVisibleUser } from '../social/find-visible-user.ts';
import { listPeople } from '../social/list-people.ts';
import { FRIEND_PAIRS, blockedBetween } from '../social/social-sql.ts';
import { requireViewerUser } from '../users/require-viewer-user.ts';
import { UserRef } from '../users/schema.ts';
import { createGroup } from './create-group.ts';
import { deleteGroup } from './delete-group.ts';
import { findGroup } from './find-group.ts';
import { GROUPS_IN_COMMON_SHOWN, groupsInCommon } from './groups-in-common.ts';
import { denied, loadGroupAccess, requireGroupContent, requirePermission } from './group-access.ts';
import type { GroupInput } from './group-input.ts';
import { groupLoaders, type GroupRow } from './group-loaders.ts';
import { listGroupPlans, removeGroupPlan, sendGroupPlan } from './group-plans.ts';
import { GroupRef, type GroupCard } from './group-type.ts';
import { groupLink, inviteToGroup } from './invite-to-group.ts';
import { joinGroup } from './join-group.ts';
import { leaveGroup } from './leave-group.ts';
import { listGroupAudit, type GroupAuditRow } from './list-group-audit.ts';
import { listGroupMembers, type GroupMemberEntry, type GroupMemberPage } from './list-group-members.ts';
import {
  listExploreGroups,
  listGroupSuggestions,
  listMyGroups,
  listRelatedGroups,
  type GroupListPage,
} from './list-groups.ts';
import { quickJoinGroup, type QuickJoinResult } from './quick-join-group.ts';
import { removeGroupMember } from './remove-group-member.ts';
import { updateGroup } from './update-group.ts';
import { updateGroupMemberJoinStatus } from './update-group-member-join-status.ts';
import { updateGroupMemberRole } from './update-group-member-role.ts';

/** The whole row behind a card: lists built elsewhere carry only the card's columns. */
async function rowOf(context: RequestContext, group: GroupCard): Promise<GroupRow> {
  if ('viewMask' in group) return group as GroupRow;
  const row = await groupLoaders(context).row.load(group.id);
  if (!row) throw new Error(`group ${group.id} vanished`);
  return row;
}

async function accessTo(context: RequestContext, group: GroupCard) {
  return loadGroupAccess(context, await rowOf(context, group));
}

/** Resolves only for viewers the group's view mask admits (members, plans, chat); others get null. */
async function ifViewable<T>(context: RequestContext, group: GroupCard, value: () => Promise<T>) {
  const access = await accessTo(context, group);
  return access.permissions.view ? value() : null;
}

export const Coordinates = builder
  .objectRef<{ latitude: number; longitude: number }>('Coordinates')
  .implement({
    fields: (t) => ({ latitude: t.exposeFloat('latitude'), longitude: t.exposeFloat('longitude') }),
  });

const GroupLocationRef = builder.objectRef<GroupRow>('GroupLocation').implement({
  fields: (t) => ({
    name: t.exposeString('locationName', { nullable: true }),
    address: t.exposeString('address', { nullable: true }),
    city: t.exposeString('city', { nullable: true }),
    state: t.exposeString('state', { nullable: true }),
    coordinates: t.field({
      type: Coordinates,
      nullable: true,
      resolve: (g) =>
        g.latitude === null || g.longitude === null
          ? null
          : { latitude: g.latitude / 1e6, longitude: g.longitude / 1e6 },
    }),
  }),
});

export const HashtagRef = builder
  .objectRef<{ id: number | null; name: string; emoji: string | null }>('Hashtag')
  .implement({
    fields: (t) => ({
      id: t.exposeInt('id', { nullable: true }),
      name: t.exposeString('name'),
      emoji: t.exposeString('emoji', { nullable: true }),
    }),
  });

const GroupPaymentRef = builder
  .objectRef<{ price: number; recurrence: string | null }>('GroupPayment')
  .implement({
    description: 'The price of membership (decision 0008); recurrence null means paid once.',
    fields: (t) => ({
      price: t.exposeFloat('price'),
      recurrence: t.exposeString('recurrence', { nullable: true }),
    }),
  });

const ContentProviderRef = builder.objectRef<{ name: string }>('ContentProvider').implement({
  fields: (t) => ({ name: t.exposeString('name') }),
});

const GroupTeaserRef = builder.objectRef<GroupRow>('GroupTeaser').implement({
  fields: (t) => ({
    title: t.exposeString('title'),
    image: t.exposeString('image', { nullable: true }),
    contentProvider: t.field({ type: ContentProviderRef, nullable: true, resolve: () => null }),
  }),
});

/** Friends shown on a group card. */
const FRIEND_SAMPLE_SIZE = 3;

const GroupPivotRef = builder.objectRef<GroupRow>('GroupPivot').implement({
  description: 'The group seen from the viewer: their friends inside it.',
  fields: (t) => ({
    friendCount: t.int({
      resolve: (g, _a, context) =>
        ifViewable(context, g, () => groupLoaders(context).friendCount.load(g.id)).then((n) => n ?? 0),
    }),
    friendSample: t.field({
      type: [UserRef],
      resolve: async (g, _a, context) => {
        const viewerId = context.viewer?.id;
        if (viewerId === undefined) return [];
        const friends = await ifViewable(context, g, () =>
          context.store.db
            .select()
            .from(users)
            .where(
              sql`${users.id} IN (SELECT fp.friend FROM ${FRIEND_PAIRS} fp WHERE fp.person = ${viewerId})
                AND ${users.id} IN (SELECT m.user_id FROM group_members m WHERE m.group_id = ${g.id} AND m.status = 'member')
                AND NOT ${blockedBetween(viewerId, sql`${users.id}`)}`,
            )
            .orderBy(users.first, users.id)
            .limit(FRIEND_SAMPLE_SIZE),
        );
        return friends ?? [];
      },
    }),
  }),
});

const GroupAuthorizationRef = builder
  .objectRef<{ accessLevel: number; joinAccessLevel: number }>('GroupAuthorization')
  .implement({
    description:
      'accessLevel: the viewer’s access bits toward the group (spec 4); joinAccessLevel: the bits the group requires to join.',
    fields: (t) => ({
      accessLevel: t.exposeInt('accessLevel'),
      joinAccessLevel: t.exposeInt('joinAccessLevel'),
    }),
  });

const GroupAccessLevelsRef = builder.objectRef<GroupRow>('GroupAccessLevels').implement({
  description: 'The access mask each action requires (spec 3); a viewer passes when the masks share a bit.',
  fields: (t) => ({
    view: t.exposeInt('viewMask'),
    join: t.exposeInt('joinMask'),
    createChatImage: t.exposeInt('createChatImageMask'),
    createChatMessage: t.exposeInt('createChatMessageMask'),
    createChatPoll: t.exposeInt('createChatPollMask'),
    createChatVideo: t.exposeInt('createChatVideoMask'),
    createPlan: t.exposeInt('createPlanMask'),
  }),
});

const PERMISSION_NAMES = [
  'view',
  'join',
  'requestToJoin',
  'leave',
  'invite',
  'createPlan',
  'createChatMessage',
  'createChatImage',
  'createChatPoll',
  'createChatVideo',
  'manageRequests',
  'removeMembers',
  'removePlans',
  'update',
  'manageRoles',
  'readAudit',
  'delete',
  'checkout',
] as const satisfies ReadonlyArray<keyof GroupPermissions>;

const GroupPermissionsRef = builder.objectRef<GroupPermissions>('GroupPermissions').implement({
  description: 'What the viewer may do with the group, computed by the server (decision 0007).',
  fields: (t) =>
    Object.fromEntries(PERMISSION_NAMES.map((name) => [name, t.exposeBoolean(name)])) as Record<
      (typeof PERMISSION_NAMES)[number],
      ReturnType<typeof t.exposeBoolean>
    >,
});

const GroupMemberRef = builder.objectRef<GroupMemberEntry>('GroupMember').implement({
  description: 'A person in a group (spec 3 "User": a group member adds a role and joinDate).',
  fields: (t) => ({
    id: t.int({ resolve: (m) => m.user.id }),
    user: t.field({ type: UserRef, resolve: (m) => m.user }),
    role: t.exposeString('role', { description: 'owner, admin, moderator or member (decision 0007).' }),
    status: t.exposeString('status', { description: 'member, or requested in a list of join requests.' }),
    joinDate: t.string({ resolve: (m) => m.joinedAt.toISOString() }),
    mutualFriends: t.field({
      type: [UserRef],
      description: `Up to ${MUTUAL_FRIENDS_SHOWN} friends the member and the viewer have in common.`,
      resolve: async (m, _a, context) => {
        const viewerId = context.viewer?.id;
        if (viewerId === undefined || viewerId === m.user.id) return [];
        const page = await listPeople(context.store.db, {
          list: 'friends',
          personId: viewerId,
          viewerId,
          sharedWith: m.user.id,
          limit: MUTUAL_FRIENDS_SHOWN,
        });
        return page.users;
      },
    }),
    groups: t.field({
      type: [GroupRef],
      description: `Up to ${GROUPS_IN_COMMON_SHOWN} groups the member and the viewer are both in, by title (none for the viewer themself).`,
      resolve: (m, _a, context) => groupsInCommon(context).load(m.user.id),
    }),
  }),
});

const GroupMemberPageRef = builder.objectRef<GroupMemberPage>('GroupMemberPage').implement({
  fields: (t) => ({
    nextMarker: t.exposeString('nextMarker', { nullable: true }),
    members: t.field({ type: [GroupMemberRef], resolve: (p) => p.members }),
  }),
});

const GroupListRef = builder.objectRef<GroupListPage>('GroupList').implement({
  description: 'A page of groups; pass nextMarker back as the marker for the next page.',
  fields: (t) => ({
    nextMarker: t.exposeString('nextMarker', { nullable: true }),
    total: t.exposeInt('total'),
    groups: t.field({ type: [GroupRef], resolve: (p) => p.groups }),
  }),
});

const GroupAuditEventRef = builder.objectRef<GroupAuditRow>('GroupAuditEvent').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    action: t.exposeString('action', { description: 'One of spec 3’s group audit event names.' }),
    actor: t.field({
      type: UserRef,
      nullable: true,
      description: 'Who did it.',
      resolve: (e, _a, context) => (e.actorId === null ? null : groupLoaders(context).user.load(e.actorId)),
    }),
    subject: t.field({
      type: UserRef,
      nullable: true,
      description: 'To whom.',
      resolve: (e, _a, context) =>
        e.subjectId === null ? null : groupLoaders(context).user.load(e.subjectId),
    }),
    details: t.field({ type: 'JSONObject', resolve: (e) => e.details }),
    createdAt: t.string({ resolve: (e) => e.createdAt.toISOString() }),
  }),
});

const GroupAuditPageRef = builder
  .objectRef<{ events: GroupAuditRow[]; nextMarker: string | null }>('GroupAuditPage')
  .implement({
    fields: (t) => ({
      nextMarker: t.exposeString('nextMarker', { nullable: true }),
      events: t.field({ type: [GroupAuditEventRef], resolve: (p) => p.events }),
    }),
  });

const InviteResultRef = builder
  .objectRef<{ id: number; invitedUsers: number; invitedContacts: number }>('GroupInviteResult')
  .implement({
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'The group’s id (spec 7.3).' }),
      invitedUsers: t.exposeInt('invitedUsers'),
      invitedContacts: t.exposeInt('invitedContacts'),
    }),
  });

const QuickJoinResultRef = builder
  .objectRef<{ status: QuickJoinResult; group: GroupRow }>('QuickJoinResult')
  .implement({
    fields: (t) => ({
      status: t.exposeString('status', {
        description: 'member, requested (waiting for a moderator) or sent (a link went to the address).',
      }),
      group: t.field({ type: GroupRef, resolve: (r) => r.group }),
    }),
  });

builder.objectFields(GroupRef, (t) => ({
  chatKey: t.string({
    nullable: true,
    description: 'The group chat’s key; null for viewers who may not see inside the group.',
    resolve: (g, _a, context) =>
      ifViewable(
        context,
        g,
        async () =>
          (await groupLoaders(context).chatKey.load(g.id)) ??
          (await ensureModelChat(context.store.db, 'g', g.id)).key,
      ),
  }),
  shareUrl: t.string({ resolve: (g, _a, context) => groupLink(context, g) }),
  hasJoinRequests: t.boolean({
    resolve: async (g, _a, context) => (await rowOf(context, g)).hasJoinRequests,
  }),
  memberCountRequests: t.int({
    nullable: true,
    description: 'Join requests waiting; only for those who answer them.',
    resolve: async (g, _a, context) =>
      (await accessTo(context, g)).permissions.manageRequests
        ? groupLoaders(context).requestCount.load(g.id)
        : null,
  }),
  planCount: t.int({
    nullable: true,
    resolve: (g, _a, context) => ifViewable(context, g, () => groupLoaders(context).planCount.load(g.id)),
  }),
  exploreStatus: t.string({
    description: 'ENABLED, DISABLED or BLOCKED (spec 4).',
    resolve: async (g, _a, context) => (await rowOf(context, g)).exploreStatus,
  }),
  creator: t.field({
    type: UserRef,
    nullable: true,
    resolve: async (g, _a, context) => groupLoaders(context).user.load((await rowOf(context, g)).creatorId),
  }),
  members: t.field({
    type: [GroupMemberRef],
    nullable: true,
    description: 'The first page of members (groupMembers pages on); null for viewers who may not see them.',
    resolve: (g, _a, context) =>
      ifViewable(context, g, async () => {
        const page = await listGroupMembers(context.store.db, {
          groupId: g.id,
          viewerId: context.viewer?.id ?? null,
        });
        return page.members;
      }),
  }),
  plans: t.field({
    type: [PlanRef],
    nullable: true,
    resolve: (g, _a, context) =>
      ifViewable(context, g, () => listGroupPlans(context.store.db, g.id, context.viewer?.id ?? null)),
  }),
  payment: t.field({
    type: GroupPaymentRef,
    nullable: true,
    description: 'Null for a free group.',
    resolve: async (g, _a, context) => {
      const row = await rowOf(context, g);
      return row.priceCents ? { price: row.priceCents / 100, recurrence: row.priceRecurrence } : null;
    },
  }),
  teaser: t.field({ type: GroupTeaserRef, resolve: (g, _a, context) => rowOf(context, g) }),
  hashtags: t.field({
    type: [HashtagRef],
    resolve: async (g, _a, context) => {
      const row = await rowOf(context, g);
      const found = await Promise.all(row.hashtags.map((name) => groupLoaders(context).hashtag.load(name)));
      return row.hashtags.map((name, i) => found[i] ?? { id: null, name, emoji: null });
    },
  }),
  location: t.field({
    type: GroupLocationRef,
    nullable: true,
    resolve: async (g, _a, context) => {
      const row = await rowOf(context, g);
      return row.locationName || row.city || row.address || row.latitude !== null ? row : null;
    },
  }),
  pivot: t.field({ type: GroupPivotRef, resolve: (g, _a, context) => rowOf(context, g) }),
  authorization: t.field({
    type: GroupAuthorizationRef,
    resolve: async (g, _a, context) => {
      const access = await accessTo(context, g);
      return {
        accessLevel: groupViewerMask({
          status: access.viewer.invitedByContact && !access.viewer.status ? 'invited' : access.viewer.status,
          role: access.viewer.role,
        }),
        joinAccessLevel: access.group.joinMask,
      };
    },
  }),
  accessLevels: t.field({ type: GroupAccessLevelsRef, resolve: (g, _a, context) => rowOf(context, g) }),
  permissions: t.field({
    type: GroupPermissionsRef,
    nullable: true,
    description: 'Null when the group was asked for with skipPermissions.',
    resolve: async (g, _a, context) => (g.skipPermissions ? null : (await accessTo(context, g)).permissions),
  }),
  viewerStatus: t.string({
    nullable: true,
    description: 'member, requested or invited: where the viewer stands; null for none.',
    resolve: async (g, _a, context) => {
      const access = await accessTo(context, g);
      return access.viewer.status ?? (access.viewer.invitedByContact ? 'invited' : null);
    },
  }),
  viewerRole: t.string({
    nullable: true,
    description: 'The viewer’s role when a member.',
    resolve: async (g, _a, context) => (await accessTo(context, g)).role,
  }),
}));

export const CoordinatesInput = builder.inputType('CoordinatesInput', {
  fields: (t) => ({
    latitude: t.float({ required: true }),
    longitude: t.float({ required: true }),
  }),
});

const GroupLocationInput = builder.inputType('GroupLocationInput', {
  fields: (t) => ({
    name: t.string(),
    address: t.string(),
    city: t.string(),
    state: t.string(),
    coordinates: t.field({ type: CoordinatesInput }),
  }),
});

const HashtagInput = builder.inputType('HashtagInput', {
  fields: (t) => ({ name: t.string({ required: true }), emoji: t.string() }),
});

const GroupPaymentInput = builder.inputType('GroupPaymentInput', {
  fields: (t) => ({
    price: t.float({ description: 'In the currency’s major unit; 0 makes the group free.' }),
    recurrence: t.string({ description: 'DAILY, WEEKLY, MONTHLY or YEARLY; empty for a one-time payment.' }),
  }),
});

const GroupAccessLevelsInput = builder.inputType('GroupAccessLevelsInput', {
  fields: (t) => ({
    join: t.int(),
    createChatImage: t.int(),
    createChatMessage: t.int(),
    createChatPoll: t.int(),
    createChatVideo: t.int(),
    createPlan: t.int(),
  }),
});

const GroupInputRef = builder.inputType('GroupInput', {
  description: 'Fields of a group; absent fields keep their value (or the new-group default).',
  fields: (t) => ({
    title: t.string(),
    description: t.string(),
    image: t.string({ description: 'A path from POST /media/upload, or null to remove the cover.' }),
    isPublic: t.boolean(),
    hasJoinRequests: t.boolean(),
    exploreStatus: t.string({ description: 'ENABLED or DISABLED.' }),
    hashtags: t.field({ type: [HashtagInput] }),
    location: t.field({ type: GroupLocationInput }),
    payment: t.field({ type: GroupPaymentInput }),
    accessLevels: t.field({ type: GroupAccessLevelsInput }),
  }),
});

const InviteeInputRef = builder.inputType('InviteeInput', {
  description:
    'Spec 3 "Invitee": a person (id or key), a group (isGroup), a contact (isContact) or an address.',
  fields: (t) => ({
    id: t.id(),
    key: t.string(),
    email: t.string(),
    phone: t.string(),
    isGroup: t.boolean(),
    isContact: t.boolean(),
  }),
});

/** Arguments' explicit nulls (GraphQL) become "absent" where the domain reads undefined as unchanged. */
function groupInput(raw: Record<string, unknown>): GroupInput {
  const input = { ...raw } as GroupInput & Record<string, unknown>;
  for (const key of ['title', 'isPublic', 'hasJoinRequests', 'exploreStatus', 'hashtags', 'accessLevels'])
    if (input[key] === null) delete input[key];
  return input;
}

function memberTarget(userId: number) {
  if (!Number.isInteger(userId) || userId <= 0) throw badUserInput('userId', 'Give the person’s id.');
  return userId;
}

builder.queryFields((t) => ({
  group: t.field({
    type: GroupRef,
    authScopes: { public: true },
    description:
      'A group by id or key (spec 5 lookup rule). A private group is NOT_FOUND by id for strangers; its key (the share link) shows its card. skipPermissions leaves permissions null.',
    args: { id: t.arg.id(), key: t.arg.string(), skipPermissions: t.arg.boolean() },
    resolve: async (_root, args, context) => {
      const access = await findGroup(context, { id: args.id, key: args.key });
      return args.skipPermissions ? { ...access.group, skipPermissions: true } : access.group;
    },
  }),
  myGroups: t.field({
    type: [GroupRef],
    authScopes: { signedIn: true },
    description: 'The groups the person is a member of, most recently joined first.',
    resolve: async (_root, _args, context) => {
      const me = await requireViewerUser(context);
      return listMyGroups(context.store.db, me.id);
    },
  }),
  groupSuggestions: t.field({
    type: [GroupRef],
    authScopes: { signedIn: true },
    description: 'Public groups to join, ranked by friends inside, then size.',
    resolve: async (_root, _args, context) => {
      const me = await requireViewerUser(context);
      return listGroupSuggestions(context.store.db, me.id);
    },
  }),
  exploreGroups: t.field({
    type: GroupListRef,
    authScopes: { public: true },
    description: 'Public groups open to explore, busiest first; the viewer’s own are left out.',
    args: { marker: t.arg.string() },
    resolve: (_root, args, context) =>
      listExploreGroups(context.store.db, context.viewer?.id ?? null, args.marker),
  }),
  relatedGroups: t.field({
    type: GroupListRef,
    authScopes: { public: true },
    description: 'Public groups sharing a hashtag or the city with the group.',
    args: { id: t.arg.id({ required: true }), marker: t.arg.string() },
    resolve: async (_root, args, context) => {
      const access = await findGroup(context, { id: args.id });
      return listRelatedGroups(context.store.db, access.group, context.viewer?.id ?? null, args.marker);
    },
  }),
  groupMembers: t.field({
    type: GroupMemberPageRef,
    authScopes: { public: true },
    description:
      'A page of members, or with requests: true of join requests (moderators and up). Private groups: members only (FORBIDDEN, or NOT_FOUND where the group’s existence is private).',
    args: { id: t.arg.id({ required: true }), marker: t.arg.string(), requests: t.arg.boolean() },
    resolve: async (_root, args, context) => {
      const access = await findGroup(context, { id: args.id });
      if (args.requests)
        requirePermission(
          context,
          access,
          'manageRequests',
          'Only the group’s moderators see join requests.',
        );
      else requireGroupContent(context, access);
      return listGroupMembers(context.store.db, {
        groupId: access.group.id,
        viewerId: context.viewer?.id ?? null,
        requests: args.requests === true,
        marker: args.marker,
      });
    },
  }),
  searchGroupMembers: t.field({
    type: GroupMemberPageRef,
    authScopes: { public: true },
    description: 'Members whose name or username matches, also partly.',
    args: {
      searchText: t.arg.string({ required: true }),
      id: t.arg.id({ required: true }),
      marker: t.arg.string(),
    },
    resolve: async (_root, args, context) => {
      if (!args.searchText.trim()) throw badUserInput('searchText', 'A query must be provided.');
      const access = await findGroup(context, { id: args.id });
      requireGroupContent(context, access);
      return listGroupMembers(context.store.db, {
        groupId: access.group.id,
        viewerId: context.viewer?.id ?? null,
        searchText: args.searchText,
        marker: args.marker,
      });
    },
  }),
  groupPlans: t.field({
    type: [PlanRef],
    authScopes: { public: true },
    description: 'The group’s plans, upcoming first. Private groups: members only.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const access = await findGroup(context, { id: args.id });
      requireGroupContent(context, access);
      return listGroupPlans(context.store.db, access.group.id, context.viewer?.id ?? null);
    },
  }),
  groupMemberCommon: t.field({
    type: GroupMemberRef,
    authScopes: { signedIn: true },
    description: `A member's card with up to ${MUTUAL_FRIENDS_SHOWN} mutual friends, by userId or userKey.`,
    args: { id: t.arg.id({ required: true }), userId: t.arg.int(), userKey: t.arg.string() },
    resolve: async (_root, args, context) => {
      await requireViewerUser(context);
      const access = await findGroup(context, { id: args.id });
      requireGroupContent(context, access);
      const person = await findVisibleUser(
        context,
        { id: args.userId, key: args.userKey },
        { hideBlocked: true },
      );
      const page = await listGroupMembers(context.store.db, {
        groupId: access.group.id,
        viewerId: context.viewer?.id ?? null,
        onlyUserId: person.id,
      });
      const member = page.members[0];
      if (!member) throw badUserInput('userId', 'This person is not a member of the group.');
      return member;
    },
  }),
  groupAuditLog: t.field({
    type: GroupAuditPageRef,
    authScopes: { signedIn: true },
    description: 'Who did what to whom and when in the group, newest first (admins and the owner).',
    args: { id: t.arg.id({ required: true }), marker: t.arg.string() },
    resolve: async (_root, args, context) => {
      await requireViewerUser(context);
      const access = await findGroup(context, { id: args.id });
      requirePermission(context, access, 'readAudit', 'Only the group’s admins can read its audit.');
      return listGroupAudit(context.store.db, access.group.id, args.marker);
    },
  }),
}));

builder.mutationFields((t) => ({
  createGroup: t.field({
    type: GroupRef,
    authScopes: { signedIn: true },
    description: 'Creates a group with the caller as owner; private and without join requests unless said.',
    args: { group: t.arg({ type: GroupInputRef, required: true }) },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      return createGroup(context, me, groupInput(args.group));
    },
  }),
  updateGroup: t.field({
    type: GroupRef,
    authScopes: { signedIn: true },
    description:
      'Changes a group (admins and the owner); answers the group with authorization, permissions, description and exploreStatus (spec 7.3).',
    args: { id: t.arg.id({ required: true }), group: t.arg({ type: GroupInputRef, required: true }) },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      const access = await findGroup(context, { id: args.id });
      return updateGroup(context, me, access, groupInput(args.group));
    },
  }),
  deleteGroup: t.boolean({
    authScopes: { signedIn: true },
    description: 'Deletes a group (the owner only).',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      await deleteGroup(context, me, await findGroup(context, { id: args.id }));
      return true;
    },
  }),
  joinGroup: t.field({
    type: GroupRef,
    authScopes: { signedIn: true },
    description:
      'Joins a group, or asks to when it takes join requests (viewerStatus tells which). A paid group is FORBIDDEN with action CHECKOUT.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      const access = await findGroup(context, { id: args.id });
      await joinGroup(context, me, access);
      return access.group;
    },
  }),
  leaveGroup: t.boolean({
    authScopes: { signedIn: true },
    description:
      'Leaves a group, withdraws a join request or declines an invitation. The owner cannot (CONFLICT).',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      await leaveGroup(context, me, await findGroup(context, { id: args.id }));
      return true;
    },
  }),
  quickJoinGroup: t.field({
    type: QuickJoinResultRef,
    authScopes: { public: true },
    description:
      'For people arriving from a group link: signed in, joins (or asks to); signed out, sends the link to the e-mail or phone given (CONFLICT for a number that opted out of Plaza texts).',
    args: {
      key: t.arg.string({ required: true }),
      phone: t.arg.string(),
      email: t.arg.string(),
      source: t.arg.string(),
    },
    resolve: async (_root, args, context) => {
      const status = await quickJoinGroup(context, args);
      const access = await findGroup(context, { key: args.key });
      return { status, group: access.group };
    },
  }),
  inviteToGroup: t.field({
    type: InviteResultRef,
    authScopes: { signedIn: true },
    description:
      'Invites people, another group’s members, contacts or addresses (members may invite). A phone number needs the caller’s opt-in to texting invitations (updateProfileConsent), else BAD_USER_INPUT and nothing is sent; a number that opted out of Plaza texts is left out and not counted.',
    args: {
      id: t.arg.id({ required: true }),
      invitees: t.arg({ type: [InviteeInputRef], required: true }),
    },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      const access = await findGroup(context, { id: args.id });
      const result = await inviteToGroup(context, me, access, args.invitees);
      return { id: access.group.id, ...result };
    },
  }),
  removeGroupMember: t.boolean({
    authScopes: { signedIn: true },
    description: 'Removes someone ranked below the caller (moderators and up).',
    args: { id: t.arg.id({ required: true }), userId: t.arg.int({ required: true }) },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      const access = await findGroup(context, { id: args.id });
      await removeGroupMember(context, me, access, memberTarget(args.userId));
      return true;
    },
  }),
  updateGroupMemberJoinStatus: t.boolean({
    authScopes: { signedIn: true },
    description: 'Answers a join request: status true approves, false declines (moderators and up).',
    args: {
      id: t.arg.id({ required: true }),
      userId: t.arg.int({ required: true }),
      status: t.arg.boolean({ required: true }),
    },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      const access = await findGroup(context, { id: args.id });
      await updateGroupMemberJoinStatus(context, me, access, memberTarget(args.userId), args.status);
      return true;
    },
  }),
  updateGroupMemberRole: t.boolean({
    authScopes: { signedIn: true },
    description: 'Grants admin or moderator, or with revoke takes it back (decision 0007 says who may).',
    args: {
      id: t.arg.id({ required: true }),
      userId: t.arg.int({ required: true }),
      role: t.arg.string({ required: true }),
      revoke: t.arg.boolean(),
    },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      const access = await findGroup(context, { id: args.id });
      await updateGroupMemberRole(context, me, access, {
        userId: memberTarget(args.userId),
        role: args.role,
        revoke: args.revoke === true,
      });
      return true;
    },
  }),
  removeGroupPlan: t.boolean({
    authScopes: { signedIn: true },
    description: 'Takes a plan out of the group; the plan stays (moderators and up, or its creator).',
    args: { id: t.arg.id({ required: true }), planId: t.arg.int({ required: true }) },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      const access = await findGroup(context, { id: args.id });
      if (!access.permissions.view) throw denied(context, 'Only members can change this group.');
      await removeGroupPlan(context, me, access, args.planId);
      return true;
    },
  }),
  sendGroupPlan: t.boolean({
    authScopes: { signedIn: true },
    description: 'Shares one of the caller’s plans into the group (members the createPlan mask admits).',
    args: { id: t.arg.id({ required: true }), planId: t.arg.int({ required: true }) },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      const access = await findGroup(context, { id: args.id });
      await sendGroupPlan(context, me, access, args.planId);
      return true;
    },
  }),
}));
