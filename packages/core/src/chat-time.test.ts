import { describe, expect, it } from 'vitest';
import { clockTime, dayHeading, monthDay, sameDay } from './chat-time.ts';

const NOW = Date.parse('2026-11-23T15:00:00Z');

describe('chat times', () => {
  it('heads days as Today, Yesterday, or weekday with month and day', () => {
    expect(dayHeading(Date.parse('2026-11-23T01:00:00Z'), NOW, 'UTC')).toBe('Today');
    expect(dayHeading(Date.parse('2026-11-22T23:00:00Z'), NOW, 'UTC')).toBe('Yesterday');
    expect(dayHeading(Date.parse('2026-11-21T12:00:00Z'), NOW, 'UTC')).toBe('Saturday, November 21');
  });

  it('decides days in the given zone', () => {
    const late = Date.parse('2026-11-23T02:00:00Z'); // 21:00 on Nov 22 in New York
    expect(sameDay(late, NOW, 'UTC')).toBe(true);
    expect(sameDay(late, NOW, 'America/New_York')).toBe(false);
    expect(dayHeading(late, NOW, 'America/New_York')).toBe('Yesterday');
  });

  it('formats clock times and month-days', () => {
    expect(clockTime(Date.parse('2026-11-23T09:05:00Z'), 'UTC')).toBe('9:05 AM');
    expect(monthDay(Date.parse('2026-11-21T09:05:00Z'), 'UTC')).toBe('Nov 21');
  });
});
