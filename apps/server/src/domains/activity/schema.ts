import { sql } from 'drizzle-orm';
import { ACTIVITY_UNREAD_COUNT_MAX } from '@plaza/core/constants';
import { Kind, type GraphQLResolveInfo } from 'graphql';
import { ACTIVITY_TYPES, NOTIFICATION_CHANNELS, timeAgo } from '@plaza/core/notifications';
import { fullName } from '@plaza/core/profile';
import { builder } from '../../graphql/builder.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput } from '../../graphql/errors.ts';
import { findGroup } from '../groups/find-group.ts';
import { GroupRef } from '../groups/group-type.ts';
import { findPlan } from '../plans/find-plan.ts';
import { PlanRef } from '../plans/plan-type.ts';
import { rows } from '../social/social-sql.ts';
import { requireViewerUser } from '../users/require-viewer-user.ts';
import type { ActivityRow } from './activity-delivery.ts';
import {
  clearNotifications,
  listActivities,
  loadActivityPeople,
  markActivityRead,
  type ActivityList,
} from './list-activities.ts';
import { myActivityEventStream, type MyActivityEvent } from './my-activity-events.ts';
import { viewerMutes } from './viewer-mutes.ts';
import {
  MUTE_FOREVER,
  readNotificationSettings,
  setMute,
  setNotificationPreference,
  updateNotificationSettings,
  type NotificationPreference,
  type NotificationSettingsView,
} from './notification-settings.ts';
import type { ActivitySuggestion } from '../../db/schema/index.ts';
import { keptOn } from '../../once-per.ts';

const ActivityTypeRef = builder.enumType('ActivityType', { values: ACTIVITY_TYPES });
const NotificationTypeRef = builder.enumType('NotificationType', {
  description: 'A kind of activity, or ALL (clearNotifications).',
  values: ['ALL', ...ACTIVITY_TYPES] as const,
});
const NotificationChannelRef = builder.enumType('NotificationChannel', { values: NOTIFICATION_CHANNELS });
const MuteSubjectTypeRef = builder.enumType('MuteSubjectType', { values: ['PLAN', 'GROUP'] as const });

interface ActivityPersonView {
  id: number;
  username: string;
  first: string;
  last: string;
  image: string | null;
}

const ActivityUserRef = builder.objectRef<ActivityPersonView>('ActivityUser').implement({
  description: 'The creator or receiver of an activity (spec 3).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    username: t.exposeString('username'),
    fullName: t.string({ resolve: (u) => fullName(u.first, u.last, u.username) }),
    image: t.exposeString('image', { nullable: true }),
  }),
});

const ActivityModelRef = builder
  .objectRef<{ typename: string; id: number }>('ActivityModel')
  .implement({ fields: (t) => ({ typename: t.exposeString('typename'), id: t.exposeInt('id') }) });

const ActivitySuggestionRef = builder.objectRef<ActivitySuggestion>('ActivitySuggestion').implement({
  description:
    'What a SUGGESTION activity suggests: a group, a plan (title, description, image, users) or a poll (title, options).',
  fields: (t) => ({
    kind: t.string({ resolve: (s) => s.kind }),
    title: t.string({ resolve: (s) => s.title }),
    description: t.string({ nullable: true, resolve: (s) => (s.kind === 'POLL' ? null : s.description) }),
    image: t.string({ nullable: true, resolve: (s) => (s.kind === 'POLL' ? null : s.image) }),
    options: t.stringList({ nullable: true, resolve: (s) => (s.kind === 'POLL' ? s.options : null) }),
    users: t.field({
      type: [ActivityUserRef],
      resolve: async (s, _a, c) => {
        if (s.kind === 'POLL') return [];
        const people = await loadActivityPeople(c.store.db, s.userIds.slice(0, 12));
        return s.userIds.map((id) => people.get(id)).filter((u) => u !== undefined);
      },
    }),
  }),
});

/** People of a page of activities, read once per request. */
const peopleOfRequest = keptOn<RequestContext, Map<number, Promise<ActivityPersonView | null>>>();

function peopleCache(context: RequestContext): Map<number, Promise<ActivityPersonView | null>> {
  let cache = peopleOfRequest.get(context);
  if (!cache) {
    cache = new Map();
    peopleOfRequest.set(context, cache);
  }
  return cache;
}

