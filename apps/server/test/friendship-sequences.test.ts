import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRIENDSHIP_ACTIONS } from '@plaza/core/friendship';
import {
  applyFriendshipAction,
  flipPair,
  statusFromTies,
  type Tie,
} from '@plaza/core/friendship-transitions';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { newPerson, type Person } from './support/people.ts';

let t: TestPlaza;
beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
});
afterAll(() => t.close());

const act = (actor: Person, target: Person, action: string) =>
  t.gql<{ updateFriendship: { friendshipStatus: string } }>(
    `mutation { updateFriendship(userId: ${target.userId}, action: ${action}) { friendshipStatus } }`,
    {},
    actor.headers,
  );

async function seenBy(viewer: Person, other: Person): Promise<string> {
  const res = await t.gql<{ userProfile: { friendshipStatus: string } }>(
    `{ userProfile(id: ${other.userId}) { friendshipStatus } }`,
    {},
    viewer.headers,
  );
  return res.data?.userProfile?.friendshipStatus ?? `hidden:${res.errors?.[0]?.extensions?.code}`;
}

describe('the server follows the transition table', () => {
  it('matches the pure model, from both sides, over random sequences among three people', async () => {
    const people = [
      await newPerson(t, 'Seqa'),
      await newPerson(t, 'Seqb', { isPublic: false }),
      await newPerson(t, 'Seqc'),
    ];
    const isPublic = [true, false, true];
    const ties = new Map<string, Tie>();
    const tie = (a: number, b: number): Tie => ties.get(`${a}>${b}`) ?? 'none';
    const steps = fc.sample(
      fc.record({
        actor: fc.nat(2),
        target: fc.nat(2),
        action: fc.constantFrom(...FRIENDSHIP_ACTIONS),
      }),
      { numRuns: 60, seed: 20261122 },
    );
    for (const step of steps) {
      const [actor, target] = [people[step.actor]!, people[step.target]!];
      const pair = { out: tie(step.actor, step.target), in: tie(step.target, step.actor) };
      const expected = applyFriendshipAction(pair, step.action, {
        targetIsPublic: isPublic[step.target]!,
        isSelf: step.actor === step.target,
      });
      const res = await act(actor, target, step.action);
      if (!expected.ok) {
        expect(res.errors?.[0]?.extensions?.code, JSON.stringify(step)).toBe(expected.code);
        continue;
      }
      expect(res.data?.updateFriendship.friendshipStatus, JSON.stringify(step)).toBe(
        statusFromTies(expected.pair),
      );
      ties.set(`${step.actor}>${step.target}`, expected.pair.out);
      ties.set(`${step.target}>${step.actor}`, expected.pair.in);
      const mine = await seenBy(actor, target);
      const theirs = await seenBy(target, actor);
      expect(mine).toBe(statusFromTies(expected.pair));
      if (expected.pair.out === 'BLOCKED') expect(theirs).toBe('hidden:NOT_FOUND');
      else expect(theirs).toBe(statusFromTies(flipPair(expected.pair)));
    }
  });

  it('keeps a pair consistent when both people act at the same moment', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await newPerson(t, 'Racea', { isPublic: false });
      const b = await newPerson(t, 'Raceb', { isPublic: false });
      await Promise.all([act(a, b, 'FRIENDS'), act(b, a, 'FRIENDS'), act(a, b, 'FRIENDS')]);
      const [ab, ba] = [await seenBy(a, b), await seenBy(b, a)];
      expect([
        ['FRIENDS', 'FRIENDS'],
        ['REQUESTED', 'THEY_REQUESTED'],
        ['THEY_REQUESTED', 'REQUESTED'],
      ]).toContainEqual([ab, ba]);
    }
  });
});
