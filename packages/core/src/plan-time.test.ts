import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  describePlanTime,
  describePlanTimeByTemporal,
  isTimeZone,
  nextFullHour,
  offsetAt,
  parsePlanTime,
  planTimeZone,
} from './plan-time.ts';

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

  it('describes every time as Temporal writes it: offsets either side, daylight-saving changes, odd minutes', () => {
    const zones = [
      'UTC',
      'Europe/Lisbon',
      'Europe/Berlin',
      'America/New_York',
      'America/St_Johns', // -03:30 / -02:30
      'Pacific/Marquesas', // -09:30
      'Asia/Kolkata', // +05:30
      'Asia/Kathmandu', // +05:45
      'Pacific/Chatham', // +12:45 / +13:45
      'Australia/Lord_Howe', // a half-hour daylight-saving change
      'Pacific/Kiritimati', // +14:00
      'America/Sao_Paulo',
    ];
    const instants = [
      '2026-03-29T00:59:59.999Z', // a second before Europe's change to summer time, and after
      '2026-03-29T01:00:00Z',
      '2026-10-25T00:59:59Z',
      '2026-10-25T01:00:00Z',
      '2026-03-08T06:59:59Z', // New York's change
      '2026-03-08T07:00:00Z',
      '2026-11-01T05:30:00Z',
      '2026-12-31T23:59:59.500Z', // the year's end in one zone and not another
      '2027-01-01T00:00:00Z',
      '2026-04-05T02:30:00Z',
      '1999-06-15T12:34:56.789Z',
      '1000-01-02T00:00:00Z',
      '9999-12-30T12:00:00Z',
    ];
    let compared = 0;
    for (const zone of zones) {
      for (const at of instants) {
        for (const allDay of [false, true]) {
          const instant = new Date(at);
          expect({ zone, at, ...describePlanTime(instant, zone, allDay) }).toEqual({
            zone,
            at,
            ...describePlanTimeByTemporal(instant, zone, allDay),
          });
          compared += 1;
        }
      }
    }
    expect(compared).toBe(zones.length * instants.length * 2);
  });

  it('knows the offset on either side of every change, whichever side a zone was first asked about', () => {
    const temporalOffset = (ms: number, zone: string) =>
      Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone).offsetNanoseconds / 1e6;
    /** The zone's transitions in 2026 and 2027, as Temporal finds them. */
    const transitions = (zone: string) => {
      const found: number[] = [];
      let at = Temporal.Instant.from('2026-01-01T00:00:00Z').toZonedDateTimeISO(zone);
      for (;;) {
        const next = at.getTimeZoneTransition('next');
        if (!next || next.epochMilliseconds >= Date.UTC(2028, 0, 1)) return found;
        found.push(next.epochMilliseconds);
        at = next;
      }
    };
    // Each zone is asked first on one side of its changes: after them (from the latest instant
    // back), before them (from the earliest on), or at the very instant of each change; then all
    // again, its spans known.
    const backwards = ['Europe/Paris', 'America/Chicago', 'Australia/Lord_Howe', 'Pacific/Chatham'];
    const forwards = ['Europe/Dublin', 'America/Denver', 'Australia/Sydney', 'America/Santiago'];
    const atFirst = ['Europe/Helsinki', 'America/Halifax', 'Pacific/Auckland'];
    let compared = 0;
    for (const round of [1, 2]) {
      for (const zone of [...backwards, ...forwards, ...atFirst]) {
        const changes = transitions(zone);
        expect(changes.length, zone).toBeGreaterThanOrEqual(3);
        const around = atFirst.includes(zone)
          ? changes.flatMap((t) => [t, t - 1, t + 1, t - 1000, t + 1000])
          : changes.flatMap((t) => [t - 1000, t - 1, t, t + 1, t + 1000]);
        if (backwards.includes(zone) && round === 1) around.reverse();
        for (const ms of around) {
          expect({ zone, at: new Date(ms).toISOString(), offset: offsetAt(ms, zone) }).toEqual({
            zone,
            at: new Date(ms).toISOString(),
            offset: temporalOffset(ms, zone),
          });
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(200);
    // A zone without changes, and instants far from any.
    expect(offsetAt(Date.UTC(2026, 5, 1), 'UTC')).toBe(0);
    expect(offsetAt(Date.UTC(1850, 5, 1), 'Europe/Lisbon')).toBe(
      temporalOffset(Date.UTC(1850, 5, 1), 'Europe/Lisbon'),
    );
    expect(offsetAt(8.64e15, 'Asia/Tokyo')).toBe(9 * 3_600_000);
  });

  it('writes the edge cases Date cannot as Temporal does: local mean time, years of other digits', () => {
    // Lisbon kept its local mean time (-00:36:45) until 1912; Temporal writes the offset rounded.
    const lmt = new Date('1850-06-01T12:00:00Z');
    expect(describePlanTime(lmt, 'Europe/Lisbon', false)).toEqual({
      date: '1850-06-01',
      utc: '1850-06-01T12:00:00.000Z',
      local: '1850-06-01T11:23:15',
      iso: '1850-06-01T11:23:15-00:37',
      timeSet: true,
    });
    expect(describePlanTime(lmt, 'Europe/Lisbon', false)).toEqual(
      describePlanTimeByTemporal(lmt, 'Europe/Lisbon', false),
    );
    for (const at of ['0999-12-31T23:00:00Z', '9999-12-31T23:30:00Z']) {
      const instant = new Date(at);
      expect(describePlanTime(instant, 'Asia/Tokyo', false)).toEqual(
        describePlanTimeByTemporal(instant, 'Asia/Tokyo', false),
      );
    }
    expect(describePlanTime(new Date('9999-12-31T23:30:00Z'), 'Asia/Tokyo', false).date).toBe(
      '+010000-01-01',
    );
  });

  it('finds the next full hour of the zone clock, also in half-hour zones', () => {
    const now = new Date('2026-12-01T09:20:00Z');
    expect(nextFullHour(now).toISOString()).toBe('2026-12-01T10:00:00.000Z');
    // 14:50 in Kolkata (UTC+5:30): next full hour 15:00 local = 09:30 UTC.
    expect(nextFullHour(now, 'Asia/Kolkata').toISOString()).toBe('2026-12-01T09:30:00.000Z');
    expect(nextFullHour(new Date('2026-12-01T10:00:00Z')).toISOString()).toBe('2026-12-01T11:00:00.000Z');
  });
});
