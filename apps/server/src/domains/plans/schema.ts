import { sql } from 'drizzle-orm';
import { displayLink, unwrapLink } from '@plaza/core/link-display';
import { planViewerRoles, type PlanPermissions } from '@plaza/core/plan-access';
import { calendarRule } from '@plaza/core/calendar-rule';
import { WEEKDAYS, MONTHLY_MODES } from '@plaza/core/plan-occurrences';
import { PLAN_RESPONSE_VALUES, planResponseName, type PlanResponseValue } from '@plaza/core/plan-response';
import { describePlanTime, type PlanTime } from '@plaza/core/plan-time';
import { RECURRENCE_FREQUENCIES } from '@plaza/core/recurrence';
import { ensureModelChat } from '../chats/chat-access.ts';
import { builder } from '../../graphql/builder.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput } from '../../graphql/errors.ts';
import { requestScoped } from '../../graphql/request-scoped.ts';
import { findGroup } from '../groups/find-group.ts';
import { groupLoaders } from '../groups/group-loaders.ts';
import { Coordinates, HashtagRef } from '../groups/schema.ts';
import { GroupRef } from '../groups/group-type.ts';
import { parseDateFilter } from '../social/list-user-plans.ts';
import type { UserRow } from '../users/find-user.ts';
import { requireViewerUser } from '../users/require-viewer-user.ts';
import { UserRef } from '../users/schema.ts';
import { createPlan } from './create-plan.ts';
import { deletePlan } from './delete-plan.ts';
import { findPlan } from './find-plan.ts';
import { inviteToPlan, type PlanInviteResult } from './invite-to-plan.ts';
import { listMyPlans, type MyPlansPage } from './list-my-plans.ts';
import { listPlanAttendees, type PlanAttendee, type PlanAttendeePage } from './list-plan-attendees.ts';
import { listPlanOccurrences } from './list-plan-occurrences.ts';
import { loadPlanAccess } from './plan-access.ts';
import type { PlanInput } from './plan-input.ts';
import { occurrenceKey, planLoaders } from './plan-loaders.ts';
import { resolveOccurrence } from './plan-occurrence.ts';
import { PlanRef, type PlanCard } from './plan-type.ts';
import {
  occurrenceField,
  planCardOf,
  rowViewOf,
  viewOf,
  type PlanRowView,
  type PlanView,
} from './plan-view.ts';
import { respondToPlan } from './respond-to-plan.ts';
import { updatePlan } from './update-plan.ts';

/** Friends shown on a plan card (spec 3 pivot.friendSample); people shown in attendingOrInterested. */
const FRIEND_SAMPLE_SIZE = 3;
const ATTENDING_OR_INTERESTED_SHOWN = 10;
/** A plan is "soon" when it starts within this time and has not ended. */
const SOON_MS = 24 * 3_600_000;

const PlanTimeRef = builder.objectRef<PlanTime>('PlanTime').implement({
  description:
    'A plan’s start or end (spec 3): date and local in the plan’s time zone, utc, iso with the zone’s offset, and timeSet (false for all-day plans).',
  fields: (t) => ({
    date: t.exposeString('date'),
    utc: t.exposeString('utc'),
    local: t.exposeString('local'),
    iso: t.exposeString('iso'),
    timeSet: t.exposeBoolean('timeSet'),
  }),
});

const PlanLocationRef = builder.objectRef<PlanRowView>('PlanLocation').implement({
  fields: (t) => ({
    name: t.string({ nullable: true, resolve: (v) => occurrenceField(v, 'locationName') }),
    address: t.string({ nullable: true, resolve: (v) => occurrenceField(v, 'address') }),
    city: t.string({ nullable: true, resolve: (v) => occurrenceField(v, 'city') }),
    state: t.string({ nullable: true, resolve: (v) => occurrenceField(v, 'state') }),
    coordinates: t.field({
      type: Coordinates,
      nullable: true,
      resolve: ({ row }) =>
        row.latitude === null || row.longitude === null
          ? null
          : { latitude: row.latitude / 1e6, longitude: row.longitude / 1e6 },
    }),
    query: t.string({ nullable: true, resolve: ({ row }) => row.locationQuery }),
  }),
});

