/**
 * How a plan's time reads on cards and on its page, in the plan's own zone: "Sat, Dec 5 · 6:00 –
 * 8:00 PM", "Sat, Dec 5 – Sun, Dec 6" for all-day plans (whose end is exclusive), and the zone's
 * short name when the reader is elsewhere. Intl only, so it costs the browser nothing to load.
 */
import { dateFormatters } from './date-formatters.ts';

export interface PlanWhenInput {
  /** ISO instants. */
  start: string;
  end: string;
  timezone: string;
  allDay: boolean;
}

const DAY = 86_400_000;

/** Each kind made once per zone (date-formatters.ts): a page of plans formats many times. */
const formatter = dateFormatters({
  day: ['en-US', { weekday: 'short', month: 'short', day: 'numeric' }],
  dayWithYear: ['en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }],
  time: ['en-US', { hour: 'numeric', minute: '2-digit' }],
  timeWithZone: ['en-US', { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }],
  year: ['en-US', { year: 'numeric' }],
  isoDay: ['en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }],
  offset: ['en-US', { timeZoneName: 'longOffset' }],
  badge: ['en-US', { month: 'short', day: 'numeric' }],
});

function dayFormat(timeZone: string, withYear: boolean): Intl.DateTimeFormat {
  return formatter(withYear ? 'dayWithYear' : 'day', timeZone);
}

function timeFormat(timeZone: string, withZone: boolean): Intl.DateTimeFormat {
  return formatter(withZone ? 'timeWithZone' : 'time', timeZone);
}

function yearOf(instant: Date, timeZone: string): string {
  return formatter('year', timeZone).format(instant);
}

/** ICU puts thin and narrow spaces around ranges and before AM/PM, and not the same in every version. */
function plainSpaces(text: string): string {
  return text.replace(/[\u2009\u202f\u00a0]/g, ' ');
}

/**
 * `readerZone`: the reader's zone, whose clock named the same as the plan's leaves the zone unnamed;
 * null when it is not known (the server's render, a page before its scripts ran): the zone is named,
 * so a reader elsewhere is never left to guess; left out (cards), never named.
 */
export function formatPlanWhen(
  plan: PlanWhenInput,
  options: { now?: Date; readerZone?: string | null } = {},
): string {
  return plainSpaces(planWhenText(plan, options));
}

function planWhenText(plan: PlanWhenInput, options: { now?: Date; readerZone?: string | null }): string {
  const now = options.now ?? new Date();
  const start = new Date(plan.start);
  const end = new Date(plan.end);
  const zone = plan.allDay ? 'UTC' : plan.timezone;
  const withYear = yearOf(start, zone) !== yearOf(now, zone);
  const days = dayFormat(zone, withYear);
  if (plan.allDay) {
    // All-day plans are stored from midnight to midnight in their zone; show their dates only.
    const startDay = days.format(new Date(Date.parse(`${localDate(start, plan.timezone)}T00:00:00Z`)));
    const lastDay = days.format(new Date(Date.parse(`${localDate(end, plan.timezone)}T00:00:00Z`) - DAY));
    return startDay === lastDay ? `${startDay} · All day` : `${startDay} – ${lastDay}`;
  }
  const elsewhere =
    options.readerZone === null ||
    (options.readerZone !== undefined && !sameOffset(start, plan.timezone, options.readerZone));
  const times = timeFormat(zone, elsewhere);
  const startDay = days.format(start);
  const endDay = days.format(end);
  if (startDay === endDay) {
    const range = times.formatRange(start, end);
    return `${startDay} · ${range}`;
  }
  return `${startDay}, ${timeFormat(zone, false).format(start)} – ${endDay}, ${times.format(end)}`;
}

/** The plan's date in its zone, YYYY-MM-DD. */
function localDate(instant: Date, timeZone: string): string {
  return formatter('isoDay', timeZone).format(instant);
}

function offsetName(instant: Date, timeZone: string): string {
  return (
    formatter('offset', timeZone)
      .formatToParts(instant)
      .find((part) => part.type === 'timeZoneName')?.value ?? ''
  );
}

function sameOffset(instant: Date, a: string, b: string): boolean {
  try {
    return offsetName(instant, a) === offsetName(instant, b);
  } catch {
    return true;
  }
}

/** A short date badge for cards: month and day in the plan's zone ("DEC", "5"). */
export function planDateBadge(plan: Pick<PlanWhenInput, 'start' | 'timezone'>): {
  month: string;
  day: string;
} {
  const start = new Date(plan.start);
  const parts = formatter('badge', plan.timezone).formatToParts(start);
  return {
    month: (parts.find((p) => p.type === 'month')?.value ?? '').toUpperCase(),
    day: parts.find((p) => p.type === 'day')?.value ?? '',
  };
}