/** Reads the creators and receivers of a page of activities in one query. */
function primePeople(context: RequestContext, activities: readonly ActivityRow[]): void {
  const cache = peopleCache(context);
  const ids = [
    ...new Set(
      activities.flatMap((a) => (a.creatorId === null ? [a.receiverId] : [a.creatorId, a.receiverId])),
    ),
  ].filter((id) => !cache.has(id));
  if (ids.length === 0) return;
  const loaded = loadActivityPeople(context.store.db, ids);
  for (const id of ids)
    cache.set(
      id,
      loaded.then((people) => people.get(id) ?? null),
    );
}

function personOf(context: RequestContext, id: number): Promise<ActivityPersonView | null> {
  const cache = peopleCache(context);
  let found = cache.get(id);
  if (!found) {
    found = loadActivityPeople(context.store.db, [id]).then((m) => m.get(id) ?? null);
    cache.set(id, found);
  }
  return found;
}

const ActivityRef = builder.objectRef<ActivityRow>('Activity').implement({
  description: 'Something that happened for the viewer (spec 3).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    type: t.field({ type: ActivityTypeRef, resolve: (a) => a.type }),
    model: t.field({ type: ActivityModelRef, resolve: (a) => ({ typename: a.modelType, id: a.modelId }) }),
    action: t.exposeString('action'),
    to: t.exposeString('to'),
    href: t.exposeString('href'),
    message: t.exposeString('message'),
    createdAt: t.string({ resolve: (a) => a.createdAt.toISOString() }),
    timeAgo: t.string({ resolve: (a) => timeAgo(a.createdAt, new Date()) }),
    highlighted: t.boolean({ description: 'Not read yet.', resolve: (a) => a.readAt === null }),
    creator: t.field({
      type: ActivityUserRef,
      nullable: true,
      resolve: (a, _args, c) => (a.creatorId === null ? null : personOf(c, a.creatorId)),
    }),
    receiver: t.field({
      type: ActivityUserRef,
      nullable: true,
      resolve: (a, _args, c) => personOf(c, a.receiverId),
    }),
    suggestion: t.field({ type: ActivitySuggestionRef, nullable: true, resolve: (a) => a.suggestion }),
  }),
});

/**
 * Whether a myActivities selection asks for the page itself (activities or nextMarker), rather
 * than only its counts; a fragment counts as asking.
 */
function asksForItems(info: GraphQLResolveInfo): boolean {
  return info.fieldNodes.some((node) =>
    (node.selectionSet?.selections ?? []).some(
      (selection) =>
        selection.kind !== Kind.FIELD ||
        selection.name.value === 'activities' ||
        selection.name.value === 'nextMarker',
    ),
  );
}

const ActivityListRef = builder.objectRef<ActivityList>('ActivityList').implement({
  fields: (t) => ({
    activities: t.field({
      type: [ActivityRef],
      resolve: (l, _args, context) => {
        primePeople(context, l.activities);
        return l.activities;
      },
    }),
    lastChecked: t.string({ nullable: true, resolve: (l) => l.lastChecked?.toISOString() ?? null }),
    unreadCount: t.exposeInt('unreadCount', {
      description: `Unread activities, counted up to ${ACTIVITY_UNREAD_COUNT_MAX} (a badge shows 99+ past 99).`,
    }),
    nextMarker: t.exposeString('nextMarker', { nullable: true }),
  }),
});

const MyActivityEventRef = builder.objectRef<MyActivityEvent>('MyActivityEvent').implement({
  fields: (t) => ({
    kind: t.exposeString('kind', { description: 'READY once live, then CHANGED.' }),
    unreadCount: t.exposeInt('unreadCount', {
      description: `Unread activities, counted up to ${ACTIVITY_UNREAD_COUNT_MAX}.`,
    }),
    latest: t.field({ type: ActivityRef, nullable: true, resolve: (e) => e.latest }),
  }),
});

const ChannelChoiceRef = builder
  .objectRef<NotificationPreference['channels']>('NotificationChannels')
  .implement({
    fields: (t) => ({
      inApp: t.boolean({ resolve: (c) => c.IN_APP }),
      push: t.boolean({ resolve: (c) => c.PUSH }),
      email: t.boolean({ resolve: (c) => c.EMAIL }),
    }),
  });

const NotificationPreferenceRef = builder
  .objectRef<NotificationPreference>('NotificationPreference')
  .implement({
    fields: (t) => ({
      type: t.field({ type: ActivityTypeRef, resolve: (p) => p.type }),
      label: t.exposeString('label'),
      section: t.exposeString('section'),
      channels: t.field({ type: ChannelChoiceRef, resolve: (p) => p.channels }),
      defaults: t.field({ type: ChannelChoiceRef, resolve: (p) => p.defaults }),
    }),
  });

