import { and, eq, inArray, sql } from 'drizzle-orm';
import { BATCH_MAX_KEYS, BOT_USER_ID, MUTUAL_FRIENDS_SHOWN } from '@plaza/core/constants';
import { FRIENDSHIP_ACTIONS } from '@plaza/core/friendship';
import { groupMembers, planResponses, users } from '../../db/schema/index.ts';
import { builder } from '../../graphql/builder.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput } from '../../graphql/errors.ts';
import type { UserRow } from '../users/find-user.ts';
import { requireViewerUser } from '../users/require-viewer-user.ts';
import { UserRef } from '../users/schema.ts';
import { GroupRef } from '../groups/group-type.ts';
import { PlanRef } from '../plans/plan-type.ts';
import { findVisibleUser } from './find-visible-user.ts';
import { SUGGESTION_SOURCES, listFollowSuggestions, type FollowSuggestion } from './follow-suggestions.ts';
import { decodeMarker, listPeople, type PeoplePage } from './list-people.ts';
import { listUserGroups, parseGroupFilter } from './list-user-groups.ts';
import { listUserPlans, parseDateFilter, type UserPlansPage } from './list-user-plans.ts';
import { canSeeProfileDetails, requireProfileDetails } from './profile-access.ts';
import { blockedBetween } from './social-sql.ts';
import { loadStatus, socialLoaders, type SocialLoaders } from './social-loaders.ts';
import { updateFriendship } from './update-friendship.ts';
import { anyOf } from '../../db/id-array.ts';

const FriendshipActionRef = builder.enumType('FriendshipAction', {
  description: 'Friendship actions of spec 4; decision 0006 gives the status each leads to.',
  values: FRIENDSHIP_ACTIONS,
});

const FollowSuggestionSourceRef = builder.enumType('FollowSuggestionSource', { values: SUGGESTION_SOURCES });

/** A count about a person, shown only to those who may see the profile's details. */
async function profileCount(
  context: RequestContext,
  user: UserRow,
  loader: (loaders: SocialLoaders) => { load: (id: number) => Promise<number> },
  needsViewer = false,
): Promise<number | null> {
  if (needsViewer && !context.viewer) return null;
  if (!(await canSeeProfileDetails(context, user))) return null;
  return loader(socialLoaders(context)).load(user.id);
}

const UserPivotRef = builder.objectRef<UserRow>('UserPivot').implement({
  fields: (t) => ({
    mutualFriendCount: t.int({
      description: '0 when the viewer may not see the person’s details (a private profile).',
      resolve: async (user, _a, context) =>
        context.viewer && (await canSeeProfileDetails(context, user))
          ? socialLoaders(context).friendCountCommon.load(user.id)
          : 0,
    }),
  }),
});

