import { builder } from '../../graphql/builder.ts';
import { GroupRef } from '../groups/group-type.ts';
import { CoordinatesInput, HashtagRef } from '../groups/schema.ts';
import { findPlace } from '../places/place-rows.ts';
import { LocationRef } from '../places/schema.ts';
import { PlanRef } from '../plans/plan-type.ts';
import { UserRef } from '../users/schema.ts';
import { requireViewerUser } from '../users/require-viewer-user.ts';
import { EXPLORE_PAGE, EXPLORE_RADIUS_KM, explore, type ExploreResults } from './explore.ts';
import { featuredContentSuggestions, type FeaturedContentSuggestions } from './featured-content.ts';
import { listHashtagCategories, type HashtagCategory } from './hashtag-categories.ts';
import { hashtagExplore, type HashtagExploreResults } from './hashtag-explore.ts';
import { setMyLocation } from './set-my-location.ts';
import type { SuggestedInvite } from '@plaza/core/suggested-invites';

const ExploreFilterRef = builder.enumType('ExploreFilter', {
  description: 'What to explore: a few of everything, or a page of events (plans), people or groups.',
  values: ['ALL', 'EVENTS', 'PEOPLE', 'GROUPS'] as const,
});

const ExploreSortRef = builder.enumType('ExploreSort', {
  description:
    'NEAREST: by distance, then start (without a place, as SOONEST); SOONEST: by start; POPULAR: people going plus friends involved. Friends involved break ties.',
  values: ['NEAREST', 'SOONEST', 'POPULAR'] as const,
});

const ExploreResultsRef = builder.objectRef<ExploreResults>('ExploreResults').implement({
  fields: (t) => ({
    place: t.field({
      type: LocationRef,
      nullable: true,
      description:
        'The place the results are near: the one asked for, the city at near, else the viewer’s myLocation; null means anywhere.',
      resolve: (r) => r.place,
    }),
    radiusKm: t.exposeInt('radiusKm'),
    plans: t.field({ type: [PlanRef], resolve: (r) => r.plans }),
    groups: t.field({ type: [GroupRef], resolve: (r) => r.groups }),
    people: t.field({ type: [UserRef], resolve: (r) => r.people }),
    nextMarker: t.exposeString('nextMarker', {
      nullable: true,
      description: 'Pass as marker (with the same filter and sort) for the next page of every asked list.',
    }),
  }),
});

const HashtagCategoryRef = builder.objectRef<HashtagCategory>('HashtagCategory').implement({
  description: 'A group of hashtags in the explorer (spec 3 "Hashtag category").',
  fields: (t) => ({
    id: t.id({ resolve: (c) => String(c.id) }),
    key: t.exposeString('key'),
    slug: t.exposeString('slug'),
    name: t.exposeString('name'),
    emoji: t.exposeString('emoji', { nullable: true }),
    image: t.exposeString('image', { nullable: true }),
    variant: t.exposeString('variant', {
      nullable: true,
      description: 'A colour name (Tailwind palette: green, orange, red…) for the category’s card.',
    }),
    hashtags: t.field({ type: [HashtagRef], resolve: (c) => c.hashtags }),
  }),
});

const HashtagFilterTypeRef = builder.enumType('HashtagFilterType', {
  description: 'UPCOMING: plans not over yet, soonest first; PAST: ended plans, latest first.',
  values: ['UPCOMING', 'PAST'] as const,
});

const HashtagScopeRef = builder.enumType('HashtagScope', {
  description:
    'PUBLIC: every public plan and group with the tag; COMMON: those the viewer or a friend takes part in; PUBLIC_CREATED: those the viewer created. COMMON and PUBLIC_CREATED need sign-in.',
  values: ['COMMON', 'PUBLIC', 'PUBLIC_CREATED'] as const,
});

const HashtagExploreResultsRef = builder.objectRef<HashtagExploreResults>('HashtagExploreResults').implement({
  fields: (t) => ({
    hashtag: t.field({
      type: HashtagRef,
      description: 'The hashtag; id null when no group ever saved it.',
      resolve: (r) => r.hashtag,
    }),
    category: t.field({ type: HashtagCategoryRef, nullable: true, resolve: (r) => r.category }),
    plans: t.field({ type: [PlanRef], resolve: (r) => r.plans }),
    groups: t.field({ type: [GroupRef], resolve: (r) => r.groups }),
    nextMarker: t.exposeString('nextMarker', { nullable: true }),
  }),
});

const SuggestedInviteRef = builder.objectRef<SuggestedInvite>('SuggestedInvite').implement({
  description: 'A plan idea to invite friends to, dated for its next good moment.',
  fields: (t) => ({
    name: t.exposeString('name'),
    priority: t.exposeInt('priority', { description: '1 is shown first.' }),
    date: t.field({ type: 'DateTime', nullable: true, resolve: (i) => i.date }),
    color: t.exposeString('color', { description: 'Hex colour of the idea’s card.' }),
    emoji: t.exposeString('emoji'),
    contentImage: t.exposeString('contentImage', { nullable: true }),
    preset: t.string({
      nullable: true,
      description:
        'JSON of the plan form’s URL-hash preset (spec 2.3): title, description, isPublic, start, end.',
      resolve: (i) => JSON.stringify(i.preset),
    }),
    presetHash: t.exposeString('presetHash', {
      description: 'The preset as a hash to append to the plan form’s path (/event/create#…).',
    }),
  }),
});