interface MuteView {
  type: 'PLAN' | 'GROUP';
  key: string;
  title: string;
  href: string;
  until: Date;
}

const NotificationMuteRef = builder.objectRef<MuteView>('NotificationMute').implement({
  fields: (t) => ({
    type: t.field({ type: MuteSubjectTypeRef, resolve: (m) => m.type }),
    key: t.exposeString('key'),
    title: t.exposeString('title'),
    href: t.exposeString('href'),
    until: t.string({
      nullable: true,
      description: 'Null when muted until turned back on.',
      resolve: (m) => (m.until.getTime() >= MUTE_FOREVER.getTime() ? null : m.until.toISOString()),
    }),
  }),
});

async function listMutes(context: RequestContext, userId: number): Promise<MuteView[]> {
  const found = await rows<{
    type: 'PLAN' | 'GROUP';
    key: string;
    slug: string;
    title: string;
    until: string | Date;
  }>(
    context.store.db,
    sql`SELECT 'PLAN' AS type, p.key, p.slug, p.title, m.until FROM notification_mutes m
          JOIN plans p ON m.subject = 'plan:' || p.id
          WHERE m.user_id = ${userId} AND m.until > now()
        UNION ALL
        SELECT 'GROUP' AS type, g.key, g.slug, g.title, m.until FROM notification_mutes m
          JOIN groups g ON m.subject = 'group:' || g.id
          WHERE m.user_id = ${userId} AND m.until > now()
        ORDER BY title`,
  );
  return found.map((m) => ({
    type: m.type,
    key: m.key,
    title: m.title,
    href: m.type === 'PLAN' ? `/${m.slug}/${m.key}` : `/group/${m.slug}/${m.key}`,
    until: new Date(m.until),
  }));
}

const NotificationSettingsRef = builder
  .objectRef<NotificationSettingsView & { userId: number }>('NotificationSettings')
  .implement({
    fields: (t) => ({
      preferences: t.field({ type: [NotificationPreferenceRef], resolve: (s) => s.preferences }),
      quietStart: t.exposeString('quietStart', { nullable: true, description: '"22:00", or null when off.' }),
      quietEnd: t.exposeString('quietEnd', { nullable: true }),
      timeZone: t.exposeString('timeZone', { nullable: true }),
      emailDigest: t.exposeBoolean('emailDigest'),
      mutes: t.field({ type: [NotificationMuteRef], resolve: (s, _a, c) => listMutes(c, s.userId) }),
    }),
  });

const NotificationSettingsInput = builder.inputType('NotificationSettingsInput', {
  fields: (t) => ({
    quietStart: t.string({
      description: '24-hour time like 22:00; empty with quietEnd empty turns quiet hours off.',
    }),
    quietEnd: t.string(),
    timeZone: t.string({ description: 'IANA zone, e.g. Europe/Lisbon.' }),
    emailDigest: t.boolean(),
  }),
});

async function settingsOf(context: RequestContext, userId: number) {
  return { ...(await readNotificationSettings(context.store.db, userId)), userId };
}

/** plan:<id> or group:<id> of a plan or group the viewer may see (NOT_FOUND otherwise). */
async function muteSubject(context: RequestContext, type: 'PLAN' | 'GROUP', key: string): Promise<string> {
  if (!key.trim()) throw badUserInput('key', 'Give the plan’s or group’s key.');
  if (type === 'PLAN') return `plan:${(await findPlan(context, { key })).plan.id}`;
  return `group:${(await findGroup(context, { key })).group.id}`;
}

function parseUntil(until: string | null | undefined): Date {
  if (until == null) return MUTE_FOREVER;
  const at = new Date(until);
  if (Number.isNaN(at.getTime()))
    throw badUserInput('until', 'Give a date and time (ISO 8601), or leave it out for always.');
  if (at.getTime() <= Date.now()) throw badUserInput('until', 'Give a time in the future.');
  return at;
}

const mutedUntilField = (subjectOf: (parent: { id: number }) => string) => ({
  type: 'String' as const,
  nullable: true as const,
  description: 'Until when the viewer muted notifications about it; "always" is 9999-12-31.',
  resolve: async (parent: { id: number }, _args: object, context: RequestContext) =>
    (await viewerMutes(context).load(subjectOf(parent)))?.toISOString() ?? null,
});