const PlanRecurringRef = builder.objectRef<PlanRowView>('PlanRecurring').implement({
  description: 'How a plan repeats (spec 3 recurring).',
  fields: (t) => ({
    frequency: t.string({ resolve: ({ row }) => row.recurrence!.frequency }),
    byDay: t.stringList({ resolve: ({ row }) => row.recurrence!.byDay ?? [] }),
    monthly: t.string({
      nullable: true,
      description: 'DAY_OF_MONTH or ORDINAL_WEEKDAY, for monthly plans.',
      resolve: ({ row }) =>
        row.recurrence!.frequency === 'MONTHLY' ? (row.recurrence!.monthly ?? 'DAY_OF_MONTH') : null,
    }),
    endDate: t.string({ nullable: true, resolve: ({ row }) => row.recurrence!.endDate ?? null }),
    rrule: t.string({
      description:
        'The iCalendar RRULE line, as in the plan’s .ics: UNTIL is the end date’s last second in the plan’s zone, in UTC.',
      resolve: ({ row }) =>
        `RRULE:${calendarRule({ start: row.startsAt, timezone: row.timezone, allDay: row.allDay, recurrence: row.recurrence! })}`,
    }),
  }),
});

const PERMISSION_NAMES = [
  'view',
  'modify',
  'share',
  'delete',
  'respond',
  'invite',
  'chat',
  'createChatMessage',
  'createChatImage',
  'createChatPoll',
  'createChatVideo',
  'openInvites',
] as const satisfies ReadonlyArray<keyof PlanPermissions>;

const PlanPermissionsRef = builder.objectRef<PlanPermissions>('PlanPermissions').implement({
  description: 'What the viewer may do with the plan, computed by the server (decision 0009).',
  fields: (t) =>
    Object.fromEntries(PERMISSION_NAMES.map((name) => [name, t.exposeBoolean(name)])) as Record<
      (typeof PERMISSION_NAMES)[number],
      ReturnType<typeof t.exposeBoolean>
    >,
});

const PlanFlagsRef = builder.objectRef<PlanView>('PlanFlags').implement({
  fields: (t) => ({
    chat: t.boolean({ description: 'The plan’s chat flag.', resolve: ({ row }) => row.chatEnabled }),
    creator: t.boolean({
      description: 'The viewer created the plan.',
      resolve: ({ access }) => access.facts.isCreator,
    }),
    actions: t.stringList({
      description: 'The names of the permissions the viewer holds.',
      resolve: ({ access }) => PERMISSION_NAMES.filter((name) => access.permissions[name]),
    }),
  }),
});

const PlanAccessLevelsRef = builder.objectRef<PlanView>('PlanAccessLevels').implement({
  description: 'The access mask each action requires (spec 3); a viewer passes when the masks share a bit.',
  fields: (t) => ({
    view: t.int({ resolve: ({ row }) => row.viewMask }),
    modify: t.int({ resolve: ({ row }) => row.modifyMask }),
    share: t.int({ resolve: ({ row }) => row.shareMask }),
    createChatImage: t.int({ resolve: ({ row }) => row.createChatImageMask }),
    createChatMessage: t.int({ resolve: ({ row }) => row.createChatMessageMask }),
    createChatPoll: t.int({ resolve: ({ row }) => row.createChatPollMask }),
    createChatVideo: t.int({ resolve: ({ row }) => row.createChatVideoMask }),
  }),
});

/** The people attendingOrInterested and userIds show: this occurrence's, friends first. */
async function attendingOrInterestedShown(context: RequestContext, card: PlanCard) {
  const v = await rowView(context, card);
  const page = await listPlanAttendees(context, {
    planId: v.row.id,
    occurrence: v.occurrence.key,
    responses: ['ATTENDING', 'INTERESTED'],
    limit: ATTENDING_OR_INTERESTED_SHOWN,
  });
  return page.attendees.map((a) => a.user);
}

async function viewerResponse(context: RequestContext, view: PlanView) {
  return planLoaders(context).viewerResponse.load(occurrenceKey(view.row.id, view.occurrence.key));
}