builder.objectFields(UserRef, (t) => ({
  friendshipStatus: t.string({
    description:
      'The viewer’s relation (spec 4): "" (none), SELF, FRIENDS, FOLLOWING, REQUESTED, BLOCKED or THEY_REQUESTED.',
    resolve: async (user, _args, context) => {
      if (context.viewer?.id === user.id) {
        context.logger.error({ userId: user.id }, 'friendship status asked toward oneself');
        return 'SELF';
      }
      return loadStatus(context, user.id);
    },
  }),
  canDm: t.boolean({
    description:
      'Whether the viewer may message the person: signed in, not themself, no block either way, and the person is public or follows the viewer (so friends always can).',
    resolve: async (user, _args, context) => {
      const viewerId = context.viewer?.id;
      if (viewerId === undefined || viewerId === user.id || user.id === BOT_USER_ID) return false;
      const ties = await socialLoaders(context).ties.load(user.id);
      if (ties.out === 'BLOCKED' || ties.in === 'BLOCKED') return false;
      return user.isPublic || ties.in === 'FOLLOWING';
    },
  }),
  followerCount: t.int({
    nullable: true,
    resolve: (user, _a, context) => profileCount(context, user, (l) => l.followerCount),
  }),
  friendCount: t.int({
    nullable: true,
    resolve: (user, _a, context) => profileCount(context, user, (l) => l.friendCount),
  }),
  friendCountCommon: t.int({
    nullable: true,
    description: 'Friends the person and the viewer have in common.',
    resolve: (user, _a, context) => profileCount(context, user, (l) => l.friendCountCommon, true),
  }),
  groupCount: t.int({
    nullable: true,
    resolve: (user, _a, context) => profileCount(context, user, (l) => l.groupCount),
  }),
  groupCountCommon: t.int({
    nullable: true,
    resolve: (user, _a, context) => profileCount(context, user, (l) => l.groupCountCommon, true),
  }),
  groupCountPublic: t.int({
    nullable: true,
    resolve: (user, _a, context) => profileCount(context, user, (l) => l.groupCountPublic),
  }),
  eventCountPast: t.int({
    nullable: true,
    description: 'Plans the person created or attends that have ended (others count public plans only).',
    resolve: (user, _a, context) => profileCount(context, user, (l) => l.eventCountPast),
  }),
  eventCountUpcoming: t.int({
    nullable: true,
    resolve: (user, _a, context) => profileCount(context, user, (l) => l.eventCountUpcoming),
  }),
  mutualFriends: t.field({
    type: [UserRef],
    nullable: true,
    description: `Up to ${MUTUAL_FRIENDS_SHOWN} friends the person and the viewer have in common; friendCountCommon counts them all.`,
    resolve: async (user, _a, context) => {
      const viewerId = context.viewer?.id;
      if (viewerId === undefined || viewerId === user.id) return null;
      if (!(await canSeeProfileDetails(context, user))) return null;
      const page = await listPeople(context.store.db, {
        list: 'friends',
        personId: viewerId,
        viewerId,
        sharedWith: user.id,
        limit: MUTUAL_FRIENDS_SHOWN,
      });
      return page.users;
    },
  }),
  pivot: t.field({
    type: UserPivotRef,
    description: 'Figures about the person relative to the viewer (spec 3 "Invitee").',
    resolve: (user) => user,
  }),
}));

const PeoplePageRef = builder.objectRef<PeoplePage>('UserPage').implement({
  description: 'One page of people; pass nextMarker back as the marker for the next page.',
  fields: (t) => ({
    nextMarker: t.exposeString('nextMarker', { nullable: true }),
    total: t.exposeInt('total'),
    users: t.field({ type: [UserRef], resolve: (page) => page.users }),
  }),
});

const MyFriendsRef = builder
  .objectRef<{ friends: PeoplePage | null; requests: PeoplePage | null }>('MyFriends')
  .implement({
    fields: (t) => ({
      friends: t.field({ type: PeoplePageRef, nullable: true, resolve: (p) => p.friends }),
      requests: t.field({
        type: PeoplePageRef,
        nullable: true,
        description: 'Follow requests waiting for the person’s answer (followerRequests).',
        resolve: (p) => p.requests,
      }),
    }),
  });

const GroupPageRef = builder
  .objectRef<{ groups: Awaited<ReturnType<typeof listUserGroups>>['groups']; nextMarker: string | null }>(
    'GroupPage',
  )
  .implement({
    fields: (t) => ({
      nextMarker: t.exposeString('nextMarker', { nullable: true }),
      groups: t.field({ type: [GroupRef], resolve: (p) => p.groups }),
    }),
  });

const UserPlansRef = builder.objectRef<UserPlansPage>('UserPlanPage').implement({
  description: 'A page of a person’s plans; plans page by number (spec 7.3).',
  fields: (t) => ({
    hasMore: t.exposeBoolean('hasMore'),
    searchedAll: t.exposeBoolean('searchedAll'),
    nextPage: t.exposeInt('nextPage', { nullable: true }),
    nextPageTotal: t.exposeInt('nextPageTotal'),
    dateFilter: t.exposeString('dateFilter', { description: 'upcoming or past: the filter used.' }),
    plans: t.field({ type: [PlanRef], resolve: (p) => p.plans }),
  }),
});

interface PublicProfile {
  user: UserRow | null;
  isRestricted: boolean;
  events: UserPlansPage | null;
  friends: PeoplePage | null;
  groups: Awaited<ReturnType<typeof listUserGroups>> | null;
}