builder.objectField(PlanRef, 'notificationsMutedUntil', (t) =>
  t.field(mutedUntilField((plan) => `plan:${plan.id}`)),
);
builder.objectField(GroupRef, 'notificationsMutedUntil', (t) =>
  t.field(mutedUntilField((group) => `group:${group.id}`)),
);

builder.queryFields((t) => ({
  myActivities: t.field({
    type: ActivityListRef,
    authScopes: { signedIn: true },
    description: 'The viewer’s activity feed, newest first; since (epoch seconds) keeps only newer ones.',
    args: { since: t.arg.int(), marker: t.arg.string(), limit: t.arg.int() },
    resolve: async (_root, args, context, info) => {
      const me = await requireViewerUser(context);
      return listActivities(context.store.db, me.id, args, asksForItems(info));
    },
  }),
  notificationSettings: t.field({
    type: NotificationSettingsRef,
    authScopes: { signedIn: true },
    description: 'Per kind and channel choices, quiet hours, digest, and muted plans and groups.',
    resolve: async (_root, _args, context) => settingsOf(context, (await requireViewerUser(context)).id),
  }),
}));

builder.mutationFields((t) => ({
  clearNotifications: t.int({
    authScopes: { signedIn: true },
    description: `Marks the viewer’s activities of a kind (or ALL) read; ALL also sets lastChecked. Answers the unread count left, counted up to ${ACTIVITY_UNREAD_COUNT_MAX}.`,
    args: { type: t.arg({ type: NotificationTypeRef, required: true }) },
    resolve: async (_root, { type }, context) => {
      const me = await requireViewerUser(context);
      return clearNotifications(context, me.id, type);
    },
  }),
  markActivityRead: t.int({
    authScopes: { signedIn: true },
    description: `Marks one of the viewer’s activities read; answers the unread count left, counted up to ${ACTIVITY_UNREAD_COUNT_MAX}.`,
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_root, { id }, context) => {
      const me = await requireViewerUser(context);
      return markActivityRead(context, me.id, id);
    },
  }),
  updateNotificationPreference: t.field({
    type: NotificationSettingsRef,
    authScopes: { signedIn: true },
    args: {
      type: t.arg({ type: ActivityTypeRef, required: true }),
      channel: t.arg({ type: NotificationChannelRef, required: true }),
      enabled: t.arg.boolean({ required: true }),
    },
    resolve: async (_root, { type, channel, enabled }, context) => {
      const me = await requireViewerUser(context);
      await setNotificationPreference(context.store.db, me.id, type, channel, enabled);
      return settingsOf(context, me.id);
    },
  }),
  updateNotificationSettings: t.field({
    type: NotificationSettingsRef,
    authScopes: { signedIn: true },
    args: { settings: t.arg({ type: NotificationSettingsInput, required: true }) },
    resolve: async (_root, { settings }, context) => {
      const me = await requireViewerUser(context);
      await updateNotificationSettings(context.store.db, me.id, settings);
      return settingsOf(context, me.id);
    },
  }),
  muteNotifications: t.string({
    authScopes: { signedIn: true },
    description: 'No push or e-mail about a plan or group until `until` (left out: always). Answers the end.',
    args: {
      type: t.arg({ type: MuteSubjectTypeRef, required: true }),
      key: t.arg.string({ required: true }),
      until: t.arg.string(),
    },
    resolve: async (_root, { type, key, until }, context) => {
      const me = await requireViewerUser(context);
      const at = parseUntil(until);
      const subject = await muteSubject(context, type, key);
      await setMute(context.store.db, me.id, subject, at);
      viewerMutes(context).clear(subject);
      return at.toISOString();
    },
  }),
  unmuteNotifications: t.boolean({
    authScopes: { signedIn: true },
    args: {
      type: t.arg({ type: MuteSubjectTypeRef, required: true }),
      key: t.arg.string({ required: true }),
    },
    resolve: async (_root, { type, key }, context) => {
      const me = await requireViewerUser(context);
      const subject = await muteSubject(context, type, key);
      await setMute(context.store.db, me.id, subject, null);
      viewerMutes(context).clear(subject);
      return true;
    },
  }),
}));

builder.subscriptionFields((t) => ({
  myActivityEvents: t.field({
    type: MyActivityEventRef,
    authScopes: { signedIn: true },
    description: 'The viewer’s unread count, live: READY once subscribed, then CHANGED after every change.',
    subscribe: async (_root, _args, context) => {
      const me = await requireViewerUser(context);
      return myActivityEventStream(context, me.id);
    },
    resolve: (event) => event,
  }),
}));
