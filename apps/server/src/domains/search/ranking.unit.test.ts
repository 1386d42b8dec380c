import { describe, expect, it } from 'vitest';
import type { Counted, Ring } from './circle.ts';
import { pageCandidates, positionOf, positionsOf, rankingOf } from './ranking.ts';
import { exactMatch } from './text-query.ts';

const text = exactMatch(['club']);
const counted = (pairs: Array<[number, number]>): Counted => {
  const sorted = [...pairs].sort((a, b) => a[0] - b[0]);
  return { ids: Int32Array.from(sorted, ([id]) => id), counts: Int32Array.from(sorted, ([, n]) => n) };
};
const ring = (open: Array<[number, number]>, closed: Array<[number, number]> = []): Ring => ({
  open: counted(open),
  closed: counted(closed),
});
const ranking = (ids: number[], buckets: number[], complete = true) =>
  rankingOf(text, Int32Array.from(ids), Int32Array.from(buckets), complete, new Date());

/** The first `depth` ids by bucket, then the viewer's key (higher first), then place: what a page reads. */
function viewerOrder(ids: number[], buckets: number[], key: (id: number) => number, depth: number): number[] {
  return ids
    .map((id, position) => ({ id, position, bucket: buckets[position]!, key: key(id) }))
    .sort((a, b) => a.bucket - b.bucket || b.key - a.key || a.position - b.position)
    .slice(0, depth)
    .map((entry) => entry.id);
}

/** A repeatable pseudo-random integer below `n`, from `seed`. */
function seeded(seed: number): (n: number) => number {
  return (n) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
}

/** `size` ids `step` apart, shuffled, in buckets that grow one in about every `bucketEvery` ids. */
function shuffledRanking(random: (n: number) => number, size: number, step: number, bucketEvery: number) {
  const ids = Array.from({ length: size }, (_, index) => index * step + 1).sort(() => random(3) - 1);
  const buckets: number[] = [];
  for (let index = 0, bucket = 1; index < size; index++) {
    if (random(bucketEvery) === 0) bucket++;
    buckets.push(bucket);
  }
  return { ids, buckets };
}

describe('positionOf', () => {
  it('finds where an id stands in the ranking, or -1', () => {
    const r = ranking([30, 10, 50, 20], [1, 1, 2, 2]);
    expect([30, 10, 50, 20, 40, 5, 60].map((id) => positionOf(r, id))).toEqual([0, 1, 2, 3, -1, -1, -1]);
  });
});

describe('positionsOf', () => {
  it('answers as positionOf for each id, rankings and lists of every size, ascending or not', () => {
    const random = seeded(11);
    let found = 0;
    for (let round = 0; round < 400; round++) {
      const size = random(round % 4 === 0 ? 3 : 2_000);
      const ranked = [...new Set(Array.from({ length: size }, () => random(5_000)))];
      const r = ranking(
        ranked,
        ranked.map(() => 1),
      );
      const asked = Array.from({ length: random(round % 3 === 0 ? 4 : 3_000) }, () => random(5_200));
      // Mostly ascending, as a ring's ids are; some rounds out of order, with repeats.
      if (round % 5 !== 0) asked.sort((a, b) => a - b);
      const positions = positionsOf(r, Int32Array.from(asked));
      expect(Array.from(positions)).toEqual(asked.map((id) => positionOf(r, id)));
      found += positions.filter((position) => position >= 0).length;
    }
    expect(found).toBeGreaterThan(10_000);
    expect(Array.from(positionsOf(ranking([], []), Int32Array.from([1, 2])))).toEqual([-1, -1]);
  });
});

