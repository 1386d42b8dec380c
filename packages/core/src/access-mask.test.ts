import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  ACCESS_LEVEL,
  ACCESS_LEVEL_NAMES,
  ALL_ACCESS_LEVELS_MASK,
  accessLevelNames,
  accessMask,
  hasAccess,
  isAccessLevelName,
  isAccessMask,
} from './access-mask.ts';

const knownMask = fc.integer({ min: 0, max: 255 });
const levelNames = fc.uniqueArray(fc.constantFrom(...ACCESS_LEVEL_NAMES));

describe('ACCESS_LEVEL', () => {
  it('has the bits of spec 4', () => {
    expect(ACCESS_LEVEL).toEqual({
      public: 1,
      invited: 2,
      attending: 4,
      following: 8,
      interested: 16,
      nexttime: 32,
      creator: 64,
      member: 128,
    });
    expect(ALL_ACCESS_LEVELS_MASK).toBe(255);
  });

  it('lists names lowest bit first', () => {
    expect(ACCESS_LEVEL_NAMES.map((name) => ACCESS_LEVEL[name])).toEqual([1, 2, 4, 8, 16, 32, 64, 128]);
  });
});

describe('hasAccess', () => {
  it('grants when the masks share a bit', () => {
    expect(hasAccess(ACCESS_LEVEL.attending | ACCESS_LEVEL.member, ACCESS_LEVEL.member)).toBe(true);
    expect(hasAccess(ACCESS_LEVEL.invited, ACCESS_LEVEL.invited | ACCESS_LEVEL.creator)).toBe(true);
  });

  it('denies when the masks share no bit', () => {
    expect(hasAccess(ACCESS_LEVEL.public, ACCESS_LEVEL.creator)).toBe(false);
    expect(hasAccess(ACCESS_LEVEL.following | ACCESS_LEVEL.interested, ACCESS_LEVEL.attending)).toBe(false);
  });

  it('never grants through bits outside the eight levels', () => {
    expect(hasAccess(256, 256)).toBe(false);
    expect(hasAccess(256 | ACCESS_LEVEL.public, 256 | ACCESS_LEVEL.creator)).toBe(false);
  });

  it('is symmetric', () => {
    fc.assert(fc.property(fc.integer(), fc.integer(), (a, b) => hasAccess(a, b) === hasAccess(b, a)));
  });

  it('never grants with an empty mask on either side', () => {
    fc.assert(fc.property(fc.integer(), (mask) => !hasAccess(0, mask) && !hasAccess(mask, 0)));
  });

  it('grants a non-empty known mask against itself', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 255 }), (mask) => hasAccess(mask, mask)));
  });

  it('grants against the full mask exactly when the viewer has some level', () => {
    fc.assert(fc.property(knownMask, (mask) => hasAccess(mask, ALL_ACCESS_LEVELS_MASK) === mask > 0));
  });

  it('keeps granting when the viewer gains levels', () => {
    fc.assert(
      fc.property(knownMask, knownMask, knownMask, (viewer, extra, required) => {
        return !hasAccess(viewer, required) || hasAccess(viewer | extra, required);
      }),
    );
  });

  it('grants exactly when some level name is common to both', () => {
    fc.assert(
      fc.property(levelNames, levelNames, (viewer, required) => {
        const common = viewer.some((name) => required.includes(name));
        return hasAccess(accessMask(viewer), accessMask(required)) === common;
      }),
    );
  });
});

describe('accessMask and accessLevelNames', () => {
  it('combines level names into a mask', () => {
    expect(accessMask([])).toBe(0);
    expect(accessMask(['creator', 'member'])).toBe(192);
    expect(accessMask(['public', 'public'])).toBe(1);
  });

  it('lists the level names of a mask in bit order', () => {
    expect(accessLevelNames(0)).toEqual([]);
    expect(accessLevelNames(64 | 2 | 4)).toEqual(['invited', 'attending', 'creator']);
    expect(accessLevelNames(255)).toEqual(ACCESS_LEVEL_NAMES);
    expect(accessLevelNames(256 | 1)).toEqual(['public']);
  });

  it('round-trips every known mask', () => {
    fc.assert(fc.property(knownMask, (mask) => accessMask(accessLevelNames(mask)) === mask));
  });
});

describe('validation', () => {
  it('recognises level names', () => {
    expect(isAccessLevelName('nexttime')).toBe(true);
    expect(isAccessLevelName('nextTime')).toBe(false);
    expect(isAccessLevelName('toString')).toBe(false);
    expect(isAccessLevelName(1)).toBe(false);
  });

  it('accepts only integers made of known bits', () => {
    expect(isAccessMask(0)).toBe(true);
    expect(isAccessMask(255)).toBe(true);
    expect(isAccessMask(256)).toBe(false);
    expect(isAccessMask(-1)).toBe(false);
    expect(isAccessMask(1.5)).toBe(false);
    expect(isAccessMask('1')).toBe(false);
  });
});