const PublicProfileRef = builder.objectRef<PublicProfile>('PublicProfile').implement({
  description: 'A profile page’s sections; sections a private profile keeps from the viewer are null.',
  fields: (t) => ({
    user: t.field({ type: UserRef, nullable: true, resolve: (p) => p.user }),
    isRestricted: t.exposeBoolean('isRestricted', {
      description:
        'True when the profile is private and the viewer sees only name, username, photo and badge.',
    }),
    events: t.field({ type: UserPlansRef, nullable: true, resolve: (p) => p.events }),
    friends: t.field({ type: PeoplePageRef, nullable: true, resolve: (p) => p.friends }),
    groups: t.field({ type: GroupPageRef, nullable: true, resolve: (p) => p.groups }),
  }),
});

const FollowSuggestionRef = builder.objectRef<FollowSuggestion>('FollowSuggestion').implement({
  description: 'A person the viewer might follow and why (spec 3 "User").',
  fields: (t) => ({
    user: t.field({ type: UserRef, resolve: (s) => s.user }),
    suggestedReason: t.exposeString('suggestedReason'),
  }),
});

const publicUserByName = (context: RequestContext, username: string) =>
  findVisibleUser(context, { username }, { hideBlocked: true });

async function friendsPage(context: RequestContext, user: UserRow, marker: string | null | undefined) {
  const offset = marker ? decodeMarker(marker, 'friendsMarker').offset : 0;
  return listPeople(context.store.db, {
    list: 'friends',
    personId: user.id,
    viewerId: context.viewer?.id ?? null,
    offset,
  });
}