const PlanAuthorizationRef = builder.objectRef<PlanView>('PlanAuthorization').implement({
  description: 'The viewer and this plan (occurrence): their response, access bits and roles.',
  fields: (t) => ({
    attending: t.boolean({
      resolve: async (v, _a, c) => (await viewerResponse(c, v))?.response === 'ATTENDING',
    }),
    interested: t.boolean({
      resolve: async (v, _a, c) => (await viewerResponse(c, v))?.response === 'INTERESTED',
    }),
    nextTime: t.boolean({
      resolve: async (v, _a, c) => (await viewerResponse(c, v))?.response === 'NEXT_TIME',
    }),
    invited: t.boolean({ resolve: ({ access }) => access.facts.isInvited }),
    accessLevel: t.int({
      description: 'The viewer’s access bits (spec 4).',
      resolve: ({ access }) => access.mask,
    }),
    invitationStatus: t.string({
      nullable: true,
      description: 'The viewer’s response name of spec 4 (invited, attending, notattending…); null for none.',
      resolve: async (v, _a, c) => {
        const own = await viewerResponse(c, v);
        return own ? planResponseName(own.response as PlanResponseValue | null) : null;
      },
    }),
    chatCount: t.int({
      description: 'Messages in the plan’s chat; 0 for viewers without chat.',
      resolve: async ({ row, access }, _a, c) => {
        if (!access.permissions.chat) return 0;
        const result = await c.store.db.execute(
          sql`SELECT count(*) AS n FROM messages m JOIN chats ch ON ch.id = m.chat_id WHERE ch.plan_id = ${row.id}`,
        );
        return Number((result.rows[0] as { n: string | number } | undefined)?.n ?? 0);
      },
    }),
    viewerRoles: t.stringList({
      description: 'creator, invited, attending, member: derived from the access bits (spec 6).',
      resolve: ({ access }) => planViewerRoles(access.mask),
    }),
  }),
});

const PlanAttendeesCountRef = builder
  .objectRef<{ attending: number; interested: number; nextTime: number; invited: number }>(
    'PlanAttendeesCount',
  )
  .implement({
    fields: (t) => ({
      attending: t.exposeInt('attending'),
      interested: t.exposeInt('interested'),
      nextTime: t.exposeInt('nextTime'),
      invited: t.exposeInt('invited'),
      total: t.int({ resolve: (c) => c.attending + c.interested + c.nextTime + c.invited }),
    }),
  });

const PlanAttendeeRef = builder.objectRef<PlanAttendee>('PlanAttendee').implement({
  fields: (t) => ({
    user: t.field({ type: UserRef, resolve: (a) => a.user }),
    response: t.string({
      nullable: true,
      description: 'ATTENDING, UNATTENDING, NEXT_TIME, INTERESTED or UNINTERESTED; null when only invited.',
      resolve: (a) => a.response,
    }),
  }),
});

const PlanAttendeePageRef = builder.objectRef<PlanAttendeePage>('PlanAttendeePage').implement({
  fields: (t) => ({
    nextMarker: t.exposeString('nextMarker', { nullable: true }),
    attendees: t.field({ type: [PlanAttendeeRef], resolve: (p) => p.attendees }),
  }),
});

/** A request's friends attending of each plan view (both pivot fields ask; one statement answers both). */
const friendsAttendingOf = requestScoped(
  () => new WeakMap<PlanView, Promise<{ count: number; sample: UserRow[] }>>(),
);

/**
 * The viewer's friends attending or interested in the view's occurrence: how many, and the first
 * FRIEND_SAMPLE_SIZE, friends by name.
 */
function friendsAttending(context: RequestContext, view: PlanView) {
  if (context.viewer === null) return Promise.resolve({ count: 0, sample: [] });
  const known = friendsAttendingOf(context);
  let found = known.get(view);
  if (!found) {
    found = listPlanAttendees(context, {
      planId: view.row.id,
      occurrence: view.occurrence.key,
      responses: ['ATTENDING', 'INTERESTED'],
      onlyFriends: true,
      limit: FRIEND_SAMPLE_SIZE,
      countAll: true,
    }).then((page) => ({ count: page.total ?? 0, sample: page.attendees.map((a) => a.user) }));
    known.set(view, found);
  }
  return found;
}

