import { calendarLocation } from '@plaza/core/calendar-links';
import { calendarRule, icalUtc } from '@plaza/core/calendar-rule';
import { isOccurrenceStart } from '@plaza/core/plan-occurrences';
import type { OccurrenceAt } from '../plans/plan-occurrence-rows.ts';
import type { PlanOccurrenceRow, PlanRow } from '../plans/plan-loaders.ts';
import { seriesOf } from '../plans/plan-occurrence.ts';
import type { CalendarEvent } from './icalendar.ts';

export interface PlanEventOptions {
  /** Plaza's public address: the plan page is <publicUrl>/<slug>/<key>. */
  publicUrl: string;
  /** Added to the plan page link when the calendar was asked for with the share link's key. */
  inviteKey?: string | null;
  status?: CalendarEvent['status'];
}

/** The plan's UID: its key at Plaza's host, the same in every calendar Plaza writes. */
export const planUid = (plan: Pick<PlanRow, 'key'>, publicUrl: string) =>
  `${plan.key}@${new URL(publicUrl).host}`;

function pageUrl(plan: PlanRow, options: PlanEventOptions, occurrence = ''): string {
  const url = new URL(`${options.publicUrl}/${plan.slug}/${plan.key}`);
  if (options.inviteKey) url.searchParams.set('invite_key', options.inviteKey);
  if (occurrence) url.searchParams.set('occurrence', occurrence);
  return url.toString();
}

/** The fields of one occurrence: its own changes over the series'. */
function eventOf(
  plan: PlanRow,
  occurrence: Pick<OccurrenceAt, 'startsAt' | 'endsAt' | 'changes'>,
  url: string,
) {
  const c = occurrence.changes;
  const pick = <K extends keyof typeof c & keyof PlanRow>(field: K) =>
    (c[field] !== undefined ? c[field] : plan[field]) as string | null | undefined;
  const description = (pick('description') ?? '').trim();
  return {
    start: occurrence.startsAt,
    end: occurrence.endsAt,
    timezone: plan.timezone,
    allDay: plan.allDay,
    summary: pick('title') ?? plan.title,
    // Many calendars do not show URL, so the link also ends the description.
    description: description ? `${description}\n\n${url}` : url,
    location: calendarLocation([pick('locationName'), pick('address'), pick('city'), pick('state')]),
    geo:
      plan.latitude !== null && plan.longitude !== null
        ? { latitude: plan.latitude / 1e6, longitude: plan.longitude / 1e6 }
        : null,
    url,
    created: plan.createdAt,
    lastModified: plan.updatedAt,
  } satisfies Partial<CalendarEvent>;
}

/**
 * A plan as calendar events (decision 0009's export): the plan, or for a repeating plan the series
 * with its RRULE, an EXDATE per cancelled occurrence, and one event with RECURRENCE-ID per changed
 * occurrence, all under the plan's UID.
 */
export function planEvents(
  plan: PlanRow,
  exceptions: PlanOccurrenceRow[],
  options: PlanEventOptions,
): CalendarEvent[] {
  const uid = planUid(plan, options.publicUrl);
  const status = options.status ? { status: options.status } : {};
  const master: CalendarEvent = {
    uid,
    ...eventOf(plan, { startsAt: plan.startsAt, endsAt: plan.endsAt, changes: {} }, pageUrl(plan, options)),
    ...status,
  };
  const series = seriesOf(plan);
  if (!series) return [master];
  master.rrule = calendarRule({ ...series, allDay: plan.allDay });
  const sorted = [...exceptions].sort((a, b) => a.occurrenceStart.getTime() - b.occurrenceStart.getTime());
  master.exdates = sorted.filter((e) => e.cancelled).map((e) => e.occurrenceStart);
  // RFC 5545 counts DTSTART as an occurrence even when the rule does not; Plaza does not.
  if (!isOccurrenceStart(series, plan.startsAt)) master.exdates.unshift(plan.startsAt);
  const overrides = sorted
    .filter((e) => !e.cancelled && isOccurrenceStart(series, e.occurrenceStart))
    .map((e): CalendarEvent => ({
      uid,
      recurrenceId: e.occurrenceStart,
      ...eventOf(plan, e, pageUrl(plan, options, e.occurrenceStart.toISOString())),
      ...status,
    }));
  return [master, ...overrides];
}

/**
 * One occurrence of a repeating plan as an event of its own (a calendar feed lists the occurrences
 * a person answered, not the whole series): its own UID, the plan key and the occurrence's start.
 */
export function occurrenceEvent(
  plan: PlanRow,
  occurrence: OccurrenceAt,
  options: PlanEventOptions,
): CalendarEvent {
  const host = new URL(options.publicUrl).host;
  return {
    uid: `${plan.key}-${icalUtc(new Date(occurrence.key))}@${host}`,
    ...eventOf(plan, occurrence, pageUrl(plan, options, occurrence.key)),
    ...(options.status ? { status: options.status } : {}),
  };
}
