import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FRIENDSHIP_ACTIONS, type FriendshipAction, type FriendshipStatus } from './friendship.ts';
import {
  applyFriendshipAction,
  flipPair,
  statusFromTies,
  type Tie,
  type TiePair,
} from './friendship-transitions.ts';

const none: TiePair = { out: 'none', in: 'none' };
const pub = { targetIsPublic: true };
const priv = { targetIsPublic: false };

function after(pair: TiePair, action: FriendshipAction, options = pub): TiePair {
  const result = applyFriendshipAction(pair, action, options);
  if (!result.ok) throw new Error(`${action} refused: ${result.message}`);
  return result.pair;
}

const both = (pair: TiePair): [FriendshipStatus, FriendshipStatus] => [
  statusFromTies(pair),
  statusFromTies(flipPair(pair)),
];

describe('friendship transitions', () => {
  it('follows a public profile at once and asks a private one', () => {
    expect(both(after(none, 'FOLLOW', pub))).toEqual(['FOLLOWING', '']);
    expect(both(after(none, 'FOLLOW', priv))).toEqual(['REQUESTED', 'THEY_REQUESTED']);
  });

  it('makes friends when the other accepts a FRIENDS request', () => {
    const asked = after(none, 'FRIENDS', priv);
    expect(both(asked)).toEqual(['REQUESTED', 'THEY_REQUESTED']);
    const accepted = flipPair(after(flipPair(asked), 'FRIENDS', priv));
    expect(both(accepted)).toEqual(['FRIENDS', 'FRIENDS']);
  });

  it('ACCEPT lets the other follow; following back makes friends', () => {
    const asked = after(none, 'FOLLOW', priv);
    const accepted = flipPair(after(flipPair(asked), 'ACCEPT'));
    expect(both(accepted)).toEqual(['FOLLOWING', '']);
    expect(both(flipPair(after(flipPair(accepted), 'FRIENDS', pub)))).toEqual(['FRIENDS', 'FRIENDS']);
  });

  it('IGNORE and CANCEL drop a request', () => {
    const asked = after(none, 'FOLLOW', priv);
    expect(both(flipPair(after(flipPair(asked), 'IGNORE')))).toEqual(['', '']);
    expect(both(after(asked, 'CANCEL'))).toEqual(['', '']);
  });

  it('DELETE ends a friendship both ways', () => {
    const friends: TiePair = { out: 'FOLLOWING', in: 'FOLLOWING' };
    expect(both(after(friends, 'DELETE'))).toEqual(['', '']);
  });

  it('BLOCK removes every tie both ways and UNBLOCK restores none', () => {
    const friends: TiePair = { out: 'FOLLOWING', in: 'FOLLOWING' };
    const blocked = after(friends, 'BLOCK');
    expect(blocked).toEqual({ out: 'BLOCKED', in: 'none' });
    expect(both(blocked)).toEqual(['BLOCKED', '']);
    expect(after(blocked, 'UNBLOCK')).toEqual(none);
  });

  it('refuses what does not apply, with a code', () => {
    expect(applyFriendshipAction(none, 'ACCEPT', pub)).toMatchObject({ ok: false, code: 'CONFLICT' });
    expect(applyFriendshipAction(none, 'UNBLOCK', pub)).toMatchObject({ ok: false, code: 'CONFLICT' });
    expect(applyFriendshipAction(none, 'FOLLOW', { targetIsPublic: true, isSelf: true })).toMatchObject({
      ok: false,
      code: 'BAD_USER_INPUT',
    });
    expect(applyFriendshipAction({ out: 'none', in: 'BLOCKED' }, 'FOLLOW', pub)).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect(applyFriendshipAction({ out: 'BLOCKED', in: 'none' }, 'FOLLOW', pub)).toMatchObject({
      ok: false,
      code: 'CONFLICT',
    });
  });
});

/** Statuses two people may see toward each other at the same time. */
const SYMMETRIC = new Set([
  'FRIENDS|FRIENDS',
  'REQUESTED|THEY_REQUESTED',
  'THEY_REQUESTED|REQUESTED',
  'FOLLOWING|',
  '|FOLLOWING',
  'BLOCKED|',
  '|BLOCKED',
  '|',
]);

describe('friendship transitions between several people (property)', () => {
  const PEOPLE = 4;
  const step = fc.oneof(
    fc.record({
      kind: fc.constant('act' as const),
      actor: fc.nat(PEOPLE - 1),
      target: fc.nat(PEOPLE - 1),
      action: fc.constantFrom(...FRIENDSHIP_ACTIONS),
    }),
    fc.record({ kind: fc.constant('privacy' as const), person: fc.nat(PEOPLE - 1), isPublic: fc.boolean() }),
  );

  it('keeps both sides consistent, never ties anyone to themself, and blocks cut every tie', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const ties = new Map<string, Tie>();
        const isPublic = Array.from({ length: PEOPLE }, () => true);
        const tie = (a: number, b: number): Tie => ties.get(`${a}>${b}`) ?? 'none';
        const pairOf = (a: number, b: number): TiePair => ({ out: tie(a, b), in: tie(b, a) });

        for (const s of steps) {
          if (s.kind === 'privacy') {
            isPublic[s.person] = s.isPublic;
            continue;
          }
          const before = pairOf(s.actor, s.target);
          const result = applyFriendshipAction(before, s.action, {
            targetIsPublic: isPublic[s.target]!,
            isSelf: s.actor === s.target,
          });
          if (s.actor === s.target) {
            expect(result.ok).toBe(false);
            continue;
          }
          if (!result.ok) continue;
          ties.set(`${s.actor}>${s.target}`, result.pair.out);
          ties.set(`${s.target}>${s.actor}`, result.pair.in);
          if (s.action === 'BLOCK') expect(result.pair).toEqual({ out: 'BLOCKED', in: 'none' });
          if (s.action === 'UNBLOCK') expect(result.pair).toEqual({ out: 'none', in: 'none' });

          for (let a = 0; a < PEOPLE; a++) {
            expect(tie(a, a)).toBe('none');
            for (let b = a + 1; b < PEOPLE; b++) {
              const pair = pairOf(a, b);
              const seen = `${statusFromTies(pair)}|${statusFromTies(flipPair(pair))}`;
              expect(SYMMETRIC.has(seen), seen).toBe(true);
              if (pair.out === 'BLOCKED' || pair.in === 'BLOCKED') {
                expect([pair.out, pair.in].sort()).toEqual(['BLOCKED', 'none']);
              }
              expect(pair.out === 'REQUESTED' && pair.in === 'REQUESTED').toBe(false);
            }
          }
        }
      }),
      { numRuns: 1500 },
    );
  });
});