const PlanPivotRef = builder.objectRef<PlanView>('PlanPivot').implement({
  description: 'The plan seen from the viewer: friends attending or interested, and chat muting.',
  fields: (t) => ({
    friendCount: t.int({
      resolve: async (v, _a, c) => (await friendsAttending(c, v)).count,
    }),
    friendSample: t.field({
      type: [UserRef],
      resolve: async (v, _a, c) => (await friendsAttending(c, v)).sample,
    }),
    muteUntil: t.string({
      nullable: true,
      resolve: async ({ row }, _a, c) => {
        if (c.viewer === null) return null;
        const result = await c.store.db.execute(
          sql`SELECT cm.mute_until FROM chat_members cm JOIN chats ch ON ch.id = cm.chat_id
              WHERE ch.plan_id = ${row.id} AND cm.user_id = ${c.viewer.id}`,
        );
        const at = (result.rows[0] as { mute_until: string | Date | null } | undefined)?.mute_until;
        return at ? new Date(at).toISOString() : null;
      },
    }),
  }),
});

const view = (context: RequestContext, card: PlanCard) => viewOf(context, card);
const rowView = (context: RequestContext, card: PlanCard) => rowViewOf(context, card);

builder.objectFields(PlanRef, (t) => ({
  occurrence: t.string({
    nullable: true,
    description:
      'The occurrence shown, by its original start (ISO, UTC); null for a plan that does not repeat. Pass it back to act on this occurrence.',
    resolve: async (p, _a, c) => (await rowView(c, p)).occurrence.key || null,
  }),
  description: t.string({
    resolve: async (p, _a, c) => occurrenceField(await rowView(c, p), 'description') ?? '',
  }),
  link: t.string({
    nullable: true,
    description: 'The plan’s link with redirect wrappers removed.',
    resolve: async (p, _a, c) => {
      const link = occurrenceField(await rowView(c, p), 'link');
      return link ? unwrapLink(link) : null;
    },
  }),
  linkText: t.string({
    nullable: true,
    description: 'The link as shown (spec 5): no scheme, leading www. or trailing slash.',
    resolve: async (p, _a, c) => {
      const link = occurrenceField(await rowView(c, p), 'link');
      return link ? displayLink(link) : null;
    },
  }),
  outUrl: t.string({
    nullable: true,
    resolve: async (p, _a, c) => {
      const link = occurrenceField(await rowView(c, p), 'outUrl');
      return link ? unwrapLink(link) : null;
    },
  }),
  outUrlText: t.string({
    nullable: true,
    resolve: async (p, _a, c) => {
      const link = occurrenceField(await rowView(c, p), 'outUrl');
      return link ? displayLink(link) : null;
    },
  }),
  shareUrl: t.string({
    description:
      'The plan page (/<slug>/<key>). For viewers who may share it carries invite_key, so whoever opens it counts as invited; k is passed through.',
    args: { k: t.arg.string() },
    resolve: async (p, args, c) => {
      const { row, access } = await view(c, p);
      const url = new URL(`${c.config.publicUrl}/${row.slug}/${row.key}`);
      if (access.permissions.share) url.searchParams.set('invite_key', row.inviteKey);
      if (args.k) url.searchParams.set('k', args.k);
      return url.toString();
    },
  }),
  chatKey: t.string({
    nullable: true,
    description: 'The plan chat’s key; null unless the chat flag is on and the viewer may chat.',
    resolve: async (p, _a, c) => {
      const { row, access } = await view(c, p);
      if (!access.permissions.chat) return null;
      return (
        (await planLoaders(c).chatKey.load(row.id)) ?? (await ensureModelChat(c.store.db, 'p', row.id)).key
      );
    },
  }),
  creator: t.field({
    type: UserRef,
    nullable: true,
    resolve: async (p, _a, c) => groupLoaders(c).user.load((await rowView(c, p)).row.creatorId),
  }),
  isPublic: t.boolean({ resolve: async (p, _a, c) => ((await rowView(c, p)).row.viewMask & 1) === 1 }),
  allDay: t.boolean({ resolve: async (p, _a, c) => (await rowView(c, p)).row.allDay }),
  soon: t.boolean({
    description: 'Starts within 24 hours and has not ended.',
    resolve: async (p, _a, c) => {
      const { occurrence } = await rowView(c, p);
      const now = Date.now();
      return occurrence.startsAt.getTime() - now <= SOON_MS && occurrence.endsAt.getTime() > now;
    },
  }),
  exploreStatus: t.string({ resolve: async (p, _a, c) => (await rowView(c, p)).row.exploreStatus }),
  organizationId: t.int({
    nullable: true,
    resolve: async (p, _a, c) => (await rowView(c, p)).row.organizationId,
  }),
  start: t.field({
    type: PlanTimeRef,
    resolve: async (p, _a, c) => {
      const { row, occurrence } = await rowView(c, p);
      return describePlanTime(occurrence.startsAt, row.timezone, row.allDay);
    },
  }),
  end: t.field({
    type: PlanTimeRef,
    description: 'Exclusive: an all-day plan ends at midnight after its last day.',
    resolve: async (p, _a, c) => {
      const { row, occurrence } = await rowView(c, p);
      return describePlanTime(occurrence.endsAt, row.timezone, row.allDay);
    },
  }),
  place: t.field({
    type: PlanLocationRef,
    nullable: true,
    description:
      'Spec 3 location (name, address, city, state, coordinates, query); `location` stays the name.',
    resolve: async (p, _a, c) => {
      const v = await rowView(c, p);
      const { row } = v;
      const any = [
        occurrenceField(v, 'locationName'),
        occurrenceField(v, 'address'),
        occurrenceField(v, 'city'),
      ];
      return any.some(Boolean) || row.latitude !== null ? v : null;
    },
  }),
  hashtags: t.field({
    type: [HashtagRef],
    resolve: async (p, _a, c) => {
      const { row } = await rowView(c, p);
      const found = await Promise.all(row.hashtags.map((name) => groupLoaders(c).hashtag.load(name)));
      return row.hashtags.map((name, i) => found[i] ?? { id: null, name, emoji: null });
    },
  }),
  recurring: t.field({
    type: PlanRecurringRef,
    nullable: true,
    resolve: async (p, _a, c) => {
      const v = await rowView(c, p);
      return v.row.recurrence ? v : null;
    },
  }),
  flags: t.field({ type: PlanFlagsRef, resolve: (p, _a, c) => view(c, p) }),
  accessLevels: t.field({ type: PlanAccessLevelsRef, resolve: (p, _a, c) => view(c, p) }),
  authorization: t.field({ type: PlanAuthorizationRef, resolve: (p, _a, c) => view(c, p) }),
  permissions: t.field({
    type: PlanPermissionsRef,
    resolve: async (p, _a, c) => (await view(c, p)).access.permissions,
  }),
  attendingOrInterested: t.field({
    type: [UserRef],
    description: `Up to ${ATTENDING_OR_INTERESTED_SHOWN} people attending or interested (this occurrence), friends first.`,
    resolve: (p, _a, c) => attendingOrInterestedShown(c, p),
  }),
  userIds: t.intList({
    description: `The ids of the people in attendingOrInterested (up to ${ATTENDING_OR_INTERESTED_SHOWN}, friends first).`,
    resolve: async (p, _a, c) => (await attendingOrInterestedShown(c, p)).map((user) => user.id),
  }),
  attendingOrInterestedCount: t.int({
    resolve: async (p, _a, c) => {
      const v = await rowView(c, p);
      const counts = await planLoaders(c).counts.load(occurrenceKey(v.row.id, v.occurrence.key));
      return counts.attending + counts.interested;
    },
  }),
  attendeesCount: t.field({
    type: PlanAttendeesCountRef,
    nullable: true,
    description: 'For a private plan in a group (spec 3); null otherwise.',
    resolve: async (p, _a, c) => {
      const v = await rowView(c, p);
      if (v.row.groupId === null || (v.row.viewMask & 1) === 1) return null;
      return planLoaders(c).counts.load(occurrenceKey(v.row.id, v.occurrence.key));
    },
  }),
  invited: t.field({
    type: [UserRef],
    description: 'People invited who have not answered; shown to those who may share the plan.',
    resolve: async (p, _a, c) => {
      const v = await view(c, p);
      if (!v.access.permissions.share) return [];
      const page = await listPlanAttendees(c, {
        planId: v.row.id,
        occurrence: v.occurrence.key,
        responses: ['INVITED'],
        limit: 100,
      });
      return page.attendees.map((a) => a.user);
    },
  }),
  groups: t.field({
    type: [GroupRef],
    description: 'The group the plan is in (spec 3 groups), as a list.',
    resolve: async (p, _a, c) => {
      const { row } = await rowView(c, p);
      const group = row.groupId === null ? null : await groupLoaders(c).row.load(row.groupId);
      return group ? [group] : [];
    },
  }),
  groupIds: t.intList({
    resolve: async (p, _a, c) => {
      const { row } = await rowView(c, p);
      return row.groupId === null ? [] : [row.groupId];
    },
  }),
  pivot: t.field({ type: PlanPivotRef, resolve: (p, _a, c) => view(c, p) }),
}));

