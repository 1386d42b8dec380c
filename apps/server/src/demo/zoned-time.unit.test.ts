import { describe, expect, it } from 'vitest';
import { dateInZone, zonedTimeToUtc } from './zoned-time.ts';

describe('zonedTimeToUtc', () => {
  it('places a Lisbon summer time (UTC+1) and winter time (UTC+0) correctly', () => {
    expect(zonedTimeToUtc({ year: 2026, month: 7, day: 1 }, 9, 0, 'Europe/Lisbon').toISOString()).toBe(
      '2026-07-01T08:00:00.000Z',
    );
    expect(zonedTimeToUtc({ year: 2026, month: 12, day: 1 }, 9, 0, 'Europe/Lisbon').toISOString()).toBe(
      '2026-12-01T09:00:00.000Z',
    );
  });

  it('handles New York across the November change', () => {
    expect(zonedTimeToUtc({ year: 2026, month: 10, day: 31 }, 13, 0, 'America/New_York').toISOString()).toBe(
      '2026-10-31T17:00:00.000Z',
    );
    expect(zonedTimeToUtc({ year: 2026, month: 11, day: 2 }, 13, 0, 'America/New_York').toISOString()).toBe(
      '2026-11-02T18:00:00.000Z',
    );
  });
});

describe('dateInZone', () => {
  it('counts days from the local date, not the UTC date', () => {
    // 23:30 UTC on Nov 22 is already Nov 23 in Berlin.
    expect(dateInZone(new Date('2026-11-22T23:30:00Z'), 1, 'Europe/Berlin')).toEqual({
      year: 2026,
      month: 11,
      day: 24,
    });
    expect(dateInZone(new Date('2026-12-31T12:00:00Z'), 1, 'UTC')).toEqual({ year: 2027, month: 1, day: 1 });
  });
});
