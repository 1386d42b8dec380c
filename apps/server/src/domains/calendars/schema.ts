import { calendarLocation, googleCalendarLink, outlookCalendarLink } from '@plaza/core/calendar-links';
import { builder } from '../../graphql/builder.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { unlockedByLinkIn } from '../plans/plan-access.ts';
import { PlanRef, type PlanCard } from '../plans/plan-type.ts';
import { occurrenceField, viewOf, type PlanView } from '../plans/plan-view.ts';
import { requireViewerUser } from '../users/require-viewer-user.ts';
import {
  createCalendarFeed,
  findCalendarFeed,
  revokeCalendarFeed,
  type CalendarFeedState,
} from './calendar-feed.ts';

const CalendarFeedRef = builder.objectRef<CalendarFeedState>('CalendarFeed').implement({
  description:
    'The viewer’s private calendar feed of the plans they made, attend or are interested in. Only a hash of its secret is kept, so its address is given once, by createCalendarFeed.',
  fields: (t) => ({
    active: t.boolean({ description: 'Always true: a revoked feed is no feed (null).', resolve: () => true }),
    createdAt: t.string({ resolve: (feed) => feed.createdAt.toISOString() }),
    url: t.string({
      nullable: true,
      description: 'https://…/ics/feed/<secret>.ics; only in the answer of createCalendarFeed.',
      resolve: (feed) => feed.url,
    }),
    webcalUrl: t.string({
      nullable: true,
      description: 'The same address with webcal:, which opens calendar apps; only from createCalendarFeed.',
      resolve: (feed) => feed.webcalUrl,
    }),
  }),
});

interface PlanLinks {
  ics: string;
  google: string;
  outlook: string;
}

/** The plan's add-to-calendar links for this viewer (decision 0011). */
function planLinks(context: RequestContext, view: PlanView): PlanLinks {
  const { row, access, occurrence } = view;
  const withKey = access.permissions.share || unlockedByLinkIn(context, row.id);
  const page = new URL(`${context.config.publicUrl}/${row.slug}/${row.key}`);
  const ics = new URLSearchParams();
  if (withKey) {
    page.searchParams.set('invite_key', row.inviteKey);
    ics.set('invite_key', row.inviteKey);
  }
  const seriesPlace = calendarLocation([row.locationName, row.address, row.city, row.state]);
  // Google takes a repeat rule, so it adds the whole series; Outlook's link has none, so it adds
  // the occurrence shown, with that occurrence's own changes.
  const google = googleCalendarLink({
    title: row.title,
    description: row.description,
    location: seriesPlace,
    url: page.toString(),
    start: row.startsAt,
    end: row.endsAt,
    timezone: row.timezone,
    allDay: row.allDay,
    recurrence: row.recurrence,
  });
  if (occurrence.key) page.searchParams.set('occurrence', occurrence.key);
  const outlook = outlookCalendarLink({
    title: occurrenceField(view, 'title') ?? row.title,
    description: occurrenceField(view, 'description') ?? '',
    location: calendarLocation([
      occurrenceField(view, 'locationName'),
      occurrenceField(view, 'address'),
      occurrenceField(view, 'city'),
      occurrenceField(view, 'state'),
    ]),
    url: page.toString(),
    start: occurrence.startsAt,
    end: occurrence.endsAt,
    timezone: row.timezone,
    allDay: row.allDay,
  });
  const query = ics.toString();
  return { ics: `/ics/plan/${encodeURIComponent(row.key)}.ics${query ? `?${query}` : ''}`, google, outlook };
}

const PlanCalendarLinksRef = builder.objectRef<PlanLinks>('PlanCalendarLinks').implement({
  description: 'Ways to put a plan in a calendar.',
  fields: (t) => ({
    ics: t.exposeString('ics', {
      description:
        'The path of the plan’s .ics file (/ics/plan/<key>.ics; a repeating plan with its RRULE), on Plaza’s own host; carries invite_key when the viewer came by the share link or may share.',
    }),
    google: t.exposeString('google', {
      description: 'Google Calendar’s add-event page; a repeating plan is added with its rule.',
    }),
    outlook: t.exposeString('outlook', {
      description: 'Outlook.com’s add-event page, for the occurrence shown (it takes no repeat rule).',
    }),
  }),
});

builder.objectFields(PlanRef, (t) => ({
  calendarLinks: t.field({
    type: PlanCalendarLinksRef,
    resolve: async (card: PlanCard, _args, context) => planLinks(context, await viewOf(context, card)),
  }),
}));

builder.queryFields((t) => ({
  myCalendarFeed: t.field({
    type: CalendarFeedRef,
    nullable: true,
    authScopes: { signedIn: true },
    description: 'The viewer’s calendar feed; null when they have none. Its address is not shown again.',
    resolve: async (_root, _args, context) => {
      const me = await requireViewerUser(context);
      return findCalendarFeed(context.store.db, me.id);
    },
  }),
}));

builder.mutationFields((t) => ({
  createCalendarFeed: t.field({
    type: CalendarFeedRef,
    authScopes: { signedIn: true },
    description:
      'Makes the viewer a private calendar feed, or a new secret for it (the old address stops working), and answers its address, once.',
    resolve: async (_root, _args, context) => {
      const me = await requireViewerUser(context);
      return createCalendarFeed(context.store.db, context.config.publicUrl, me.id);
    },
  }),
  revokeCalendarFeed: t.boolean({
    authScopes: { signedIn: true },
    description: 'Stops the viewer’s calendar feed; answers whether there was one.',
    resolve: async (_root, _args, context) => {
      const me = await requireViewerUser(context);
      return revokeCalendarFeed(context.store.db, me.id);
    },
  }),
}));
