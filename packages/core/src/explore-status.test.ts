import { describe, it, expect } from 'vitest';
import {
  EXPLORE_STATUSES,
  exploreStatusFromForm,
  exploreStatusToForm,
  isExploreStatus,
} from './explore-status.ts';

describe('explore status', () => {
  it('has the values of spec 4', () => {
    expect(EXPLORE_STATUSES).toEqual(['BLOCKED', 'ENABLED', 'DISABLED']);
  });

  it('shows blocked as null, enabled as true and disabled as false', () => {
    expect(exploreStatusToForm('BLOCKED')).toBeNull();
    expect(exploreStatusToForm('ENABLED')).toBe(true);
    expect(exploreStatusToForm('DISABLED')).toBe(false);
  });

  it('reads the form value back', () => {
    expect(exploreStatusFromForm(null)).toBe('BLOCKED');
    expect(exploreStatusFromForm(true)).toBe('ENABLED');
    expect(exploreStatusFromForm(false)).toBe('DISABLED');
  });

  it('round-trips every status', () => {
    for (const status of EXPLORE_STATUSES)
      expect(exploreStatusFromForm(exploreStatusToForm(status))).toBe(status);
  });

  it('recognises statuses', () => {
    expect(isExploreStatus('DISABLED')).toBe(true);
    expect(isExploreStatus('enabled')).toBe(false);
    expect(isExploreStatus(true)).toBe(false);
  });
});