builder.queryFields((t) => ({
  myFriends: t.field({
    type: MyFriendsRef,
    authScopes: { signedIn: true },
    description:
      'The person’s friends and the follow requests they received. A marker pages one list only, so it needs exactly one of withFriends or withRequests (spec 5).',
    args: {
      marker: t.arg.string(),
      sharedWith: t.arg.int({ description: 'Only friends also friends with this person (mutual friends).' }),
      withFriends: t.arg.boolean({ defaultValue: true }),
      withRequests: t.arg.boolean({ defaultValue: false }),
    },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      const withFriends = args.withFriends === true;
      const withRequests = args.withRequests === true;
      let offset = 0;
      if (args.marker) {
        if (withFriends === withRequests)
          throw badUserInput(
            'marker',
            'A paging marker pages one list: ask for friends or requests, not both.',
          );
        const decoded = decodeMarker(args.marker);
        const list = withFriends ? 'friends' : 'followerRequests';
        if (decoded.list !== list)
          throw badUserInput('marker', 'This paging marker belongs to another list.');
        offset = decoded.offset;
      }
      let sharedWith: number | null = null;
      if (args.sharedWith != null) {
        const other = await findVisibleUser(context, { id: args.sharedWith }, { hideBlocked: true });
        // Mutual friends are part of the other person's friends: a private profile keeps them.
        await requireProfileDetails(context, other);
        sharedWith = other.id;
      }
      const page = (list: 'friends' | 'followerRequests') =>
        listPeople(context.store.db, {
          list,
          personId: me.id,
          viewerId: me.id,
          offset,
          sharedWith: list === 'friends' ? sharedWith : null,
        });
      return {
        friends: withFriends ? await page('friends') : null,
        requests: withRequests ? await page('followerRequests') : null,
      };
    },
  }),
  usersBasic: t.field({
    type: [UserRef],
    authScopes: { signedIn: true },
    description: `People by id (at most ${BATCH_MAX_KEYS}), leaving out anyone unknown or separated from the viewer by a block. type GROUP or PLAN with typeId keeps only that group’s members or the plan’s guests.`,
    args: {
      ids: t.arg.intList({ required: true }),
      type: t.arg.string(),
      typeId: t.arg.int(),
    },
    resolve: async (_root, { ids, type, typeId }, context) => {
      const me = await requireViewerUser(context);
      if (ids.length > BATCH_MAX_KEYS) throw badUserInput('ids', `Ask for at most ${BATCH_MAX_KEYS} people.`);
      if (ids.length === 0) return [];
      const kind = type?.toUpperCase() ?? null;
      if (kind !== null && kind !== 'GROUP' && kind !== 'PLAN')
        throw badUserInput('type', 'type is GROUP or PLAN.');
      if (kind !== null && typeId == null) throw badUserInput('typeId', 'Give the id of the group or plan.');
      const scope =
        kind === 'GROUP'
          ? inArray(
              users.id,
              context.store.db
                .select({ id: groupMembers.userId })
                .from(groupMembers)
                .where(and(eq(groupMembers.groupId, typeId!), eq(groupMembers.status, 'member'))),
            )
          : kind === 'PLAN'
            ? inArray(
                users.id,
                context.store.db
                  .select({ id: planResponses.userId })
                  .from(planResponses)
                  .where(eq(planResponses.planId, typeId!)),
              )
            : undefined;
      const found = await context.store.db
        .select()
        .from(users)
        .where(
          and(
            anyOf(users.id, ids),
            sql`${users.onboardedAt} IS NOT NULL`,
            sql`NOT ${blockedBetween(me.id, sql`${users.id}`)}`,
            scope,
          ),
        );
      const byId = new Map(found.map((user) => [user.id, user]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
  }),
  userProfile: t.field({
    type: UserRef,
    authScopes: { signedIn: true },
    description:
      'A person by id or key. Someone who blocked the viewer is NOT_FOUND; someone the viewer blocked shows with status BLOCKED (to unblock) and no details.',
    args: { id: t.arg.int(), key: t.arg.string() },
    resolve: async (_root, { id, key }, context) => {
      await requireViewerUser(context);
      return findVisibleUser(context, { id, key });
    },
  }),
  publicUser: t.field({
    type: UserRef,
    authScopes: { public: true },
    description:
      'A person by username, for anyone. A private profile shows strangers only name, username, photo and badge.',
    args: { username: t.arg.string({ required: true }) },
    resolve: (_root, { username }, context) => publicUserByName(context, username),
  }),
  publicProfile: t.field({
    type: PublicProfileRef,
    authScopes: { public: true },
    description:
      'The sections of a profile page in one call; a private profile’s sections are null for strangers.',
    args: {
      username: t.arg.string({ required: true }),
      withUser: t.arg.boolean({ defaultValue: true }),
      withEvents: t.arg.boolean({ defaultValue: false }),
      withFriends: t.arg.boolean({ defaultValue: false }),
      withGroups: t.arg.boolean({ defaultValue: false }),
      eventsPage: t.arg.int({ defaultValue: 1 }),
      eventsDateFilter: t.arg.string(),
      friendsMarker: t.arg.string(),
      groupsFilter: t.arg.string(),
      groupsMarker: t.arg.string(),
    },
    resolve: async (_root, args, context) => {
      const user = await publicUserByName(context, args.username);
      const allowed = await canSeeProfileDetails(context, user);
      const viewerId = context.viewer?.id ?? null;
      const dateFilter = parseDateFilter(args.eventsDateFilter, 'eventsDateFilter') ?? 'upcoming';
      const groupsFilter = parseGroupFilter(args.groupsFilter, 'groupsFilter');
      return {
        user: args.withUser === false ? null : user,
        isRestricted: !allowed,
        events:
          allowed && args.withEvents
            ? await listUserPlans(context.store.db, {
                userId: user.id,
                viewerId,
                page: args.eventsPage ?? 1,
                dateFilter,
                dateFilterOnEmpty: dateFilter === 'upcoming' ? 'past' : null,
              })
            : null,
        friends: allowed && args.withFriends ? await friendsPage(context, user, args.friendsMarker) : null,
        groups:
          allowed && args.withGroups
            ? await listUserGroups(context.store.db, {
                userId: user.id,
                viewerId,
                filter: groupsFilter,
                marker: args.groupsMarker,
              })
            : null,
      };
    },
  }),
  publicUserGroups: t.field({
    type: GroupPageRef,
    authScopes: { public: true },
    description:
      'A person’s groups: filter public (default), common or public-created. Strangers see public groups only; a private profile refuses them (FORBIDDEN).',
    args: { username: t.arg.string({ required: true }), marker: t.arg.string(), filter: t.arg.string() },
    resolve: async (_root, args, context) => {
      const user = await publicUserByName(context, args.username);
      await requireProfileDetails(context, user);
      return listUserGroups(context.store.db, {
        userId: user.id,
        viewerId: context.viewer?.id ?? null,
        filter: parseGroupFilter(args.filter),
        marker: args.marker,
      });
    },
  }),
  publicUserPlan: t.field({
    type: UserPlansRef,
    authScopes: { public: true },
    description:
      'A person’s plans by page (10 a page): dateFilter upcoming (default) or past; dateFilterOnEmpty is tried when the first page is empty. Others see public plans only; a private profile refuses strangers (FORBIDDEN).',
    args: {
      username: t.arg.string({ required: true }),
      page: t.arg.int({ defaultValue: 1 }),
      dateFilter: t.arg.string(),
      dateFilterOnEmpty: t.arg.string(),
    },
    resolve: async (_root, args, context) => {
      const user = await publicUserByName(context, args.username);
      await requireProfileDetails(context, user);
      return listUserPlans(context.store.db, {
        userId: user.id,
        viewerId: context.viewer?.id ?? null,
        page: args.page ?? 1,
        dateFilter: parseDateFilter(args.dateFilter, 'dateFilter') ?? 'upcoming',
        dateFilterOnEmpty: parseDateFilter(args.dateFilterOnEmpty, 'dateFilterOnEmpty'),
      });
    },
  }),
  publicUserFriends: t.field({
    type: PeoplePageRef,
    authScopes: { public: true },
    description:
      'A person’s friends (for /<username>/friends); a private profile refuses strangers (FORBIDDEN).',
    args: { username: t.arg.string({ required: true }), marker: t.arg.string() },
    resolve: async (_root, args, context) => {
      const user = await publicUserByName(context, args.username);
      await requireProfileDetails(context, user);
      return friendsPage(context, user, args.marker);
    },
  }),
  myFollowSuggestions: t.field({
    type: [FollowSuggestionRef],
    authScopes: { signedIn: true },
    description:
      'People to follow with a reason, ranked by mutual friends, shared groups and shared plans. format is accepted for clients of the spec and changes nothing; isExplore returns a longer list (50 instead of 20).',
    args: {
      sources: t.arg({
        type: [FollowSuggestionSourceRef],
        required: true,
        defaultValue: [...SUGGESTION_SOURCES],
      }),
      format: t.arg.string(),
      isExplore: t.arg.boolean(),
    },
    resolve: async (_root, { sources, isExplore }, context) => {
      const me = await requireViewerUser(context);
      return listFollowSuggestions(context.store.db, me.id, sources, isExplore ? 50 : 20);
    },
  }),
  mySubscriptions: t.field({
    type: [UserRef],
    authScopes: { signedIn: true },
    description: 'Creators the person follows. There are no creators yet, so: everyone the person follows.',
    resolve: async (_root, _args, context) => {
      const me = await requireViewerUser(context);
      const page = await listPeople(context.store.db, {
        list: 'following',
        personId: me.id,
        viewerId: me.id,
        limit: 500,
      });
      return page.users;
    },
  }),
}));

builder.mutationFields((t) => ({
  updateFriendship: t.field({
    type: UserRef,
    authScopes: { signedIn: true },
    description:
      'Takes a friendship action toward a person (by id or key) and answers them with the new friendshipStatus. Refusals: BAD_USER_INPUT (toward oneself), CONFLICT (the action does not apply to the current status), NOT_FOUND.',
    args: {
      userId: t.arg.int(),
      key: t.arg.string(),
      action: t.arg({ type: FriendshipActionRef, required: true }),
    },
    resolve: async (_root, { userId, key, action }, context) => {
      const me = await requireViewerUser(context);
      const target = await findVisibleUser(context, { id: userId, key });
      if (target.id === BOT_USER_ID && action !== 'BLOCK' && action !== 'UNBLOCK')
        throw badUserInput('userId', 'The Plaza bot cannot be followed.');
      await updateFriendship(context, me.id, target, action);
      return target;
    },
  }),
}));
