import { Temporal } from 'temporal-polyfill';

/** Time zone of a plan with no address or city: its times are treated as UTC (spec 5). */
export const PLACELESS_TIME_ZONE = 'UTC';

/** Spec 9: a plan lasts 1 hour by default. */
export const DEFAULT_PLAN_LENGTH_MS = 3_600_000;

/** Whether a name is an IANA time zone this runtime knows (links such as US/Pacific included). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Spec 5: the zone a plan's times live in; a plan without an address or city keeps UTC. */
export function planTimeZone(input: {
  timezone: string | null | undefined;
  address: string | null | undefined;
  city: string | null | undefined;
}): string {
  const hasPlace = Boolean(input.address?.trim()) || Boolean(input.city?.trim());
  return hasPlace && input.timezone ? input.timezone : PLACELESS_TIME_ZONE;
}

function toZoned(instant: Date, timeZone: string): Temporal.ZonedDateTime {
  return zonedAt(instant.getTime(), timeZone);
}

/** An instant given in ms since the epoch, in a zone. */
function zonedAt(ms: number, timeZone: string): Temporal.ZonedDateTime {
  return Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone);
}

/** The wall-clock date and time of an instant in a zone. */
export function wallClockOf(instant: Date, timeZone: string): Temporal.PlainDateTime {
  return toZoned(instant, timeZone).toPlainDateTime();
}

/**
 * The instant a wall-clock time happens in a zone. A time skipped by a daylight-saving change moves
 * forward by the gap; a repeated time takes its first (earlier) instant.
 */
export function instantOfWallClock(wall: Temporal.PlainDateTime, timeZone: string): Date {
  const zoned = wall.toZonedDateTime(timeZone, { disambiguation: 'compatible' });
  return new Date(zoned.epochMilliseconds);
}

/** Spec 9: the next full hour of the zone's clock after `now` (30- and 45-minute zones included). */
export function nextFullHour(now: Date, timeZone: string = PLACELESS_TIME_ZONE): Date {
  const hour = toZoned(now, timeZone)
    .round({ smallestUnit: 'hour', roundingMode: 'floor' })
    .add({ hours: 1 });
  return new Date(hour.epochMilliseconds);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;

/**
 * A plan time as a client sends it: a date (midnight in the zone, for all-day plans), a wall-clock
 * time in the plan's zone, or an instant with Z or an offset. Null when unreadable.
 */
export function parsePlanTime(value: string, timeZone: string): Date | null {
  const text = value.trim();
  try {
    if (DATE_ONLY.test(text))
      return instantOfWallClock(Temporal.PlainDate.from(text).toPlainDateTime(), timeZone);
    if (WALL_CLOCK.test(text)) return instantOfWallClock(Temporal.PlainDateTime.from(text), timeZone);
    if (WITH_OFFSET.test(text)) return new Date(Temporal.Instant.from(text).epochMilliseconds);
  } catch {
    return null;
  }
  return null;
}

/** Spec 3's start and end of a plan: date, utc, local, iso and timeSet. */
export interface PlanTime {
  /** The calendar date in the plan's zone, YYYY-MM-DD. */
  date: string;
  /** The instant in UTC, ISO 8601 with Z. */
  utc: string;
  /** The wall-clock time in the plan's zone, YYYY-MM-DDTHH:mm:ss, no offset. */
  local: string;
  /** ISO 8601 with the zone's offset at that instant. */
  iso: string;
  /** False for all-day plans: only the date counts. */
  timeSet: boolean;
}

/**
 * Spec 3's start or end. The zone's offset at the instant comes from Temporal (offsetAt); the
 * strings are the instant shifted by it, written by Date (a list of 20 plans describes 40 times: through
 * Temporal's own formatting each cost ~12 µs, a third of that this way). Offsets that are not whole
 * minutes (local mean time before a zone's first standard time) and years outside 1000-9999 (other
 * digits) take Temporal's own formatting, which describePlanTimeByTemporal keeps as the reference.
 */
export function describePlanTime(instant: Date, timeZone: string, allDay: boolean): PlanTime {
  const ms = instant.getTime();
  const offsetMs = offsetAt(ms, timeZone);
  const wall = new Date(ms + offsetMs);
  const year = wall.getUTCFullYear();
  if (offsetMs % 60_000 !== 0 || year < 1000 || year > 9999) {
    return describePlanTimeByTemporal(instant, timeZone, allDay);
  }
  const text = wall.toISOString();
  const local = text.slice(0, 19);
  return {
    date: text.slice(0, 10),
    utc: instant.toISOString(),
    local,
    iso: local + offsetText(offsetMs),
    timeSet: !allDay,
  };
}

/** A stretch of time with one offset in a zone: from one of its transitions to the next. */
interface OffsetSpan {
  /** The transition it starts at (ms since the epoch), -Infinity before the zone's first. */
  from: number;
  /** The next transition, Infinity after the zone's last. */
  until: number;
  offsetMs: number;
}

/** Per zone, the spans met so far (a plan's times fall in a few). */
const offsetSpans = new Map<string, OffsetSpan[]>();
const MAX_SPANS_PER_ZONE = 64;
/** The last instant Temporal (and Date) can hold. */
const LAST_INSTANT_MS = 8.64e15;

/**
 * The zone's offset at an instant, in ms. Temporal's offset costs ~10 µs a time (a list of 20 plans
 * describes 40 times); the span between the zone's transitions around the instant, as Temporal
 * finds them, is kept, and later times in it read the offset from there. Exact: the offset cannot
 * change between two consecutive transitions.
 */
export function offsetAt(ms: number, timeZone: string): number {
  const spans = offsetSpans.get(timeZone) ?? [];
  for (const span of spans) if (ms >= span.from && ms < span.until) return span.offsetMs;
  // Throws for a zone Temporal does not know, before the zone is kept.
  const zoned = zonedAt(ms, timeZone);
  // The last transition at or before the instant (transitions fall on whole seconds: the last one
  // before a millisecond later), and the first after it.
  const previous = zonedAt(Math.min(ms + 1, LAST_INSTANT_MS), timeZone).getTimeZoneTransition('previous');
  const next = zoned.getTimeZoneTransition('next');
  if (spans.length >= MAX_SPANS_PER_ZONE) spans.length = 0;
  if (spans.length === 0) offsetSpans.set(timeZone, spans);
  const span = {
    from: previous ? previous.epochMilliseconds : -Infinity,
    until: next ? next.epochMilliseconds : Infinity,
    offsetMs: zoned.offsetNanoseconds / 1e6,
  };
  spans.push(span);
  return span.offsetMs;
}

/** `+HH:MM` or `-HH:MM` (`+00:00` for UTC), as Temporal writes a zoned time's offset. */
function offsetText(offsetMs: number): string {
  const minutes = Math.abs(offsetMs) / 60_000;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${offsetMs < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** describePlanTime written wholly by Temporal: its edge cases, and the reference its tests compare with. */
export function describePlanTimeByTemporal(instant: Date, timeZone: string, allDay: boolean): PlanTime {
  const zoned = toZoned(instant, timeZone);
  const local = zoned.toPlainDateTime().toString({ smallestUnit: 'second' });
  return {
    date: zoned.toPlainDate().toString(),
    utc: instant.toISOString(),
    local,
    iso: zoned.toString({ smallestUnit: 'second', timeZoneName: 'never' }),
    timeSet: !allDay,
  };
}

/** The calendar date of an instant in a zone, shifted by whole days. */
export function dateInZone(instant: Date, timeZone: string, days = 0): string {
  return toZoned(instant, timeZone).toPlainDate().add({ days }).toString();
}