const PlanResponseRef = builder.enumType('PlanResponse', { values: PLAN_RESPONSE_VALUES });
const PlanAttendeeFilterRef = builder.enumType('PlanAttendeeFilter', {
  values: [...PLAN_RESPONSE_VALUES, 'INVITED'] as const,
});
const ApplyToRef = builder.enumType('PlanApplyTo', {
  description: '"Apply the changes to:" — ALL: all repeating plans; ONLY_THIS: only this plan (spec 4).',
  values: ['ALL', 'ONLY_THIS'] as const,
});

const CoordinatesInput = builder.inputType('PlanCoordinatesInput', {
  fields: (t) => ({ latitude: t.float({ required: true }), longitude: t.float({ required: true }) }),
});

const PlanLocationInput = builder.inputType('PlanLocationInput', {
  fields: (t) => ({
    placeId: t.id({
      description:
        'A Location id from searchLocations: the server fills name, address, city, state and coordinates from it.',
    }),
    name: t.string(),
    address: t.string(),
    city: t.string(),
    state: t.string(),
    coordinates: t.field({ type: CoordinatesInput }),
    query: t.string(),
  }),
});

const PlanRecurringInput = builder.inputType('PlanRecurringInput', {
  fields: (t) => ({
    frequency: t.string({ required: true, description: RECURRENCE_FREQUENCIES.join(', ') }),
    byDay: t.stringList({ description: `Weekly: ${WEEKDAYS.join(', ')}.` }),
    monthly: t.string({ description: `Monthly: ${MONTHLY_MODES.join(' or ')} (default DAY_OF_MONTH).` }),
    endDate: t.string({ description: 'YYYY-MM-DD, inclusive, in the plan’s time zone.' }),
  }),
});

