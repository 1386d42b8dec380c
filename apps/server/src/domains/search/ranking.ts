import type { Ring } from './circle.ts';
import type { Around } from './search-sql.ts';
import type { TextMatch } from './text-query.ts';

/** The best public matches of a query, without any viewer (decision 0015). */
export interface Ranking {
  text: TextMatch;
  /** Best first. */
  ids: Int32Array;
  /**
   * For each of `ids`: its bucket, the dense rank of the keys that come before any key of the
   * viewer's own (text tier and relevance, then distance): a viewer's page orders the ids of one
   * bucket by their own keys (friends, mutual friends), then as the ranking did.
   */
  buckets: Int32Array;
  /** `ids` in id order (`positionOf` looks them up)… */
  sorted: Int32Array;
  /** …and where each of `sorted` stands in `ids`. */
  positions: Int32Array;
  /** Every public match is in `ids`. */
  complete: boolean;
  /** When it was ranked: rows changed since are candidates of every page. */
  at: Date;
}

/** A ranking of `ids` (best first) with their buckets. */
export function rankingOf(
  text: TextMatch,
  ids: Int32Array,
  buckets: Int32Array,
  complete: boolean,
  at: Date,
): Ranking {
  const order = Int32Array.from(ids.keys()).sort((a, b) => ids[a]! - ids[b]!);
  return { text, ids, buckets, sorted: order.map((index) => ids[index]!), positions: order, complete, at };
}

/** Where `id` stands in the ranking, or -1 (binary search). */
export function positionOf(ranking: Ranking, id: number): number {
  const { sorted } = ranking;
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const value = sorted[middle]!;
    if (value === id) return ranking.positions[middle]!;
    if (value < id) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** A ranked id the viewer's circle holds: its place in the ranking and the viewer's key for it. */
interface Raised {
  id: number;
  position: number;
  /** The viewer's key, higher first: a friend above any count, then the count of friends behind it. */
  key: number;
  friend: boolean;
  count: number;
}

const FRIEND = 2 ** 30;

/**
 * The candidates of one viewer's page (search-sql.ts PageInput), `depth` deep into the viewer's
 * order. The circle's open ids the ranking holds are placed in it by the viewer's keys in memory
 * (their bucket first, then a friend (`friendRing`, people only), then their count, then their place
 * in the ranking) and only the first `depth` of that order are read: a viewer whose circle matched
 * 300 people read 300 rows a page for 20. The circle's closed ids are always read (the ranking never
 * holds them). When the ranking is cut short, an open id it does not hold may still match, but
 * below every bucket but its last: those are read only when the page reaches that bucket (a viewer
 * with 6,400 friends of friends read them all for a query of 50,000 matches).
 */
export function pageCandidates(
  ranking: Ranking,
  rings: readonly Ring[],
  depth: number,
  friendRing: Ring | null = null,
): { candidates: number[]; around: Around } {
  const ids: number[] = [];
  const counts: number[] = [];
  const raisedById = new Map<number, Raised>();
  const unranked: Array<[number, number]> = [];
  for (const ring of rings) {
    const friend = ring === friendRing;
    for (let index = 0; index < ring.closed.ids.length; index++) {
      ids.push(ring.closed.ids[index]!);
      counts.push(ring.closed.counts[index]!);
    }
    const { open } = ring;
    for (let index = 0; index < open.ids.length; index++) {
      const id = open.ids[index]!;
      const count = open.counts[index]!;
      const position = positionOf(ranking, id);
      if (position < 0) {
        if (!ranking.complete) unranked.push([id, count]);
        continue;
      }
      const known = raisedById.get(id);
      if (!known) raisedById.set(id, { id, position, key: 0, friend, count });
      else {
        known.friend ||= friend;
        known.count = Math.max(known.count, count);
      }
    }
  }
  for (const raised of raisedById.values()) raised.key = (raised.friend ? FRIEND : 0) + raised.count;
  const { buckets } = ranking;
  const raised = [...raisedById.values()].sort(
    (a, b) => buckets[a.position]! - buckets[b.position]! || b.key - a.key || a.position - b.position,
  );
  // Merged with the ranking's own order (key 0 for the ids the circle does not hold), the first `depth`.
  const candidates: number[] = [];
  let next = 0;
  let position = 0;
  const total = ranking.ids.length;
  let lastBucket = 0;
  while (candidates.length < depth && (position < total || next < raised.length)) {
    while (position < total && raisedById.has(ranking.ids[position]!)) position++;
    const take = raised[next];
    const takeRaised =
      take !== undefined &&
      (position >= total ||
        buckets[take.position]! < buckets[position]! ||
        (buckets[take.position]! === buckets[position]! && (take.key > 0 || take.position < position)));
    if (takeRaised) {
      candidates.push(take.id);
      ids.push(take.id);
      counts.push(take.count);
      lastBucket = buckets[take.position]!;
      next++;
    } else if (position < total) {
      candidates.push(ranking.ids[position]!);
      lastBucket = buckets[position]!;
      position++;
    }
  }
  if (unranked.length > 0 && (candidates.length < depth || lastBucket >= buckets[total - 1]!)) {
    for (const [id, count] of unranked) {
      ids.push(id);
      counts.push(count);
    }
  }
  return { candidates, around: { ids, counts } };
}
