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
  /** `ids` in id order (`positionOf` and `positionsOf` look them up)… */
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

/**
 * Where each of `ids` stands in the ranking, or -1, as positionOf answers: the ids ascending (a
 * ring's), each looked for from where the last was found, in steps that double, then halved back.
 * A circle's ring holds thousands of ids and the ranking thousands more (1,379 and 5,759 on average
 * in the generated world's searches): a binary search from the whole ranking for each id was ~10% of
 * a search's server CPU. Ids out of order are still found (the search starts again from the first).
 */
export function positionsOf(ranking: Ranking, ids: Int32Array): Int32Array {
  const { sorted, positions } = ranking;
  const total = sorted.length;
  const found = new Int32Array(ids.length);
  // Every id of `sorted` before `low` is smaller than the id looked for.
  let low = 0;
  let previous = -Infinity;
  for (let index = 0; index < ids.length; index++) {
    const id = ids[index]!;
    if (id < previous) low = 0;
    previous = id;
    let step = 1;
    while (low + step - 1 < total && sorted[low + step - 1]! < id) {
      low += step;
      step *= 2;
    }
    let high = Math.min(low + step - 1, total - 1);
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (sorted[middle]! < id) low = middle + 1;
      else high = middle - 1;
    }
    found[index] = low < total && sorted[low] === id ? positions[low]! : -1;
  }
  return found;
}

const FRIEND = 2 ** 30;

/**
 * pageCandidates' marks by place in a ranking, kept from one call to the next (it runs to its end
 * in one go, so no two calls share them): the count -1 and no friend everywhere between calls, a
 * call resetting the places it marked. Made anew for every call, they were two typed arrays as
 * long as the ranking (200 KB and 50 KB for 50,000 matches), three times a search, each zeroed or
 * filled whole and held outside V8's heap until a full collection.
 */
let countMarks = new Int32Array(0);
let friendMarks = new Uint8Array(0);

function marksFor(total: number): { countAt: Int32Array; friendAt: Uint8Array } {
  if (countMarks.length < total) {
    const size = Math.max(total, 2 * countMarks.length);
    countMarks = new Int32Array(size).fill(-1);
    friendMarks = new Uint8Array(size);
  }
  return { countAt: countMarks, friendAt: friendMarks };
}

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
  // The ranked ids the circle holds, by their place in the ranking: the largest count of friends
  // behind each (-1: not the circle's), and whether it is a friend; marked at `raisedAt` alone.
  const { countAt, friendAt } = marksFor(ranking.ids.length);
  const raisedAt: number[] = [];
  try {
    return pageCandidatesMarked(ranking, rings, depth, friendRing, countAt, friendAt, raisedAt);
  } finally {
    for (const position of raisedAt) {
      countAt[position] = -1;
      friendAt[position] = 0;
    }
  }
}

/** pageCandidates with its marks (every place it marks is pushed to `raisedAt`, for the reset). */
function pageCandidatesMarked(
  ranking: Ranking,
  rings: readonly Ring[],
  depth: number,
  friendRing: Ring | null,
  countAt: Int32Array,
  friendAt: Uint8Array,
  raisedAt: number[],
): { candidates: number[]; around: Around } {
  const ids: number[] = [];
  const counts: number[] = [];
  const total = ranking.ids.length;
  const unrankedIds: number[] = [];
  const unrankedCounts: number[] = [];
  for (const ring of rings) {
    const friend = ring === friendRing ? 1 : 0;
    for (let index = 0; index < ring.closed.ids.length; index++) {
      ids.push(ring.closed.ids[index]!);
      counts.push(ring.closed.counts[index]!);
    }
    const { open } = ring;
    const openPositions = positionsOf(ranking, open.ids);
    for (let index = 0; index < open.ids.length; index++) {
      const position = openPositions[index]!;
      if (position < 0) {
        if (!ranking.complete) {
          unrankedIds.push(open.ids[index]!);
          unrankedCounts.push(open.counts[index]!);
        }
        continue;
      }
      if (countAt[position]! < 0) raisedAt.push(position);
      countAt[position] = Math.max(countAt[position]!, open.counts[index]!);
      friendAt[position]! |= friend;
    }
  }
  const { buckets } = ranking;
  /** The viewer's key, higher first: a friend above any count, then the count of friends behind it. */
  const keyAt = (position: number) => (friendAt[position] ? FRIEND : 0) + countAt[position]!;
  /** The circle's order: bucket, then the viewer's key, then the place in the ranking. */
  const before = (a: number, b: number) => buckets[a]! - buckets[b]! || keyAt(b) - keyAt(a) || a - b;
  // At most `depth` of them are taken: only the first `depth` in that order are kept, in order (a
  // circle may hold thousands of a ranking's ids; sorting them all was most of this function).
  const raised: number[] = [];
  for (const position of raisedAt) {
    if (raised.length === depth) {
      if (depth === 0 || before(position, raised[depth - 1]!) >= 0) continue;
      raised.pop();
    }
    let at = raised.length;
    while (at > 0 && before(position, raised[at - 1]!) < 0) at--;
    raised.splice(at, 0, position);
  }
  // Merged with the ranking's own order (key 0 for the ids the circle does not hold), the first `depth`.
  const candidates: number[] = [];
  let next = 0;
  let position = 0;
  let lastBucket = 0;
  while (candidates.length < depth && (position < total || next < raised.length)) {
    while (position < total && countAt[position]! >= 0) position++;
    const take = raised[next];
    const takeRaised =
      take !== undefined &&
      (position >= total ||
        buckets[take]! < buckets[position]! ||
        (buckets[take]! === buckets[position]! && (keyAt(take) > 0 || take < position)));
    if (takeRaised) {
      candidates.push(ranking.ids[take]!);
      ids.push(ranking.ids[take]!);
      counts.push(countAt[take]!);
      lastBucket = buckets[take]!;
      next++;
    } else if (position < total) {
      candidates.push(ranking.ids[position]!);
      lastBucket = buckets[position]!;
      position++;
    }
  }
  if (unrankedIds.length > 0 && (candidates.length < depth || lastBucket >= buckets[total - 1]!)) {
    for (let index = 0; index < unrankedIds.length; index++) {
      ids.push(unrankedIds[index]!);
      counts.push(unrankedCounts[index]!);
    }
  }
  return { candidates, around: { ids, counts } };
}
