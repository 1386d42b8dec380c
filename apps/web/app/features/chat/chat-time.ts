const DAY_MS = 86_400_000;

/** Formatters are costly to make; a chat renders hundreds of times, so each is made once per zone. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: 'day' | 'heading' | 'clock', timeZone: string | undefined): Intl.DateTimeFormat {
  const id = `${kind}|${timeZone ?? ''}`;
  let held = formatters.get(id);
  if (!held) {
    held =
      kind === 'day'
        ? new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
        : kind === 'heading'
          ? new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' })
          : new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
    formatters.set(id, held);
  }
  return held;
}

function dayKey(timestamp: number, timeZone: string | undefined): string {
  return formatter('day', timeZone).format(timestamp);
}

/** The day heading between messages: "Today", "Yesterday" or "Saturday, November 21". */
export function dayHeading(timestamp: number, now: number, timeZone: string | undefined): string {
  const day = dayKey(timestamp, timeZone);
  if (day === dayKey(now, timeZone)) return 'Today';
  if (day === dayKey(now - DAY_MS, timeZone)) return 'Yesterday';
  return formatter('heading', timeZone).format(timestamp);
}

export function sameDay(a: number, b: number, timeZone: string | undefined): boolean {
  return dayKey(a, timeZone) === dayKey(b, timeZone);
}

export function clockTime(timestamp: number, timeZone: string | undefined): string {
  return formatter('clock', timeZone).format(timestamp);
}