const PlanAccessLevelsInput = builder.inputType('PlanAccessLevelsInput', {
  fields: (t) => ({
    view: t.int(),
    modify: t.int(),
    share: t.int(),
    createChatImage: t.int(),
    createChatMessage: t.int(),
    createChatPoll: t.int(),
    createChatVideo: t.int(),
  }),
});

const PlanInputRef = builder.inputType('PlanInput', {
  description: 'Fields of a plan; absent fields keep their value (or the new-plan default).',
  fields: (t) => ({
    title: t.string(),
    description: t.string(),
    image: t.string({ description: 'A path from POST /media/upload, or null for the creator’s picture.' }),
    link: t.string(),
    outUrl: t.string(),
    isPublic: t.boolean({ description: 'A public plan cannot repeat and is the only kind with hashtags.' }),
    allDay: t.boolean(),
    start: t.string({
      description:
        'YYYY-MM-DD (all-day), YYYY-MM-DDTHH:mm in the plan’s time zone, or an instant with Z or an offset. Missing: the next full hour.',
    }),
    end: t.string({
      description: 'As start; exclusive for all-day plans. Missing: one hour after the start.',
    }),
    timezone: t.string({
      description:
        'IANA name; a plan without address or city stays in UTC, and a place with coordinates sets the zone found there.',
    }),
    location: t.field({ type: PlanLocationInput }),
    hashtags: t.stringList(),
    recurring: t.field({ type: PlanRecurringInput, description: 'null removes the repetition.' }),
    chat: t.boolean({ description: 'The chat flag.' }),
    exploreStatus: t.string({ description: 'ENABLED or DISABLED.' }),
    accessLevels: t.field({ type: PlanAccessLevelsInput }),
    organizationId: t.int({
      description:
        'An organization the saver belongs to, whose people may then see the plan (spec 6); null for none.',
    }),
    groupId: t.id({
      description: 'createPlan only: the group to create it in (its createPlan mask applies).',
    }),
  }),
});