describe('pageCandidates', () => {
  it("places the circle's ids within their bucket by the viewer's count, and reads only the first `depth`", () => {
    const r = ranking([10, 20, 30, 40, 50], [1, 1, 1, 2, 2]);
    const { candidates, around } = pageCandidates(r, [ring([[30, 2]])], 2);
    expect(candidates).toEqual([30, 10]);
    expect(around).toEqual({ ids: [30], counts: [2] });
    expect(pageCandidates(r, [ring([[30, 2]])], 5).candidates).toEqual([30, 10, 20, 40, 50]);
  });

  it('never lifts an id above a better bucket, however many friends are behind it', () => {
    const r = ranking([10, 20, 30], [1, 2, 3]);
    expect(pageCandidates(r, [ring([[30, 99]])], 3).candidates).toEqual([10, 20, 30]);
    expect(pageCandidates(r, [ring([[30, 99]])], 2)).toEqual({
      candidates: [10, 20],
      around: { ids: [], counts: [] },
    });
  });

  it('keeps the ranking order for an id of the circle with no count (a followed creator’s plan)', () => {
    const r = ranking([10, 20, 30, 40], [1, 1, 1, 1]);
    expect(
      pageCandidates(
        r,
        [
          ring([
            [30, 0],
            [40, 1],
          ]),
        ],
        4,
      ).candidates,
    ).toEqual([40, 10, 20, 30]);
  });

  it('reads every closed id, and no open id the ranking does not hold', () => {
    const r = ranking([10, 20], [1, 1]);
    const { candidates, around } = pageCandidates(r, [ring([[77, 5]], [[88, 1]])], 1);
    expect(candidates).toEqual([10]);
    expect(around).toEqual({ ids: [88], counts: [1] });
  });

  it('reads an open id the ranking cut short may hold only when the page reaches its last bucket', () => {
    const r = ranking([10, 20, 30, 40], [1, 1, 2, 2], false);
    const rings = [
      ring(
        [
          [40, 2],
          [77, 5],
        ],
        [[88, 1]],
      ),
    ];
    expect(pageCandidates(r, rings, 2)).toEqual({
      candidates: [10, 20],
      around: { ids: [88], counts: [1] },
    });
    expect(pageCandidates(r, rings, 3)).toEqual({
      candidates: [10, 20, 40],
      around: { ids: [88, 40, 77], counts: [1, 2, 5] },
    });
    expect(pageCandidates(r, rings, 9).around).toEqual({ ids: [88, 40, 77], counts: [1, 2, 5] });
  });

  it('puts a friend above any count (people), and takes the larger count of an id in two rings', () => {
    const r = ranking([10, 20, 30, 40], [1, 1, 1, 1]);
    const friends = ring([
      [30, 0],
      [40, 0],
    ]);
    const people = ring([
      [20, 5],
      [40, 3],
    ]);
    const { candidates, around } = pageCandidates(r, [people, friends], 4, friends);
    expect(candidates).toEqual([40, 30, 20, 10]);
    expect(around).toEqual({ ids: [40, 30, 20], counts: [3, 0, 5] });
  });

  it("gives the first `depth` of the viewer's whole order, for random rankings and circles", () => {
    const random = seeded(7);
    for (let round = 0; round < 300; round++) {
      const size = 1 + random(60);
      const { ids, buckets } = shuffledRanking(random, size, 3, 4);
      const open = new Map<number, number>();
      for (const id of ids) if (random(3) === 0) open.set(id, random(5));
      const r = ranking(ids, buckets);
      const depth = 1 + random(size + 5);
      const expected = viewerOrder(ids, buckets, (id) => open.get(id) ?? 0, depth);
      const { candidates, around } = pageCandidates(r, [ring([...open])], depth);
      expect(candidates).toEqual(expected);
      expect(around.ids.every((id) => open.has(id) && candidates.includes(id))).toBe(true);
      expect(around.ids.length).toBe(candidates.filter((id) => open.has(id)).length);
    }
  });

  it('gives the first `depth` for random circles of two rings, one of them friends', () => {
    const random = seeded(5);
    for (let round = 0; round < 300; round++) {
      const size = 1 + random(80);
      const { ids, buckets } = shuffledRanking(random, size, 7, 5);
      const friends = new Map<number, number>();
      const others = new Map<number, number>();
      for (const id of ids) {
        if (random(4) === 0) friends.set(id, random(4));
        if (random(2) === 0) others.set(id, random(6));
      }
      const r = ranking(ids, buckets);
      const friendRing = ring([...friends]);
      const depth = 1 + random(size + 3);
      const key = (id: number) =>
        (friends.has(id) ? 2 ** 30 : 0) + Math.max(friends.get(id) ?? 0, others.get(id) ?? 0);
      const expected = viewerOrder(ids, buckets, key, depth);
      const { candidates, around } = pageCandidates(r, [friendRing, ring([...others])], depth, friendRing);
      expect(candidates).toEqual(expected);
      const inCircle = candidates.filter((id) => friends.has(id) || others.has(id));
      expect([...around.ids].sort((a, b) => a - b)).toEqual([...inCircle].sort((a, b) => a - b));
      expect(around.counts).toEqual(
        around.ids.map((id) => Math.max(friends.get(id) ?? -1, others.get(id) ?? -1)),
      );
    }
  });
});
