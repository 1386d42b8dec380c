import { Temporal } from 'temporal-polyfill';
import { WEEKDAYS, type PlanRecurrence } from './plan-occurrences.ts';
import { instantOfWallClock, wallClockOf } from './plan-time.ts';

/** A repeating plan as a calendar sees it: its first start, its zone, whether it is all-day, its rule. */
export interface CalendarSeries {
  start: Date;
  timezone: string;
  allDay: boolean;
  recurrence: PlanRecurrence;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An instant as an iCalendar UTC date-time: 20270131T235959Z. */
export function icalUtc(instant: Date): string {
  const d = instant;
  return (
    `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`
  );
}

/** A wall-clock date and time as an iCalendar local date-time (no zone): 20270131T183000. */
export function icalLocal(wall: Temporal.PlainDateTime): string {
  return (
    `${pad(wall.year, 4)}${pad(wall.month)}${pad(wall.day)}` +
    `T${pad(wall.hour)}${pad(wall.minute)}${pad(wall.second)}`
  );
}

/** A calendar date as an iCalendar DATE: 20270131. */
export function icalDate(date: Temporal.PlainDate): string {
  return `${pad(date.year, 4)}${pad(date.month)}${pad(date.day)}`;
}

/**
 * The plan's repetition as the value of an iCalendar RRULE (RFC 5545 3.3.10), without the
 * "RRULE:" name: the same occurrences as `occurrenceStarts` of plan-occurrences.ts. Weekly plans
 * carry BYDAY, monthly ones on an ordinal weekday BYDAY=2TU (a fifth weekday is the last, -1).
 * UNTIL is the end date's last second in the plan's zone, written in UTC as the RFC requires when
 * DTSTART names a zone; an all-day plan's UNTIL is the end date itself (its DTSTART is a DATE).
 */
export function calendarRule(series: CalendarSeries): string {
  const { recurrence } = series;
  const wall = wallClockOf(series.start, series.timezone);
  const parts = [`FREQ=${recurrence.frequency}`];
  if (recurrence.frequency === 'WEEKLY' && recurrence.byDay?.length)
    parts.push(`BYDAY=${WEEKDAYS.filter((d) => recurrence.byDay!.includes(d)).join(',')}`);
  if (recurrence.frequency === 'MONTHLY' && recurrence.monthly === 'ORDINAL_WEEKDAY') {
    const nth = Math.ceil(wall.day / 7);
    parts.push(`BYDAY=${nth === 5 ? -1 : nth}${WEEKDAYS[wall.dayOfWeek - 1]!}`);
  }
  if (recurrence.endDate) {
    const last = Temporal.PlainDate.from(recurrence.endDate);
    parts.push(
      series.allDay
        ? `UNTIL=${icalDate(last)}`
        : `UNTIL=${icalUtc(
            instantOfWallClock(last.toPlainDateTime({ hour: 23, minute: 59, second: 59 }), series.timezone),
          )}`,
    );
  }
  return parts.join(';');
}
