const UNITS = [
  { size: 1_000, suffix: 'k' },
  { size: 1_000_000, suffix: 'm' },
  // Spec 5 names only k and m; b keeps the output short ("1000m" would read as a bug).
  { size: 1_000_000_000, suffix: 'b' },
] as const;

/**
 * Formats a count as spec 5 says: below 1000 plain, thousands as "k", millions as "m", one
 * decimal below 100 of a unit and none from 100 up, rounded half up, with no trailing ".0".
 * A value that rounds up to 1000 of a unit moves to the next one (999,999 is "1m", not "1000k").
 *
 * Counts are whole: fractions are dropped. A negative count keeps its sign ("-1.2k"). NaN shows as
 * "0"; values beyond Number.MAX_SAFE_INTEGER (Infinity included) are clamped to it.
 */
export function formatCount(value: number): string {
  if (Number.isNaN(value)) return '0';
  const count = Math.min(Math.floor(Math.abs(value)), Number.MAX_SAFE_INTEGER);
  if (count === 0) return '0';
  const sign = value < 0 ? '-' : '';
  if (count < 1000) return `${sign}${count}`;

  const index = UNITS.findLastIndex((unit) => count >= unit.size);
  let unit = UNITS[index] ?? UNITS[0];
  let tenths = tenthsInUnit(count, unit.size);
  const next = UNITS[index + 1];
  if (tenths >= 10_000 && next) {
    unit = next;
    tenths = tenthsInUnit(count, unit.size);
  }
  const whole = Math.floor(tenths / 10);
  const tenth = tenths % 10;
  return `${sign}${whole}${tenth === 0 ? '' : `.${tenth}`}${unit.suffix}`;
}

/** Tenths of a unit in the count, rounded half up to a tenth below 100 of the unit, to a whole from there. */
function tenthsInUnit(count: number, size: number): number {
  // Dividing the integer count by the step keeps x.x5 exact, so it rounds up reliably.
  return count < 100 * size ? Math.round(count / (size / 10)) : Math.round(count / size) * 10;
}

const compact = new Intl.NumberFormat('en', {
  notation: 'compact',
  compactDisplay: 'short',
  maximumFractionDigits: 1,
});

/** The "compact number format" of spec 5: short compact notation with at most 1 decimal ("1.2K"). */
export function formatCompactNumber(value: number): string {
  return compact.format(value);
}
