/** Access levels of spec 4: each is one bit of a plan's or group's access mask. */
export const ACCESS_LEVEL = {
  public: 1,
  invited: 2,
  attending: 4,
  following: 8,
  interested: 16,
  nexttime: 32,
  creator: 64,
  member: 128,
} as const;

export type AccessLevelName = keyof typeof ACCESS_LEVEL;

/** Level names in bit order, lowest bit first. */
export const ACCESS_LEVEL_NAMES = [
  'public',
  'invited',
  'attending',
  'following',
  'interested',
  'nexttime',
  'creator',
  'member',
] as const satisfies readonly AccessLevelName[];

/** Every known bit set (255). */
export const ALL_ACCESS_LEVELS_MASK = ACCESS_LEVEL_NAMES.reduce((mask, name) => mask | ACCESS_LEVEL[name], 0);

/**
 * A permission holds when the viewer's mask shares at least one bit with the required mask.
 * Bits outside the eight known levels never grant anything: deny by default.
 */
export function hasAccess(viewerMask: number, requiredMask: number): boolean {
  return (viewerMask & requiredMask & ALL_ACCESS_LEVELS_MASK) !== 0;
}

export function accessMask(levels: Iterable<AccessLevelName>): number {
  let mask = 0;
  for (const level of levels) mask |= ACCESS_LEVEL[level];
  return mask;
}

/** The names of the levels set in a mask, in bit order; unknown bits are ignored. */
export function accessLevelNames(mask: number): AccessLevelName[] {
  return ACCESS_LEVEL_NAMES.filter((name) => (mask & ACCESS_LEVEL[name]) !== 0);
}

export function isAccessLevelName(value: unknown): value is AccessLevelName {
  return typeof value === 'string' && Object.hasOwn(ACCESS_LEVEL, value);
}

/** An integer made only of known level bits (0 included). */
export function isAccessMask(value: unknown): value is number {
  return (
    Number.isInteger(value) && (value as number) >= 0 && ((value as number) & ~ALL_ACCESS_LEVELS_MASK) === 0
  );
}
