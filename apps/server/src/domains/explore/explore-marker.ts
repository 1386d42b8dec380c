import { badUserInput } from '../../graphql/errors.ts';

/**
 * Opaque paging marker of the explore lists: which query it pages (`list`) and, for each list the
 * query returns, how many rows earlier pages gave.
 */
export function encodeExploreMarker(list: string, offsets: number[]): string {
  return Buffer.from(JSON.stringify({ l: list, o: offsets })).toString('base64url');
}

export function decodeExploreMarker(
  marker: string | null | undefined,
  list: string,
  count: number,
): number[] {
  if (!marker) return Array.from({ length: count }, () => 0);
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(marker, 'base64url').toString('utf8'));
  } catch {
    decoded = null;
  }
  const value = decoded as { l?: unknown; o?: unknown } | null;
  const offsets = value?.o;
  if (
    typeof value !== 'object' ||
    value === null ||
    !Array.isArray(offsets) ||
    offsets.length !== count ||
    !offsets.every((n) => Number.isInteger(n) && n >= 0 && n <= 100_000)
  )
    throw badUserInput('marker', 'This paging marker is not valid.');
  if (value.l !== list) throw badUserInput('marker', 'This paging marker belongs to another list.');
  return offsets as number[];
}
