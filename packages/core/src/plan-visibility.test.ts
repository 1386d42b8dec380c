import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePlanVisibility, planVisibilityValue } from './plan-visibility.ts';

describe('the plan form’s visibility choice', () => {
  it('reads back what it wrote', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 1, max: 2 ** 31 - 1 })),
        fc.boolean(),
        (organizationId, isPublic) => {
          const visibility = { isPublic, organizationId: isPublic ? null : organizationId };
          expect(parsePlanVisibility(planVisibilityValue(visibility))).toEqual(visibility);
        },
      ),
    );
  });

  it('writes the three kinds', () => {
    expect(planVisibilityValue({ isPublic: true, organizationId: null })).toBe('public');
    expect(planVisibilityValue({ isPublic: false, organizationId: null })).toBe('private');
    expect(planVisibilityValue({ isPublic: false, organizationId: 7 })).toBe('organization:7');
  });

  it('takes anything unknown for invite only', () => {
    for (const value of [
      '',
      null,
      undefined,
      'friends',
      'organization:',
      'organization:x',
      'organization:-2',
      'organization:1.5',
    ])
      expect(parsePlanVisibility(value)).toEqual({ isPublic: false, organizationId: null });
  });
});
