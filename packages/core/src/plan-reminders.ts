import type { Temporal } from 'temporal-polyfill';
import { instantOfWallClock, wallClockOf } from './plan-time.ts';

/**
 * Reminders before a plan starts (the plans issue, point 8; spec 9 names no figure, so these are
 * Plaza's): "starts soon" an hour before, "still going?" a day before.
 */
export const STARTS_SOON_LEAD_MS = 60 * 60 * 1000;
export const STILL_GOING_LEAD_MS = 24 * 60 * 60 * 1000;

/** An all-day plan has no hour: its reminders go at these wall-clock hours of its zone. */
export const ALL_DAY_STARTS_SOON_HOUR = 8;
export const ALL_DAY_STILL_GOING_HOUR = 9;

export const PLAN_REMINDER_KINDS = ['STARTS_SOON', 'STILL_GOING'] as const;
export type PlanReminderKind = (typeof PLAN_REMINDER_KINDS)[number];

export function isPlanReminderKind(value: unknown): value is PlanReminderKind {
  return (PLAN_REMINDER_KINDS as readonly unknown[]).includes(value);
}

/**
 * When each reminder of an occurrence is due. A timed plan: its start minus the lead. An all-day
 * plan: "starts soon" at 08:00 on its day and "still going?" at 09:00 the day before, in its zone.
 */
export function planReminderTimes(occurrence: {
  startsAt: Date;
  timezone: string;
  allDay: boolean;
}): Record<PlanReminderKind, Date> {
  if (!occurrence.allDay)
    return {
      STARTS_SOON: new Date(occurrence.startsAt.getTime() - STARTS_SOON_LEAD_MS),
      STILL_GOING: new Date(occurrence.startsAt.getTime() - STILL_GOING_LEAD_MS),
    };
  const day = wallClockOf(occurrence.startsAt, occurrence.timezone).toPlainDate();
  const at = (date: Temporal.PlainDate, hour: number) =>
    instantOfWallClock(date.toPlainDateTime({ hour }), occurrence.timezone);
  return {
    STARTS_SOON: at(day, ALL_DAY_STARTS_SOON_HOUR),
    STILL_GOING: at(day.subtract({ days: 1 }), ALL_DAY_STILL_GOING_HOUR),
  };
}
