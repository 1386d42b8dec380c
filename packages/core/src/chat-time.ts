import { dateFormatters } from './date-formatters.ts';

const DAY_MS = 86_400_000;

const OPTIONS = {
  day: ['en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }],
  clock: ['en-US', { hour: 'numeric', minute: '2-digit' }],
  date: ['en-US', { month: 'short', day: 'numeric' }],
  heading: ['en-US', { weekday: 'long', month: 'long', day: 'numeric' }],
} as const satisfies Record<string, readonly [string, Intl.DateTimeFormatOptions]>;

/** Each kind made once per zone (date-formatters.ts): a chat renders hundreds of times. */
const formatter = dateFormatters(OPTIONS);

export function sameDay(a: number, b: number, timeZone: string | undefined): boolean {
  return formatter('day', timeZone).format(a) === formatter('day', timeZone).format(b);
}

/** The clock time of a message ("9:05 AM"). */
export function clockTime(timestamp: number, timeZone: string | undefined): string {
  return formatter('clock', timeZone).format(timestamp);
}

/** Month and day ("Nov 21"). */
export function monthDay(timestamp: number, timeZone: string | undefined): string {
  return formatter('date', timeZone).format(timestamp);
}

/** The day heading between messages: "Today", "Yesterday" or "Saturday, November 21". */
export function dayHeading(timestamp: number, now: number, timeZone: string | undefined): string {
  if (sameDay(timestamp, now, timeZone)) return 'Today';
  if (sameDay(timestamp, now - DAY_MS, timeZone)) return 'Yesterday';
  return formatter('heading', timeZone).format(timestamp);
}
