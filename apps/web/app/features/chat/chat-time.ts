const DAY_MS = 86_400_000;

function dayKey(date: Date, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

/** The day heading between messages: "Today", "Yesterday" or "Saturday, November 21". */
export function dayHeading(timestamp: number, now: number, timeZone: string | undefined): string {
  const day = dayKey(new Date(timestamp), timeZone);
  if (day === dayKey(new Date(now), timeZone)) return 'Today';
  if (day === dayKey(new Date(now - DAY_MS), timeZone)) return 'Yesterday';
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  }).format(new Date(timestamp));
}

export function sameDay(a: number, b: number, timeZone: string | undefined): boolean {
  return dayKey(new Date(a), timeZone) === dayKey(new Date(b), timeZone);
}

export function clockTime(timestamp: number, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(
    new Date(timestamp),
  );
}
