import type { PlanResponseValue } from '@plaza/core/plan-response';

/** Who a plan shows: the few fields of a person on its page and cards. */
export interface PlanPerson {
  id: number;
  username: string;
  fullName: string;
  image: string | null;
}

const PERSON = 'id username fullName image';

/** What a plan card shows, in lists (profiles, groups, my plans). */
export const PLAN_CARD_FIELDS = `key slug title image isPublic allDay timezone occurrence
  start { utc } end { utc } place { name city } attendingOrInterestedCount recurring { frequency }`;

export interface PlanCard {
  key: string;
  slug: string;
  title: string;
  image: string | null;
  isPublic: boolean;
  allDay: boolean;
  timezone: string;
  occurrence: string | null;
  start: { utc: string };
  end: { utc: string };
  place: { name: string | null; city: string | null } | null;
  attendingOrInterestedCount: number;
  recurring: { frequency: string } | null;
}

/** Everything the plan page shows; permissions come from the server (decision 0009). */
export const PLAN_PAGE_FIELDS = `key slug title description image link linkText outUrl outUrlText
  isPublic allDay timezone soon occurrence chatKey exploreStatus notificationsMutedUntil hiddenByModerator
  shareUrl
  start { utc local date } end { utc local date }
  place { name address city state query coordinates { latitude longitude } }
  hashtags { name emoji }
  recurring { frequency byDay monthly endDate }
  flags { chat }
  creator { ${PERSON} }
  groups { id key slug title }
  organization { id name }
  permissions { view modify share delete invite respond chat openInvites }
  authorization { invitationStatus invited }
  attendingOrInterestedCount
  attendeesCount { attending interested nextTime invited total }
  pivot { friendCount friendSample { ${PERSON} } }
  calendarLinks { ics google outlook }`;

export interface PlanPermissions {
  view: boolean;
  modify: boolean;
  share: boolean;
  delete: boolean;
  invite: boolean;
  respond: boolean;
  chat: boolean;
  openInvites: boolean;
}

export interface PlanRecurring {
  frequency: string;
  byDay: string[];
  monthly: string | null;
  endDate: string | null;
}

export interface PlanPage {
  key: string;
  slug: string;
  title: string;
  description: string;
  image: string | null;
  link: string | null;
  linkText: string | null;
  outUrl: string | null;
  outUrlText: string | null;
  isPublic: boolean;
  /** The organization whose people may see it (decision 0019). */
  organization: { id: number; name: string } | null;
  allDay: boolean;
  timezone: string;
  soon: boolean;
  occurrence: string | null;
  chatKey: string | null;
  /** Until when the viewer muted push and e-mail about it (9999 for always); null if not muted. */
  notificationsMutedUntil: string | null;
  exploreStatus: string;
  /** A moderator hid it (decision 0018): only its creator and site administrators see it. */
  hiddenByModerator: boolean;
  shareUrl: string;
  start: { utc: string; local: string; date: string };
  end: { utc: string; local: string; date: string };
  place: {
    name: string | null;
    address: string | null;
    city: string | null;
    state: string | null;
    query: string | null;
    coordinates: { latitude: number; longitude: number } | null;
  } | null;
  hashtags: Array<{ name: string; emoji: string | null }>;
  recurring: PlanRecurring | null;
  flags: { chat: boolean };
  creator: PlanPerson | null;
  groups: Array<{ id: number; key: string; slug: string; title: string }>;
  permissions: PlanPermissions;
  authorization: { invitationStatus: string | null; invited: boolean };
  attendingOrInterestedCount: number;
  attendeesCount: {
    attending: number;
    interested: number;
    nextTime: number;
    invited: number;
    total: number;
  } | null;
  pivot: { friendCount: number; friendSample: PlanPerson[] };
  calendarLinks: { ics: string; google: string; outlook: string } | null;
}

export interface PlanAttendee {
  response: PlanResponseValue | null;
  user: PlanPerson & { friendshipStatus: string | null };
}

export const ATTENDEE_FIELDS = `response user { ${PERSON} friendshipStatus }`;

/** The plan page's address (spec 2.1): /<slug>/<key>, with the occurrence of a repeating plan. */
export function planHref(plan: { slug: string; key: string; occurrence?: string | null }): string {
  const path = `/${encodeURIComponent(plan.slug || 'plan')}/${encodeURIComponent(plan.key)}`;
  return plan.occurrence ? `${path}?occurrence=${encodeURIComponent(plan.occurrence)}` : path;
}

/** The hash that opens the plan edit modal, like the group's (spec 2.3). */
export function planEditHash(key: string): string {
  return `#modal:plan:edit:${key}`;
}

/** The answers a person can give, in the order the page shows them (spec 4 values). */
export const RESPONSE_CHOICES: ReadonlyArray<{
  value: PlanResponseValue;
  label: string;
  repeatingOnly?: boolean;
}> = [
  { value: 'ATTENDING', label: 'Going' },
  { value: 'INTERESTED', label: 'Interested' },
  { value: 'UNATTENDING', label: 'Can’t go' },
  { value: 'NEXT_TIME', label: 'Next time', repeatingOnly: true },
];

export const FREQUENCY_LABELS: Record<string, string> = {
  DAILY: 'Every day',
  WEEKLY: 'Every week',
  MONTHLY: 'Every month',
  YEARLY: 'Every year',
};

export const WEEKDAY_LABELS: ReadonlyArray<{ value: string; short: string; long: string }> = [
  { value: 'MO', short: 'Mo', long: 'Monday' },
  { value: 'TU', short: 'Tu', long: 'Tuesday' },
  { value: 'WE', short: 'We', long: 'Wednesday' },
  { value: 'TH', short: 'Th', long: 'Thursday' },
  { value: 'FR', short: 'Fr', long: 'Friday' },
  { value: 'SA', short: 'Sa', long: 'Saturday' },
  { value: 'SU', short: 'Su', long: 'Sunday' },
];

/**
 * "Every week on Tuesday and Thursday, until Mar 1, 2027". A weekly rule without days repeats on
 * the start's weekday (in the plan's zone), which `start` gives.
 */
export function repeatSentence(recurring: PlanRecurring, start?: { utc: string; timezone: string }): string {
  const base = FREQUENCY_LABELS[recurring.frequency] ?? 'Repeats';
  const weekdays =
    recurring.byDay.length > 0
      ? recurring.byDay.map((d) => WEEKDAY_LABELS.find((w) => w.value === d)?.long ?? d)
      : start
        ? [
            new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: start.timezone }).format(
              new Date(start.utc),
            ),
          ]
        : [];
  const days = recurring.frequency === 'WEEKLY' && weekdays.length > 0 ? ` on ${listOf(weekdays)}` : '';
  const until = recurring.endDate
    ? `, until ${new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${recurring.endDate}T00:00:00Z`))}`
    : '';
  return `${base}${days}${until}`;
}

function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
