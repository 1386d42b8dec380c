import { Temporal } from 'temporal-polyfill';
import { icalDate, icalLocal, icalUtc } from '@plaza/core/calendar-rule';
import { wallClockOf } from '@plaza/core/plan-time';

/**
 * A small iCalendar (RFC 5545) writer: VCALENDAR with VEVENTs and the VTIMEZONEs they name.
 * Pure: no I/O, the time of writing is passed in. Decision 0011 says why it is not a library.
 */

export interface CalendarEvent {
  uid: string;
  start: Date;
  /** Exclusive; an all-day event ends at midnight after its last day. */
  end: Date;
  /** IANA zone the times are written in (TZID); UTC is written with Z and needs no VTIMEZONE. */
  timezone: string;
  /** Written as DATE values (VALUE=DATE), the dates of start and end in the zone. */
  allDay: boolean;
  summary: string;
  description?: string | null;
  location?: string | null;
  geo?: { latitude: number; longitude: number } | null;
  url?: string | null;
  /** An RRULE value without "RRULE:" (see calendarRule of @plaza/core/calendar-rule). */
  rrule?: string | null;
  /** Original starts of cancelled occurrences. */
  exdates?: Date[];
  /** Set on an override of one occurrence: that occurrence's original start. */
  recurrenceId?: Date | null;
  status?: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  created?: Date | null;
  lastModified?: Date | null;
  /** Goes up when the organizer changes the event; clients use it to pick the newer copy. */
  sequence?: number;
}

