import { describe, expect, it } from 'vitest';
import { formatPlanWhen, planDateBadge } from './plan-when.ts';

const now = new Date('2026-11-23T10:00:00Z');

describe('formatPlanWhen', () => {
  it('shows one day and a time range in the plan’s zone', () => {
    const when = formatPlanWhen(
      {
        start: '2026-12-05T18:00:00Z',
        end: '2026-12-05T20:00:00Z',
        timezone: 'Europe/Lisbon',
        allDay: false,
      },
      { now },
    );
    expect(when).toBe('Sat, Dec 5 · 6:00 – 8:00 PM');
  });

  it('reads the wall clock of the plan’s zone, not UTC', () => {
    const when = formatPlanWhen(
      {
        start: '2026-12-05T23:30:00Z',
        end: '2026-12-06T01:00:00Z',
        timezone: 'America/New_York',
        allDay: false,
      },
      { now },
    );
    expect(when).toBe('Sat, Dec 5 · 6:30 – 8:00 PM');
  });

  it('names the zone for a reader whose clock differs', () => {
    const when = formatPlanWhen(
      {
        start: '2026-12-05T18:00:00Z',
        end: '2026-12-05T19:00:00Z',
        timezone: 'Europe/Berlin',
        allDay: false,
      },
      { now, readerZone: 'America/Chicago' },
    );
    expect(when).toMatch(/^Sat, Dec 5 · 7:00 – 8:00 PM GMT\+1$/);
    const local = formatPlanWhen(
      {
        start: '2026-12-05T18:00:00Z',
        end: '2026-12-05T19:00:00Z',
        timezone: 'Europe/Berlin',
        allDay: false,
      },
      { now, readerZone: 'Europe/Paris' },
    );
    expect(local).toBe('Sat, Dec 5 · 7:00 – 8:00 PM');
    // Unknown (the server's render): named, whoever reads it.
    const unknown = formatPlanWhen(
      {
        start: '2026-12-05T18:00:00Z',
        end: '2026-12-05T19:00:00Z',
        timezone: 'Europe/Berlin',
        allDay: false,
      },
      { now, readerZone: null },
    );
    expect(unknown).toMatch(/^Sat, Dec 5 · 7:00 – 8:00 PM GMT\+1$/);
  });

  it('shows all-day plans by their dates, the exclusive end one day back', () => {
    const one = {
      start: '2026-12-04T23:00:00Z',
      end: '2026-12-05T23:00:00Z',
      timezone: 'Europe/Berlin',
      allDay: true,
    };
    expect(formatPlanWhen(one, { now })).toBe('Sat, Dec 5 · All day');
    const two = { ...one, end: '2026-12-06T23:00:00Z' };
    expect(formatPlanWhen(two, { now })).toBe('Sat, Dec 5 – Sun, Dec 6');
  });

  it('spans days with both times, and gives the year when it is not this year', () => {
    const when = formatPlanWhen(
      { start: '2027-01-02T22:00:00Z', end: '2027-01-03T02:00:00Z', timezone: 'UTC', allDay: false },
      { now },
    );
    expect(when).toBe('Sat, Jan 2, 2027, 10:00 PM – Sun, Jan 3, 2027, 2:00 AM');
  });
});

describe('planDateBadge', () => {
  it('gives month and day in the plan’s zone', () => {
    expect(planDateBadge({ start: '2026-12-05T23:30:00Z', timezone: 'Asia/Tokyo' })).toEqual({
      month: 'DEC',
      day: '6',
    });
  });
});