const PlanInviteeInput = builder.inputType('PlanInviteeInput', {
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

const PlanInviteResultRef = builder
  .objectRef<PlanInviteResult & { key: string }>('PlanInviteResult')
  .implement({
    fields: (t) => ({
      key: t.exposeString('key'),
      invitedUsers: t.exposeInt('invitedUsers'),
      invitedContacts: t.exposeInt('invitedContacts'),
    }),
  });

const MyPlansPageRef = builder.objectRef<MyPlansPage>('MyPlanPage').implement({
  description: 'A page of the viewer’s plans; plans page by number (spec 7.3).',
  fields: (t) => ({
    hasMore: t.exposeBoolean('hasMore'),
    nextPage: t.exposeInt('nextPage', { nullable: true }),
    dateFilter: t.exposeString('dateFilter'),
    plans: t.field({ type: [PlanRef], resolve: (p) => p.plans }),
  }),
});

/** Explicit nulls mean "absent" for fields the domain never clears. */
function planInput(raw: Record<string, unknown>): PlanInput {
  const input = { ...raw } as PlanInput & Record<string, unknown>;
  for (const key of [
    'title',
    'isPublic',
    'allDay',
    'timezone',
    'hashtags',
    'chat',
    'exploreStatus',
    'accessLevels',
  ])
    if (input[key] === null) delete input[key];
  delete input.groupId;
  return input;
}

builder.queryFields((t) => ({
  plan: t.field({
    type: PlanRef,
    authScopes: { public: true },
    description:
      'A plan by key; inviteKey is the share link’s invite_key. A plan the viewer may not view is NOT_FOUND. For a repeating plan, occurrence picks one (default: the next).',
    args: { key: t.arg.string({ required: true }), inviteKey: t.arg.string(), occurrence: t.arg.string() },
    resolve: async (_root, args, context) => {
      const access = await findPlan(context, args);
      const occurrence = await resolveOccurrence(context, access.plan, args.occurrence);
      return planCardOf(context, access.plan, occurrence);
    },
  }),
  planOccurrences: t.field({
    type: [PlanRef],
    authScopes: { public: true },
    description:
      'The occurrences of a plan starting in [from, to) (ISO instants; at most 100), cancelled ones left out.',
    args: {
      key: t.arg.string({ required: true }),
      inviteKey: t.arg.string(),
      from: t.arg.string({ required: true }),
      to: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, context) => {
      const access = await findPlan(context, args);
      return listPlanOccurrences(context, access.plan, args.from, args.to);
    },
  }),
  planAttendees: t.field({
    type: PlanAttendeePageRef,
    authScopes: { public: true },
    description:
      'People who answered the plan (one occurrence), filtered by response; INVITED: invited, no answer yet.',
    args: {
      key: t.arg.string({ required: true }),
      inviteKey: t.arg.string(),
      occurrence: t.arg.string(),
      responses: t.arg({ type: [PlanAttendeeFilterRef] }),
      marker: t.arg.string(),
    },
    resolve: async (_root, args, context) => {
      const access = await findPlan(context, args);
      const occurrence = await resolveOccurrence(context, access.plan, args.occurrence);
      return listPlanAttendees(context, {
        planId: access.plan.id,
        occurrence: occurrence.key,
        responses: args.responses?.length ? args.responses : ['ATTENDING', 'INTERESTED'],
        marker: args.marker,
      });
    },
  }),
  myPlans: t.field({
    type: MyPlansPageRef,
    authScopes: { signedIn: true },
    description: 'Plans the viewer created, was invited to or answered (not declined), by page number.',
    args: { page: t.arg.int(), dateFilter: t.arg.string() },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      return listMyPlans(context, {
        userId: me.id,
        page: args.page ?? 1,
        dateFilter: parseDateFilter(args.dateFilter, 'dateFilter') ?? 'upcoming',
      });
    },
  }),
}));

builder.mutationFields((t) => ({
  createPlan: t.field({
    type: PlanRef,
    authScopes: { signedIn: true },
    description:
      'Creates a plan (private unless isPublic); with groupId inside a group whose createPlan mask admits the caller.',
    args: { plan: t.arg({ type: PlanInputRef, required: true }) },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      const group = args.plan.groupId != null ? await findGroup(context, { id: args.plan.groupId }) : null;
      const row = await createPlan(context, me, planInput(args.plan), group);
      const access = await loadPlanAccess(context, row);
      return planCardOf(context, access.plan, await resolveOccurrence(context, row, null));
    },
  }),
  updatePlan: t.field({
    type: PlanRef,
    authScopes: { signedIn: true },
    description:
      'Changes a plan (its modify mask). On a repeating plan applyTo ALL changes the series; ONLY_THIS changes the occurrence named.',
    args: {
      key: t.arg.string({ required: true }),
      plan: t.arg({ type: PlanInputRef, required: true }),
      applyTo: t.arg({ type: ApplyToRef }),
      occurrence: t.arg.string(),
    },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      const access = await findPlan(context, { key: args.key });
      if (args.plan.groupId != null)
        throw badUserInput('groupId', 'Move a plan between groups with sendGroupPlan and removeGroupPlan.');
      const result = await updatePlan(context, me, access, planInput(args.plan), {
        applyTo: args.applyTo ?? 'ALL',
        occurrence: args.occurrence ?? null,
      });
      // After ALL moved a series, the occurrence named may be gone: then the next one is shown.
      const occurrence =
        result.occurrence ??
        (await resolveOccurrence(context, result.row, args.occurrence).catch(() =>
          resolveOccurrence(context, result.row, null),
        ));
      return planCardOf(context, result.row, occurrence);
    },
  }),
  deletePlan: t.boolean({
    authScopes: { signedIn: true },
    description:
      'Deletes a plan (its creator); ONLY_THIS with an occurrence cancels one occurrence of a repeating plan.',
    args: {
      key: t.arg.string({ required: true }),
      applyTo: t.arg({ type: ApplyToRef }),
      occurrence: t.arg.string(),
    },
    resolve: async (_root, args, context) => {
      await requireViewerUser(context);
      const access = await findPlan(context, { key: args.key });
      await deletePlan(context, access, {
        applyTo: args.applyTo ?? 'ALL',
        occurrence: args.occurrence ?? null,
      });
      return true;
    },
  }),
  respondToPlan: t.field({
    type: PlanRef,
    authScopes: { signedIn: true },
    description:
      'Sets the caller’s response (spec 4 values) to a plan or one occurrence (default: the next). NEXT_TIME on a repeating plan invites them to the next occurrence.',
    args: {
      key: t.arg.string({ required: true }),
      response: t.arg({ type: PlanResponseRef, required: true }),
      occurrence: t.arg.string(),
      inviteKey: t.arg.string(),
    },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      const access = await findPlan(context, args);
      const occurrence = await respondToPlan(context, me, access, args.response, args.occurrence ?? null);
      return planCardOf(context, access.plan, occurrence);
    },
  }),
  inviteToPlan: t.field({
    type: PlanInviteResultRef,
    authScopes: { signedIn: true },
    description:
      'Invites people, a group’s members, contacts or addresses (those the share mask admits). A phone number needs the caller’s opt-in to texting invitations (updateProfileConsent), else BAD_USER_INPUT and nothing is sent; a number that opted out of Plaza texts is left out and not counted.',
    args: {
      key: t.arg.string({ required: true }),
      invitees: t.arg({ type: [PlanInviteeInput], required: true }),
    },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      const access = await findPlan(context, { key: args.key });
      const result = await inviteToPlan(context, me, access, args.invitees);
      return { key: access.plan.key, ...result };
    },
  }),
}));
