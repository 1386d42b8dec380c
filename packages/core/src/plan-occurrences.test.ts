import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkRecurrence,
  isOccurrenceStart,
  nextOccurrence,
  occurrenceStarts,
  recurrenceRule,
  type PlanSeries,
} from './plan-occurrences.ts';
import { wallClockOf } from './plan-time.ts';

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe('repeating plans', () => {
  it('keeps the wall-clock time across daylight-saving changes in the plan zone', () => {
    // Weekly, Fridays 18:00 in New York, across the November change (EDT -> EST).
    const series: PlanSeries = {
      start: new Date('2026-10-23T22:00:00Z'),
      timezone: 'America/New_York',
      recurrence: { frequency: 'WEEKLY', byDay: ['FR'] },
    };
    const starts = occurrenceStarts(
      series,
      new Date('2026-10-20T00:00:00Z'),
      new Date('2026-11-15T00:00:00Z'),
    );
    expect(iso(starts)).toEqual([
      '2026-10-23T22:00:00.000Z',
      '2026-10-30T22:00:00.000Z',
      '2026-11-06T23:00:00.000Z',
      '2026-11-13T23:00:00.000Z',
    ]);
    expect(starts.map((d) => wallClockOf(d, series.timezone).hour)).toEqual([18, 18, 18, 18]);
  });

  it('repeats weekly on several days', () => {
    const series: PlanSeries = {
      start: new Date('2026-12-07T09:00:00Z'),
      timezone: 'UTC',
      recurrence: { frequency: 'WEEKLY', byDay: ['MO', 'TH'] },
    };
    expect(iso(occurrenceStarts(series, series.start, new Date('2026-12-15T00:00:00Z')))).toEqual([
      '2026-12-07T09:00:00.000Z',
      '2026-12-10T09:00:00.000Z',
      '2026-12-14T09:00:00.000Z',
    ]);
  });

  it('repeats monthly on the ordinal weekday or the day of month', () => {
    // 2026-12-08 is the 2nd Tuesday.
    const start = new Date('2026-12-08T19:00:00Z');
    const to = new Date('2027-03-01T00:00:00Z');
    const ordinal = occurrenceStarts(
      { start, timezone: 'UTC', recurrence: { frequency: 'MONTHLY', monthly: 'ORDINAL_WEEKDAY' } },
      start,
      to,
    );
    expect(iso(ordinal)).toEqual([
      '2026-12-08T19:00:00.000Z',
      '2027-01-12T19:00:00.000Z',
      '2027-02-09T19:00:00.000Z',
    ]);
    const byDate = occurrenceStarts(
      { start, timezone: 'UTC', recurrence: { frequency: 'MONTHLY' } },
      start,
      to,
    );
    expect(iso(byDate)).toEqual([
      '2026-12-08T19:00:00.000Z',
      '2027-01-08T19:00:00.000Z',
      '2027-02-08T19:00:00.000Z',
    ]);
  });

  it('takes the last weekday when the start is in the fifth week', () => {
    const start = new Date('2026-12-29T19:00:00Z'); // 5th Tuesday of December
    const next = nextOccurrence(
      { start, timezone: 'UTC', recurrence: { frequency: 'MONTHLY', monthly: 'ORDINAL_WEEKDAY' } },
      start,
    );
    expect(next?.toISOString()).toBe('2027-01-26T19:00:00.000Z');
  });

  it('stops at the end date, inclusive, in the plan zone', () => {
    const series: PlanSeries = {
      start: new Date('2026-12-01T22:30:00Z'), // 23:30 in Berlin
      timezone: 'Europe/Berlin',
      recurrence: { frequency: 'DAILY', endDate: '2026-12-03' },
    };
    expect(occurrenceStarts(series, series.start, new Date('2027-01-01T00:00:00Z'))).toHaveLength(3);
    expect(nextOccurrence(series, new Date('2026-12-03T22:30:00Z'))).toBeNull();
  });

  it('repeats yearly on the same date', () => {
    const start = new Date('2026-06-21T12:00:00Z');
    expect(
      nextOccurrence({ start, timezone: 'UTC', recurrence: { frequency: 'YEARLY' } }, start)?.toISOString(),
    ).toBe('2027-06-21T12:00:00.000Z');
  });

  it('recognises occurrence starts and nothing else', () => {
    const series: PlanSeries = {
      start: new Date('2026-12-01T10:00:00Z'),
      timezone: 'UTC',
      recurrence: { frequency: 'DAILY' },
    };
    expect(isOccurrenceStart(series, new Date('2026-12-05T10:00:00Z'))).toBe(true);
    expect(isOccurrenceStart(series, new Date('2026-12-05T10:30:00Z'))).toBe(false);
    expect(isOccurrenceStart(series, new Date('2026-11-30T10:00:00Z'))).toBe(false);
  });

  it('gives an RRULE line for calendar export', () => {
    const series: PlanSeries = {
      start: new Date('2026-12-07T09:00:00Z'),
      timezone: 'UTC',
      recurrence: { frequency: 'WEEKLY', byDay: ['MO', 'TH'], endDate: '2027-01-31' },
    };
    expect(recurrenceRule(series)).toBe('RRULE:FREQ=WEEKLY;BYDAY=MO,TH;UNTIL=20270131T235959Z');
  });

  it('finds the next occurrence after any instant, always later and on the rule', () => {
    const series: PlanSeries = {
      start: new Date('2026-03-02T17:00:00Z'),
      timezone: 'Europe/London',
      recurrence: { frequency: 'WEEKLY', byDay: ['MO', 'WE'] },
    };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * 86_400_000 }), (offset) => {
        const after = new Date(series.start.getTime() + offset);
        const next = nextOccurrence(series, after)!;
        expect(next.getTime()).toBeGreaterThan(after.getTime());
        expect(next.getTime() - after.getTime()).toBeLessThanOrEqual(5 * 86_400_000 + 3_600_000);
        expect(isOccurrenceStart(series, next)).toBe(true);
        expect(wallClockOf(next, series.timezone).hour).toBe(17);
      }),
      { numRuns: 60 },
    );
  });
});

describe('recurrence input', () => {
  const start = new Date('2026-12-07T09:00:00Z');
  it('names the field at fault', () => {
    expect(checkRecurrence({ frequency: 'HOURLY' }, start, 'UTC')).toMatchObject({
      problem: { field: 'recurring.frequency' },
    });
    expect(checkRecurrence({ frequency: 'WEEKLY', byDay: ['MO', 'XX'] }, start, 'UTC')).toMatchObject({
      problem: { field: 'recurring.byDay' },
    });
    expect(checkRecurrence({ frequency: 'DAILY', endDate: '2026-12-01' }, start, 'UTC')).toMatchObject({
      problem: { field: 'recurring.endDate' },
    });
    expect(checkRecurrence({ frequency: 'DAILY', endDate: '2026-13-01' }, start, 'UTC')).toMatchObject({
      problem: { field: 'recurring.endDate' },
    });
  });

  it('keeps only what the frequency uses, byDay in week order', () => {
    expect(
      checkRecurrence({ frequency: 'WEEKLY', byDay: ['TH', 'MO'], monthly: 'DAY_OF_MONTH' }, start, 'UTC'),
    ).toEqual({
      recurrence: { frequency: 'WEEKLY', byDay: ['MO', 'TH'] },
    });
    expect(checkRecurrence({ frequency: 'DAILY', byDay: ['MO'] }, start, 'UTC')).toEqual({
      recurrence: { frequency: 'DAILY' },
    });
  });
});
