import { describe, expect, it } from 'vitest';
import { isPlanReminderKind, planReminderTimes } from './plan-reminders.ts';

describe('plan reminder times', () => {
  it('are an hour and a day before a timed plan', () => {
    const times = planReminderTimes({
      startsAt: new Date('2027-03-28T16:00:00Z'),
      timezone: 'Europe/Berlin',
      allDay: false,
    });
    expect(times.STARTS_SOON.toISOString()).toBe('2027-03-28T15:00:00.000Z');
    expect(times.STILL_GOING.toISOString()).toBe('2027-03-27T16:00:00.000Z');
  });

  it('are 08:00 on the day and 09:00 the day before for an all-day plan, in its zone', () => {
    // 28 March 2027 in Berlin: the day summer time starts (CET before, CEST from 03:00).
    const times = planReminderTimes({
      startsAt: new Date('2027-03-27T23:00:00Z'),
      timezone: 'Europe/Berlin',
      allDay: true,
    });
    expect(times.STARTS_SOON.toISOString()).toBe('2027-03-28T06:00:00.000Z');
    expect(times.STILL_GOING.toISOString()).toBe('2027-03-27T08:00:00.000Z');
  });

  it('know their kinds', () => {
    expect(isPlanReminderKind('STILL_GOING')).toBe(true);
    expect(isPlanReminderKind('SOON')).toBe(false);
  });
});
