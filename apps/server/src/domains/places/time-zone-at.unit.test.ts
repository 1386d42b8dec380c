import { describe, expect, it } from 'vitest';
import { timeZoneAt } from './time-zone-at.ts';

describe('timeZoneAt', () => {
  it('names the zone of a point', () => {
    expect(timeZoneAt(45.52345, -122.67621)).toBe('America/Los_Angeles');
    expect(timeZoneAt(43.65737, -70.2589)).toBe('America/New_York');
    expect(timeZoneAt(48.85341, 2.3488)).toBe('Europe/Paris');
    expect(timeZoneAt(-33.86785, 151.20732)).toBe('Australia/Sydney');
    expect(timeZoneAt(27.7, 85.3)).toBe('Asia/Kathmandu');
  });

  it('answers null for coordinates out of range', () => {
    expect(timeZoneAt(91, 0)).toBeNull();
    expect(timeZoneAt(0, 181)).toBeNull();
    expect(timeZoneAt(Number.NaN, 0)).toBeNull();
  });
});
