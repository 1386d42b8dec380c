import { calendarRule, icalDate, icalLocal } from './calendar-rule.ts';
import type { PlanRecurrence } from './plan-occurrences.ts';
import { describePlanTime, wallClockOf } from './plan-time.ts';
import { truncate } from './truncate.ts';

/** What an "add to calendar" link needs of a plan (one occurrence, or a series with its rule). */
export interface CalendarLinkEvent {
  title: string;
  description: string;
  /** The place as one line (name, address, city), or null. */
  location: string | null;
  /** The plan page, added to the details so the calendar entry leads back to it. */
  url: string;
  start: Date;
  /** Exclusive; an all-day plan ends at midnight after its last day. */
  end: Date;
  timezone: string;
  allDay: boolean;
  /** Set for a repeating plan: then start and end are the series' first occurrence. */
  recurrence?: PlanRecurrence | null;
}

export interface CalendarLinks {
  google: string;
  outlook: string;
}

/** Long descriptions would make links browsers and calendars refuse; the plan page has the rest. */
export const CALENDAR_LINK_DETAILS_MAX = 1000;

function details(event: CalendarLinkEvent): string {
  const text = truncate(event.description.trim(), CALENDAR_LINK_DETAILS_MAX);
  return text ? `${text}\n\n${event.url}` : event.url;
}

const day = (instant: Date, timezone: string) => wallClockOf(instant, timezone).toPlainDate();

/**
 * Google Calendar's event template: times are the plan's wall clock with ctz naming its zone (so
 * a repeating plan keeps its hour across daylight-saving changes), dates for all-day plans, and
 * recur=RRULE:… for a repeating plan.
 */
export function googleCalendarLink(event: CalendarLinkEvent): string {
  const dates = event.allDay
    ? `${icalDate(day(event.start, event.timezone))}/${icalDate(day(event.end, event.timezone))}`
    : `${icalLocal(wallClockOf(event.start, event.timezone))}/${icalLocal(wallClockOf(event.end, event.timezone))}`;
  const params = new URLSearchParams({ action: 'TEMPLATE', text: event.title, dates });
  if (!event.allDay) params.set('ctz', event.timezone);
  params.set('details', details(event));
  if (event.location) params.set('location', event.location);
  if (event.recurrence)
    params.set(
      'recur',
      `RRULE:${calendarRule({
        start: event.start,
        timezone: event.timezone,
        allDay: event.allDay,
        recurrence: event.recurrence,
      })}`,
    );
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/**
 * Outlook.com's compose deep link. It has no repeat rule, so it adds the one occurrence given;
 * times carry the zone's offset, all-day plans give dates and allday=true.
 */
export function outlookCalendarLink(event: CalendarLinkEvent): string {
  const start = describePlanTime(event.start, event.timezone, event.allDay);
  const end = describePlanTime(event.end, event.timezone, event.allDay);
  const params = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.title,
    startdt: event.allDay ? start.date : start.iso,
    enddt: event.allDay ? end.date : end.iso,
    allday: String(event.allDay),
    body: details(event),
  });
  if (event.location) params.set('location', event.location);
  return `https://outlook.live.com/calendar/0/deeplink/compose?${params.toString()}`;
}

/** The place of a plan as one line for calendars: name, address, city, state, without repeats. */
export function calendarLocation(parts: Array<string | null | undefined>): string | null {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const part of parts) {
    const text = part?.trim();
    if (!text || seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    kept.push(text);
  }
  return kept.length ? kept.join(', ') : null;
}
