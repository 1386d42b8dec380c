import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_RESPONSE_VALUES } from '@plaza/core/plan-response';
import { planResponses, WHOLE_PLAN } from '../src/db/schema/index.ts';
import { countsSelect, wholePlanCountsSelect } from '../src/domains/plans/plan-loaders.ts';
import { rows } from '../src/domains/social/social-sql.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { buildPlan, buildUser } from './support/factories.ts';

// A plan's responses counted (a card's and a plan page's counts, spec 4), against the same counts
// taken here from the rows themselves: one person for each pair of what they have at the whole
// series and at one occurrence, so every case of "invited to the series, answered the date" is there.

let t: TestPlaza;
beforeAll(async () => {
  t = await startTestPlaza();
});
afterAll(() => t.close());

/** What a person has at one occurrence: no row, an invitation without an answer, or an answer. */
type Held = { response: string | null; invited: boolean } | null;
const HELD: Held[] = [
  null,
  { response: null, invited: true },
  ...PLAN_RESPONSE_VALUES.map((response) => ({ response, invited: false })),
  { response: 'ATTENDING', invited: true },
];

interface Row {
  userId: number;
  occurrence: string;
  response: string | null;
}

/** The counts of spec 4 for `occurrence`, from the rows: answers there, and the invited who have not answered there. */
function expected(all: Row[], occurrence: string) {
  const there = all.filter((row) => row.occurrence === occurrence);
  const answered = (response: string) => there.filter((row) => row.response === response).length;
  const answeredThere = new Set(there.filter((row) => row.response !== null).map((row) => row.userId));
  const invited = new Set(
    all
      .filter(
        (row) => (row.occurrence === WHOLE_PLAN || row.occurrence === occurrence) && row.response === null,
      )
      .map((row) => row.userId)
      .filter((userId) => !answeredThere.has(userId)),
  );
  return {
    attending: answered('ATTENDING'),
    interested: answered('INTERESTED'),
    next_time: answered('NEXT_TIME'),
    unattending: answered('UNATTENDING'),
    invited: invited.size,
  };
}

const numbers = (row: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)]));

describe('a plan’s responses counted', () => {
  it('match the rows for the whole plan and for each occurrence, in one pass each', async () => {
    const db = t.plaza.platform.store.db;
    const creator = await buildUser(db, 'Host');
    const { plan } = await buildPlan(db, creator.id);
    const all: Row[] = [];
    for (const [first, series] of HELD.entries()) {
      for (const [second, date] of HELD.entries()) {
        const person = await buildUser(db, `P${first}x${second}`);
        for (const [occurrence, held] of [
          [WHOLE_PLAN, series],
          ['2030-01-05', date],
        ] as const) {
          if (!held) continue;
          await db.insert(planResponses).values({ planId: plan!.id, userId: person.id, occurrence, ...held });
          all.push({ userId: person.id, occurrence, response: held.response });
        }
      }
    }
    expect(all.length).toBeGreaterThan(100);

    for (const occurrence of [WHOLE_PLAN, '2030-01-05', '2030-01-12']) {
      const [counted] = await rows<Record<string, string | number>>(
        db,
        countsSelect(sql`${plan!.id}`, sql`${occurrence}`),
      );
      expect(numbers(counted!), occurrence || 'the whole plan').toEqual(expected(all, occurrence));
    }
    const [whole] = await rows<Record<string, string | number>>(db, wholePlanCountsSelect(sql`${plan!.id}`));
    expect(numbers(whole!)).toEqual(expected(all, WHOLE_PLAN));
    // The case that needs the check is there: people invited to the series who answered the date.
    const invitedThereOrToAll = new Set(
      all.filter((row) => row.occurrence !== '2030-01-12' && row.response === null).map((row) => row.userId),
    );
    expect(expected(all, '2030-01-05').invited).toBeLessThan(invitedThereOrToAll.size);
  });
});