const FeaturedContentSuggestionsRef = builder
  .objectRef<FeaturedContentSuggestions>('FeaturedContentSuggestions')
  .implement({
    fields: (t) => ({
      plans: t.field({ type: [PlanRef], resolve: (f) => f.plans() }),
      users: t.field({ type: [UserRef], resolve: (f) => f.users() }),
      suggestedInvites: t.field({ type: [SuggestedInviteRef], resolve: (f) => f.suggestedInvites }),
    }),
  });

builder.objectField(UserRef, 'place', (t) =>
  t.field({
    type: LocationRef,
    nullable: true,
    description: 'The city of the person’s profile (updateProfile placeId); only for the person.',
    resolve: (user, _args, context) =>
      context.viewer?.id === user.id && user.placeId !== null
        ? findPlace(context.store.db, user.placeId, user.id)
        : null,
  }),
);

builder.queryFields((t) => ({
  explore: t.field({
    type: ExploreResultsRef,
    authScopes: { public: true },
    description: `Upcoming public plans, public groups and public people near a place, as anyone may see them. place: an id, a slug or a city name ("lisbon", "new-york"; the largest city of that name); else near; else the viewer’s myLocation; else anywhere. Within radiusKm (${EXPLORE_RADIUS_KM.min}–${EXPLORE_RADIUS_KM.max}, default ${EXPLORE_RADIUS_KM.default}). text narrows by words (prefixes), as search does. ALL gives ${EXPLORE_PAGE.all.plans} plans, ${EXPLORE_PAGE.all.groups} groups and ${EXPLORE_PAGE.all.people} people; one kind gives ${EXPLORE_PAGE.default} unless limit says (at most ${EXPLORE_PAGE.max}). Unknown place: NOT_FOUND.`,
    args: {
      place: t.arg.string(),
      near: t.arg({ type: CoordinatesInput }),
      filter: t.arg({ type: ExploreFilterRef, defaultValue: 'ALL' }),
      sort: t.arg({ type: ExploreSortRef, defaultValue: 'NEAREST' }),
      text: t.arg.string(),
      radiusKm: t.arg.int(),
      marker: t.arg.string(),
      limit: t.arg.int(),
    },
    resolve: (_root, args, context) => explore(context, args),
  }),
  hashtagCategories: t.field({
    type: [HashtagCategoryRef],
    authScopes: { public: true },
    description: 'Hashtag categories by position; their hashtags only with withHashtags. Cached 300 seconds.',
    args: { withHashtags: t.arg.boolean() },
    resolve: (_root, args, context) => listHashtagCategories(context.store, args.withHashtags === true),
  }),
  hashtagExplore: t.field({
    type: HashtagExploreResultsRef,
    authScopes: { public: true },
    description: `Public plans and groups with a hashtag ("hiking" or "#Hiking"), in a scope; near a place when place or near is given (within radiusKm, default ${EXPLORE_RADIUS_KM.default}). ${EXPLORE_PAGE.default} per list unless limit says. An invalid name: BAD_USER_INPUT; COMMON and PUBLIC_CREATED signed out: UNAUTHENTICATED.`,
    args: {
      name: t.arg.string({ required: true }),
      type: t.arg({ type: HashtagFilterTypeRef, defaultValue: 'UPCOMING' }),
      scope: t.arg({ type: HashtagScopeRef, defaultValue: 'PUBLIC' }),
      near: t.arg({ type: CoordinatesInput }),
      place: t.arg.string(),
      radiusKm: t.arg.int(),
      marker: t.arg.string(),
      limit: t.arg.int(),
    },
    resolve: (_root, args, context) => hashtagExplore(context, args),
  }),
  featuredContentSuggestions: t.field({
    type: FeaturedContentSuggestionsRef,
    authScopes: { public: true },
    description:
      'Popular upcoming public plans near the viewer (anywhere when signed out), people to follow, and plan ideas dated in timezone (an IANA zone; else the viewer’s location’s, else UTC).',
    args: { timezone: t.arg.string() },
    resolve: (_root, args, context) => featuredContentSuggestions(context, args),
  }),
}));

builder.mutationFields((t) => ({
  setMyLocation: t.field({
    type: LocationRef,
    nullable: true,
    authScopes: { signedIn: true },
    description:
      'Remembers the place the person explores from (myLocation answers it first); null clears it. Answers myLocation after the change. Unknown place: NOT_FOUND.',
    args: { placeId: t.arg.id() },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      return setMyLocation(context, me.id, args.placeId == null ? null : String(args.placeId));
    },
  }),
}));
