import { describe, expect, it } from 'vitest';
import { describePlanTime, isTimeZone, nextFullHour, parsePlanTime, planTimeZone } from './plan-time.ts';

describe('plan times', () => {
  it('knows IANA zones and refuses made-up ones', () => {
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('treats a plan without address or city as UTC', () => {
    expect(planTimeZone({ timezone: 'Asia/Tokyo', address: null, city: null })).toBe('UTC');
    expect(planTimeZone({ timezone: 'Asia/Tokyo', address: null, city: 'Tokyo' })).toBe('Asia/Tokyo');
  });

  it('reads wall-clock times in the plan zone and instants as given', () => {
    expect(parsePlanTime('2026-07-01T18:00', 'Europe/Berlin')?.toISOString()).toBe(
      '2026-07-01T16:00:00.000Z',
    );
    expect(parsePlanTime('2026-01-01T18:00', 'Europe/Berlin')?.toISOString()).toBe(
      '2026-01-01T17:00:00.000Z',
    );
    expect(parsePlanTime('2026-07-01', 'America/New_York')?.toISOString()).toBe('2026-07-01T04:00:00.000Z');
    expect(parsePlanTime('2026-07-01T18:00:00+05:30', 'UTC')?.toISOString()).toBe('2026-07-01T12:30:00.000Z');
    expect(parsePlanTime('2026-02-30T10:00', 'UTC')).toBeNull();
    expect(parsePlanTime('tomorrow', 'UTC')).toBeNull();
  });

  it('moves a time skipped by the spring change forward by the gap', () => {
    expect(parsePlanTime('2026-03-29T02:30', 'Europe/Berlin')?.toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });

  it('describes a time with date, utc, local, iso and timeSet', () => {
    expect(describePlanTime(new Date('2026-07-01T16:00:00Z'), 'Europe/Berlin', false)).toEqual({
      date: '2026-07-01',
      utc: '2026-07-01T16:00:00.000Z',
      local: '2026-07-01T18:00:00',
      iso: '2026-07-01T18:00:00+02:00',
      timeSet: true,
    });
  });

  it('finds the next full hour of the zone clock, also in half-hour zones', () => {
    const now = new Date('2026-12-01T09:20:00Z');
    expect(nextFullHour(now).toISOString()).toBe('2026-12-01T10:00:00.000Z');
    // 14:50 in Kolkata (UTC+5:30): next full hour 15:00 local = 09:30 UTC.
    expect(nextFullHour(now, 'Asia/Kolkata').toISOString()).toBe('2026-12-01T09:30:00.000Z');
    expect(nextFullHour(new Date('2026-12-01T10:00:00Z')).toISOString()).toBe('2026-12-01T11:00:00.000Z');
  });
});