export interface Calendar {
  /** The time of writing: DTSTAMP of every event, and the "now" of open-ended zone tables. */
  now: Date;
  events: CalendarEvent[];
  /** X-WR-CALNAME, for subscribed feeds. */
  name?: string;
  /** How often a subscribed client should fetch the feed again. */
  refreshMinutes?: number;
  /** The host part of PRODID; defaults to plaza. */
  productId?: string;
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;
const DAY_MS = 86_400_000;
/** Zone tables reach this far past the last event (or past now for a series with no end). */
const ZONE_MARGIN_MS = 366 * DAY_MS;
const OPEN_SERIES_YEARS_MS = 10 * 366 * DAY_MS;

/** TEXT values (RFC 5545 3.3.11): backslash, semicolon and comma escaped, newlines as \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line at 75 octets (RFC 5545 3.1), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= MAX_OCTETS) return line;
  const pieces: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // Continuation lines begin with one space, which counts toward their 75 octets.
    const limit = pieces.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      pieces.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  pieces.push(current);
  return pieces.join(`${CRLF} `);
}

/** "+0200", "-0330", "+053028" (seconds only when there are any). */
function offsetText(offsetNs: number): string {
  const total = Math.round(offsetNs / 1e9);
  const sign = total < 0 ? '-' : '+';
  const abs = Math.abs(total);
  const pad = (n: number) => String(n).padStart(2, '0');
  const text = `${sign}${pad(Math.floor(abs / 3600))}${pad(Math.floor((abs % 3600) / 60))}`;
  return abs % 60 ? `${text}${pad(abs % 60)}` : text;
}

const isUtc = (zone: string) => zone === 'UTC' || zone === 'Etc/UTC' || zone === 'GMT';

/** A date-time property: TZID and wall clock, Z for UTC, or VALUE=DATE for all-day events. */
function timeProperty(name: string, instant: Date, event: Pick<CalendarEvent, 'timezone' | 'allDay'>) {
  if (event.allDay)
    return `${name};VALUE=DATE:${icalDate(wallClockOf(instant, event.timezone).toPlainDate())}`;
  if (isUtc(event.timezone)) return `${name}:${icalUtc(instant)}`;
  return `${name};TZID=${event.timezone}:${icalLocal(wallClockOf(instant, event.timezone))}`;
}

function eventLines(event: CalendarEvent, now: Date): string[] {
  const lines = ['BEGIN:VEVENT', `UID:${event.uid}`, `DTSTAMP:${icalUtc(now)}`];
  if (event.recurrenceId) lines.push(timeProperty('RECURRENCE-ID', event.recurrenceId, event));
  lines.push(timeProperty('DTSTART', event.start, event), timeProperty('DTEND', event.end, event));
  if (event.rrule) lines.push(`RRULE:${event.rrule}`);
  for (const exdate of event.exdates ?? []) lines.push(timeProperty('EXDATE', exdate, event));
  lines.push(`SUMMARY:${escapeText(event.summary)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.geo) lines.push(`GEO:${event.geo.latitude.toFixed(6)};${event.geo.longitude.toFixed(6)}`);
  if (event.url) lines.push(`URL:${event.url.replace(/[\r\n]/g, '')}`);
  if (event.status) lines.push(`STATUS:${event.status}`);
  if (event.sequence !== undefined) lines.push(`SEQUENCE:${event.sequence}`);
  if (event.created) lines.push(`CREATED:${icalUtc(event.created)}`);
  if (event.lastModified) lines.push(`LAST-MODIFIED:${icalUtc(event.lastModified)}`);
  lines.push('END:VEVENT');
  return lines;
}

/**
 * A VTIMEZONE for one zone over [from, to]: the offset in force at `from`, then every transition
 * up to `to`, each as its own STANDARD or DAYLIGHT observance (the larger offset of a year that has
 * two is daylight time). Clients that know the IANA name use it; the others read these offsets.
 */
export function timeZoneLines(zone: string, from: Date, to: Date): string[] {
  const at = (instant: Date) =>
    Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(zone);
  const offsetAt = (epochMs: number) => at(new Date(epochMs)).offsetNanoseconds;
  const isDaylight = (instant: Temporal.ZonedDateTime) => {
    const year = instant.year;
    const jan = offsetAt(Date.UTC(year, 0, 1));
    const jul = offsetAt(Date.UTC(year, 6, 1));
    return jan !== jul && instant.offsetNanoseconds === Math.max(jan, jul);
  };
  const observance = (instant: Temporal.ZonedDateTime, fromNs: number, toNs: number) => {
    const kind = isDaylight(instant) ? 'DAYLIGHT' : 'STANDARD';
    // DTSTART is the wall clock of the offset in force before the change.
    const wall = instant.toInstant().add({ nanoseconds: fromNs }).toZonedDateTimeISO('UTC').toPlainDateTime();
    return [
      `BEGIN:${kind}`,
      `DTSTART:${icalLocal(wall)}`,
      `TZOFFSETFROM:${offsetText(fromNs)}`,
      `TZOFFSETTO:${offsetText(toNs)}`,
      `END:${kind}`,
    ];
  };
  const first = at(from).round({ smallestUnit: 'second', roundingMode: 'floor' });
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  lines.push(...observance(first, first.offsetNanoseconds, first.offsetNanoseconds));
  let previous = first.offsetNanoseconds;
  let cursor: Temporal.ZonedDateTime | null = first;
  while (cursor) {
    cursor = cursor.getTimeZoneTransition('next');
    if (!cursor || cursor.epochMilliseconds > to.getTime()) break;
    lines.push(...observance(cursor, previous, cursor.offsetNanoseconds));
    previous = cursor.offsetNanoseconds;
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

/** Until when a zone's table must reach for an event: its end, its UNTIL, or years for an open series. */
function reachOf(event: CalendarEvent, now: Date): number {
  if (!event.rrule) return event.end.getTime();
  const until = /(?:^|;)UNTIL=(\d{8})(?:T(\d{6})Z)?/.exec(event.rrule);
  if (until) {
    const [, date, time] = until;
    const iso = `${date!.slice(0, 4)}-${date!.slice(4, 6)}-${date!.slice(6, 8)}T${
      time ? `${time.slice(0, 2)}:${time.slice(2, 4)}:${time.slice(4, 6)}` : '23:59:59'
    }Z`;
    return Math.max(Date.parse(iso) + DAY_MS, event.end.getTime());
  }
  if (/(?:^|;)COUNT=/.test(event.rrule)) return event.end.getTime() + OPEN_SERIES_YEARS_MS;
  return Math.max(now.getTime(), event.start.getTime()) + OPEN_SERIES_YEARS_MS;
}

/** The whole calendar as text: CRLF line ends, lines folded at 75 octets. */
export function renderCalendar(calendar: Calendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${calendar.productId ?? 'plaza'}//Plaza//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
  ];
  if (calendar.name) lines.push(`X-WR-CALNAME:${escapeText(calendar.name)}`);
  if (calendar.refreshMinutes) {
    lines.push(`REFRESH-INTERVAL;VALUE=DURATION:PT${calendar.refreshMinutes}M`);
    lines.push(`X-PUBLISHED-TTL:PT${calendar.refreshMinutes}M`);
  }
  const spans = new Map<string, { from: number; to: number }>();
  for (const event of calendar.events) {
    if (event.allDay || isUtc(event.timezone)) continue;
    const times = [event.start, event.recurrenceId ?? event.start, ...(event.exdates ?? [])];
    const from = Math.min(...times.map((t) => t.getTime())) - ZONE_MARGIN_MS;
    const to = reachOf(event, calendar.now) + ZONE_MARGIN_MS;
    const span = spans.get(event.timezone);
    spans.set(
      event.timezone,
      span ? { from: Math.min(span.from, from), to: Math.max(span.to, to) } : { from, to },
    );
  }
  for (const [zone, span] of [...spans].sort(([a], [b]) => a.localeCompare(b)))
    lines.push(...timeZoneLines(zone, new Date(span.from), new Date(span.to)));
  for (const event of calendar.events) lines.push(...eventLines(event, calendar.now));
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
