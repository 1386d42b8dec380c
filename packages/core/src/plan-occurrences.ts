import rrule from 'rrule';
import { Temporal } from 'temporal-polyfill';
import { isRecurrenceFrequency, type RecurrenceFrequency } from './recurrence.ts';
import { instantOfWallClock, wallClockOf } from './plan-time.ts';

const { RRule } = rrule;

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** How a monthly plan repeats: on the start's day of month, or on its ordinal weekday ("2nd Tuesday"). */
export const MONTHLY_MODES = ['DAY_OF_MONTH', 'ORDINAL_WEEKDAY'] as const;
export type MonthlyMode = (typeof MONTHLY_MODES)[number];

/** Spec 3 "recurring": frequency, byDay (weekly), the monthly mode, and an optional inclusive end date. */
export interface PlanRecurrence {
  frequency: RecurrenceFrequency;
  byDay?: Weekday[];
  monthly?: MonthlyMode;
  /** The last date an occurrence may start on, YYYY-MM-DD in the plan's zone. */
  endDate?: string;
}

/** A repeating plan: its first occurrence's start, its zone and its rule. */
export interface PlanSeries {
  start: Date;
  timezone: string;
  recurrence: PlanRecurrence;
}

export type RecurrenceProblem = { field: string; message: string };

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Checks a recurrence a client sent; answers the cleaned rule or the field at fault. */
export function checkRecurrence(
  input: { frequency?: unknown; byDay?: unknown; monthly?: unknown; endDate?: unknown },
  start: Date,
  timezone: string,
): { recurrence: PlanRecurrence } | { problem: RecurrenceProblem } {
  if (!isRecurrenceFrequency(input.frequency))
    return { problem: { field: 'recurring.frequency', message: 'Repeat DAILY, WEEKLY, MONTHLY or YEARLY.' } };
  const recurrence: PlanRecurrence = { frequency: input.frequency };
  if (input.byDay != null) {
    const days = input.byDay as unknown[];
    if (!Array.isArray(days) || days.some((d) => !(WEEKDAYS as readonly unknown[]).includes(d)))
      return { problem: { field: 'recurring.byDay', message: 'Days are MO, TU, WE, TH, FR, SA or SU.' } };
    if (input.frequency === 'WEEKLY' && days.length > 0)
      recurrence.byDay = WEEKDAYS.filter((d) => days.includes(d));
  }
  if (input.monthly != null) {
    if (!(MONTHLY_MODES as readonly unknown[]).includes(input.monthly))
      return {
        problem: {
          field: 'recurring.monthly',
          message: 'Repeat monthly by DAY_OF_MONTH or ORDINAL_WEEKDAY.',
        },
      };
    if (input.frequency === 'MONTHLY') recurrence.monthly = input.monthly as MonthlyMode;
  }
  if (input.endDate != null && input.endDate !== '') {
    if (typeof input.endDate !== 'string' || !DATE_ONLY.test(input.endDate) || !validDate(input.endDate))
      return { problem: { field: 'recurring.endDate', message: 'The end date is YYYY-MM-DD.' } };
    if (input.endDate < wallClockOf(start, timezone).toPlainDate().toString())
      return { problem: { field: 'recurring.endDate', message: 'The repeat ends before the plan starts.' } };
    recurrence.endDate = input.endDate;
  }
  return { recurrence };
}

function validDate(text: string): boolean {
  try {
    Temporal.PlainDate.from(text, { overflow: 'reject' });
    return true;
  } catch {
    return false;
  }
}

// rrule works on "floating" times: wall-clock values carried in Date objects as if they were UTC.
// Each generated wall time is then placed in the plan's zone, so 18:00 stays 18:00 across DST.
function floating(wall: Temporal.PlainDateTime): Date {
  return new Date(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second));
}

function fromFloating(date: Date): Temporal.PlainDateTime {
  return new Temporal.PlainDateTime(
    date.getUTCFullYear(),
    date.getUTCMonth() + 1,
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
  );
}

const RRULE_DAY = {
  MO: RRule.MO,
  TU: RRule.TU,
  WE: RRule.WE,
  TH: RRule.TH,
  FR: RRule.FR,
  SA: RRule.SA,
  SU: RRule.SU,
} as const;

const RRULE_FREQ = {
  DAILY: RRule.DAILY,
  WEEKLY: RRule.WEEKLY,
  MONTHLY: RRule.MONTHLY,
  YEARLY: RRule.YEARLY,
} as const;

function ruleOf(series: PlanSeries): InstanceType<typeof RRule> {
  const wall = wallClockOf(series.start, series.timezone);
  const { recurrence } = series;
  const options: ConstructorParameters<typeof RRule>[0] = {
    freq: RRULE_FREQ[recurrence.frequency],
    dtstart: floating(wall),
  };
  if (recurrence.frequency === 'WEEKLY' && recurrence.byDay?.length)
    options.byweekday = recurrence.byDay.map((d) => RRULE_DAY[d]);
  if (recurrence.frequency === 'MONTHLY' && recurrence.monthly === 'ORDINAL_WEEKDAY') {
    const nth = Math.ceil(wall.day / 7);
    const weekday = RRULE_DAY[WEEKDAYS[wall.dayOfWeek - 1]!];
    options.byweekday = [weekday.nth(nth === 5 ? -1 : nth)];
  }
  if (recurrence.endDate) {
    const last = Temporal.PlainDate.from(recurrence.endDate).toPlainDateTime({
      hour: 23,
      minute: 59,
      second: 59,
    });
    options.until = floating(last);
  }
  return new RRule(options);
}

/** The rule as an iCalendar RRULE line (for .ics export; times are the plan's wall clock). */
export function recurrenceRule(series: PlanSeries): string {
  return ruleOf(series)
    .toString()
    .split('\n')
    .find((line) => line.startsWith('RRULE:'))!;
}

const DAY_MS = 86_400_000;

/** Occurrence starts in [from, to), earliest first, at most `limit`. */
export function occurrenceStarts(series: PlanSeries, from: Date, to: Date, limit = 500): Date[] {
  if (to <= from) return [];
  // The window is widened by a day each side in floating time, then cut to exact instants.
  const wallFrom = floating(wallClockOf(new Date(from.getTime() - DAY_MS), series.timezone));
  const wallTo = floating(wallClockOf(new Date(to.getTime() + DAY_MS), series.timezone));
  const found: Date[] = [];
  ruleOf(series).between(wallFrom, wallTo, true, (date) => {
    const instant = instantOfWallClock(fromFloating(date), series.timezone);
    if (instant >= from && instant < to) found.push(instant);
    return found.length < limit;
  });
  return found;
}

/** The first occurrence starting strictly after `after`, or null when the series has ended. */
export function nextOccurrence(series: PlanSeries, after: Date): Date | null {
  const wallAfter = floating(wallClockOf(new Date(after.getTime() - DAY_MS), series.timezone));
  let next: Date | null = null;
  ruleOf(series).between(wallAfter, new Date(8.64e15), false, (date) => {
    const instant = instantOfWallClock(fromFloating(date), series.timezone);
    if (instant > after) {
      next = instant;
      return false;
    }
    return true;
  });
  return next;
}

/** Whether an instant is the (original) start of one of the series' occurrences. */
export function isOccurrenceStart(series: PlanSeries, instant: Date): boolean {
  return occurrenceStarts(series, instant, new Date(instant.getTime() + 1), 1).length === 1;
}
