import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

/**
 * The route table of spec 2.1. Which routes need an account is decided by `routeAccessOf` of
 * `@plaza/core/route-guard`, applied by the root middleware. An alias mounts the same module a
 * second time under its own id, so it answers 200 with the same page; its canonical link names the
 * main path.
 */
export default [
  layout('layouts/default-layout.tsx', [
    index('routes/home.tsx'),
    route('company', 'routes/company.tsx'),
    route('impact', 'routes/impact.tsx'),
    route('press', 'routes/press.tsx'),
    route('faq', 'routes/faq.tsx'),
    route('creators', 'routes/creators.tsx'),
    route('copyright', 'routes/copyright.tsx'),
    route('download-agreement', 'routes/download-agreement.tsx'),
    route('community-rules', 'routes/community-rules.tsx'),
    route('community-guidelines', 'routes/community-rules.tsx', { id: 'routes/community-guidelines' }),
    route('privacy-policy', 'routes/privacy-policy.tsx'),
    route('privacy', 'routes/privacy-policy.tsx', { id: 'routes/privacy' }),
    route('terms-of-service', 'routes/terms-of-service.tsx'),
    route('tos', 'routes/terms-of-service.tsx', { id: 'routes/tos' }),
    route('unsubscribe', 'routes/unsubscribe.tsx'),
    route('unsubscribe-email', 'routes/unsubscribe.tsx', { id: 'routes/unsubscribe-email' }),
    route('handle-internal-server-error', 'routes/handle-internal-server-error.tsx'),
    route('login', 'routes/login.tsx'),
    // Search (spec 2.1): /s/<search?> and /s/<context>/<search?>; the module reads the raw path.
    // Each shape is spelled out so it outranks the profile sections (/<username>/groups…).
    route('s', 'routes/search.tsx', { id: 'routes/search-index' }),
    route('s/:text', 'routes/search.tsx', { id: 'routes/search-text' }),
    ...(['groups', 'events', 'people'] as const).flatMap((context) => [
      route(`s/${context}`, 'routes/search.tsx', { id: `routes/search-${context}` }),
      route(`s/${context}/:text`, 'routes/search.tsx', { id: `routes/search-${context}-text` }),
    ]),
    route('s/*', 'routes/search.tsx'),
    // Explore (spec 2.1): /explore, /explore/<events|people> and /e/<location?>/<filter?>/<search?>;
    // the hashtag explorer under /explore/tags. Static shapes outrank the profile sections.
    route('explore', 'routes/explore.tsx', { id: 'routes/explore-index' }),
    route('explore/events', 'routes/explore.tsx', { id: 'routes/explore-events' }),
    route('explore/people', 'routes/explore.tsx', { id: 'routes/explore-people' }),
    route('explore/tags', 'routes/explore-tags.tsx', { id: 'routes/explore-tags-index' }),
    route('explore/tags/:name', 'routes/explore-tags.tsx'),
    // The place search of explore's place picker: the plan form's, open to visitors too.
    route('explore/places', 'routes/event-places.ts', { id: 'routes/explore-places' }),
    route('e', 'routes/explore.tsx', { id: 'routes/explore-e' }),
    ...(['events', 'people'] as const).flatMap((filter) => [
      route(`e/${filter}`, 'routes/explore.tsx', { id: `routes/explore-e-${filter}` }),
      route(`e/${filter}/:search`, 'routes/explore.tsx', { id: `routes/explore-e-${filter}-search` }),
      route(`e/:location/${filter}`, 'routes/explore.tsx', { id: `routes/explore-e-place-${filter}` }),
      route(`e/:location/${filter}/:search`, 'routes/explore.tsx', {
        id: `routes/explore-e-place-${filter}-search`,
      }),
    ]),
    route('e/:location', 'routes/explore.tsx', { id: 'routes/explore-e-place' }),
    route('e/:location/:search', 'routes/explore.tsx', { id: 'routes/explore-e-place-search' }),
    route('e/*', 'routes/explore.tsx'),
    route('chat', 'routes/chat-layout.tsx', [
      index('routes/chat.tsx'),
      route('s/:key', 'routes/chat-s.tsx'),
      route(':type', 'routes/chat-type.tsx'),
      route(':type/:key', 'routes/chat-room.tsx', [
        route('thread', 'routes/chat-thread.tsx'),
        route('media', 'routes/chat-media.tsx'),
        route('poll', 'routes/chat-poll.tsx'),
        route('trending', 'routes/chat-trending.tsx'),
        route('event', 'routes/chat-event.tsx'),
        route('search', 'routes/chat-search.tsx'),
      ]),
    ]),
    route('profile', 'routes/profile.tsx'),
    route('profile/friends', 'routes/friends.tsx'),
    route('profile/activity', 'routes/profile-activity.tsx'),
    route('profile/notifications', 'routes/profile-notifications.tsx'),
    route('profile/friends/invitables', 'routes/friends-invitables.ts'),
    route('profile/report', 'routes/profile-report.ts'),
    route('community', 'routes/community.tsx'),
    route('community/create', 'routes/community-create.tsx'),
    route('group/:slug/:key', 'routes/group.tsx'),
    route('group/:slug/:key/access', 'routes/group-access.tsx'),
    route('group/:slug/:key/checkout', 'routes/group-access.tsx', { id: 'routes/group-checkout' }),
    route('group/:slug/:key/invite', 'routes/group-invite.tsx'),
    route('profile/creator-account', 'routes/creator-account.tsx'),
    route('profile/stripe-signup', 'routes/stripe-signup.tsx'),
    route('profile/subscriptions', 'routes/subscriptions.tsx'),
    route('profile/calendar', 'routes/profile-calendar.ts'),
    route('profile/organization', 'routes/profile-organization.ts'),
    route('profile/compliance', 'routes/profile-compliance.ts'),
    route('event/create', 'routes/event-create.tsx'),
    route('event/places', 'routes/event-places.ts'),
    // The moderation area (decision 0018): site administrators only; /admin is /admin/reports.
    route('admin', 'routes/admin-reports.tsx', { id: 'routes/admin-index' }),
    route('admin/reports', 'routes/admin-reports.tsx'),
    route('admin/log', 'routes/admin-log.tsx'),
    // Public profiles (spec 2.1): /<username>, its sections and their aliases; the static routes
    // above win over these, and usernames never take a route's name (RESERVED_USERNAMES).
    route(':username', 'routes/public-profile.tsx'),
    route(':username/events', 'routes/public-profile.tsx', { id: 'routes/public-profile-events' }),
    route(':username/events/past', 'routes/public-profile.tsx', { id: 'routes/public-profile-events-past' }),
    route(':username/groups', 'routes/public-profile.tsx', { id: 'routes/public-profile-groups' }),
    route(':username/groups/common', 'routes/public-profile.tsx', {
      id: 'routes/public-profile-groups-common',
    }),
    route(':username/friends', 'routes/public-profile.tsx', { id: 'routes/public-profile-friends' }),
    // The plan page (spec 2.1): /<slug>/<key>; the profile sections above are static and win.
    route(':slug/:key', 'routes/plan.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  layout('layouts/minimal-layout.tsx', [
    route('download', 'routes/download.tsx'),
    route('dl', 'routes/download.tsx', { id: 'routes/dl' }),
    route('sms', 'routes/sms.tsx'),
    route('deeplink', 'routes/deeplink.tsx'),
    route('deeplink/*', 'routes/deeplink.tsx', { id: 'routes/deeplink-key' }),
  ]),
  layout('layouts/empty-layout.tsx', [
    route('healthcheck-all', 'routes/healthcheck-all.tsx'),
    route('stripe-check', 'routes/stripe-check.tsx'),
  ]),
] satisfies RouteConfig;
