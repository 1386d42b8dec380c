import { Temporal } from 'temporal-polyfill';
import { DEFAULT_PLAN_LENGTH_MS, nextFullHour, planTimeZone, wallClockOf } from './plan-time.ts';
import type { PlanRecurrence } from './plan-occurrences.ts';

/** The event form as a person filled it in; times are the form's wall-clock values in `timezone`. */
export interface PlanFormValues {
  isPublic: boolean;
  allDay: boolean;
  /** YYYY-MM-DD for all-day plans, else YYYY-MM-DDTHH:mm; empty or null when left blank. */
  start: string | null;
  end: string | null;
  timezone: string | null;
  address: string | null;
  city: string | null;
  hashtags: string[];
  recurring: PlanRecurrence | null;
}

/** What the form sends on save (spec 5 "Event form on save"). */
export interface PlanFormPayload {
  isPublic: boolean;
  allDay: boolean;
  start: string;
  end: string;
  timezone: string;
  /** Absent for private plans: hashtags are sent only for public ones. */
  hashtags?: string[];
  recurring: PlanRecurrence | null;
}

function wallText(instant: Date, timeZone: string, allDay: boolean): string {
  const wall = wallClockOf(instant, timeZone);
  return allDay ? wall.toPlainDate().toString() : wall.toString({ smallestUnit: 'minute' });
}

/**
 * Spec 5's save rules, one by one: a public flag removes recurrence; hashtags are sent only for
 * public plans; an all-day end date is sent one day later (the form's end day is inclusive, the
 * sent end is exclusive); a missing start or end falls back to the next full hour and one hour
 * after it. The zone is the plan's, or UTC when it has no address or city.
 */
export function planFormPayload(form: PlanFormValues, now: Date): PlanFormPayload {
  const timezone = planTimeZone(form);
  const start = form.start?.trim() || wallText(nextFullHour(now, timezone), timezone, form.allDay);
  let end = form.end?.trim() || null;
  if (end === null) {
    end = form.allDay
      ? start
      : Temporal.PlainDateTime.from(start)
          .add({ milliseconds: DEFAULT_PLAN_LENGTH_MS })
          .toString({ smallestUnit: 'minute' });
  }
  if (form.allDay) end = Temporal.PlainDate.from(end.slice(0, 10)).add({ days: 1 }).toString();
  return {
    isPublic: form.isPublic,
    allDay: form.allDay,
    start: form.allDay ? start.slice(0, 10) : start,
    end,
    timezone,
    ...(form.isPublic ? { hashtags: form.hashtags } : {}),
    recurring: form.isPublic ? null : form.recurring,
  };
}
