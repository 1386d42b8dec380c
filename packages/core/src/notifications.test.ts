import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_TYPE_INFO,
  ACTIVITY_TYPES,
  badgeText,
  channelsFor,
  formatQuietMinute,
  inQuietHours,
  isActivityType,
  parseQuietMinute,
  quietHoursEnd,
  timeAgo,
} from './notifications.ts';

describe('channelsFor', () => {
  it('takes the saved choice per channel over the default', () => {
    expect(channelsFor('FOLLOW', null)).toEqual({ IN_APP: true, PUSH: false, EMAIL: false });
    expect(channelsFor('FOLLOW', { PUSH: true })).toEqual({ IN_APP: true, PUSH: true, EMAIL: false });
    expect(channelsFor('MENTION', { EMAIL: false, IN_APP: undefined })).toEqual({
      IN_APP: true,
      PUSH: true,
      EMAIL: false,
    });
  });

  it('knows every kind, each with a label and a section', () => {
    expect(new Set(ACTIVITY_TYPES).size).toBe(ACTIVITY_TYPES.length);
    for (const type of ACTIVITY_TYPES) expect(ACTIVITY_TYPE_INFO[type].label.length).toBeGreaterThan(3);
    expect(isActivityType('MENTION')).toBe(true);
    expect(isActivityType('ALL')).toBe(false);
    expect(isActivityType(3)).toBe(false);
  });
});

describe('quiet hours', () => {
  const night = { start: 22 * 60, end: 7 * 60, timeZone: 'Europe/Lisbon' };

  it('spans midnight when the start is after the end, in the person’s zone', () => {
    // 23:30 in Lisbon in winter is 23:30 UTC
    expect(inQuietHours(new Date('2026-01-10T23:30:00Z'), night)).toBe(true);
    expect(inQuietHours(new Date('2026-01-10T06:59:00Z'), night)).toBe(true);
    expect(inQuietHours(new Date('2026-01-10T07:00:00Z'), night)).toBe(false);
    expect(inQuietHours(new Date('2026-01-10T21:59:00Z'), night)).toBe(false);
    // 21:30 UTC in summer is 22:30 in Lisbon
    expect(inQuietHours(new Date('2026-07-10T21:30:00Z'), night)).toBe(true);
  });

  it('a daytime window, none, and an empty window', () => {
    const lunch = { start: 12 * 60, end: 13 * 60, timeZone: 'UTC' };
    expect(inQuietHours(new Date('2026-01-10T12:30:00Z'), lunch)).toBe(true);
    expect(inQuietHours(new Date('2026-01-10T13:00:00Z'), lunch)).toBe(false);
    expect(inQuietHours(new Date('2026-01-10T12:30:00Z'), null)).toBe(false);
    expect(inQuietHours(new Date('2026-01-10T12:30:00Z'), { ...lunch, end: lunch.start })).toBe(false);
  });

  it('ends at the first minute outside the window, across a clock change', () => {
    const at = new Date('2026-01-10T23:30:00Z');
    expect(quietHoursEnd(at, night).toISOString()).toBe('2026-01-11T07:00:00.000Z');
    const outside = new Date('2026-01-10T12:00:00Z');
    expect(quietHoursEnd(outside, night)).toBe(outside);
    // Night of 28–29 March 2026: Lisbon moves from UTC to UTC+1; 07:00 local is 06:00 UTC
    expect(quietHoursEnd(new Date('2026-03-28T23:00:00Z'), night).toISOString()).toBe(
      '2026-03-29T06:00:00.000Z',
    );
  });

  it('reads and writes 24-hour times', () => {
    expect(parseQuietMinute('7:05')).toBe(425);
    expect(parseQuietMinute('23:59')).toBe(1439);
    expect(parseQuietMinute('24:00')).toBeNull();
    expect(parseQuietMinute('7pm')).toBeNull();
    expect(formatQuietMinute(425)).toBe('07:05');
  });
});

describe('timeAgo and the badge', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('shortens ages like a feed does', () => {
    expect(timeAgo(new Date('2026-11-23T11:59:30Z'), now)).toBe('now');
    expect(timeAgo(new Date('2026-11-23T11:55:00Z'), now)).toBe('5m');
    expect(timeAgo(new Date('2026-11-23T09:00:00Z'), now)).toBe('3h');
    expect(timeAgo(new Date('2026-11-21T12:00:00Z'), now)).toBe('2d');
    expect(timeAgo(new Date('2026-11-09T12:00:00Z'), now)).toBe('2w');
    expect(timeAgo(new Date('2026-03-03T12:00:00Z'), now)).toBe('Mar 3');
    expect(timeAgo(new Date('2025-03-03T12:00:00Z'), now)).toBe('Mar 3, 2025');
    expect(timeAgo(new Date('2026-11-23T12:05:00Z'), now)).toBe('now');
  });

  it('caps the badge at 99+', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(7)).toBe('7');
    expect(badgeText(100)).toBe('99+');
  });
});
