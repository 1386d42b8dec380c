import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { buildPlan, buildUser } from './support/factories.ts';
import { newPerson } from './support/people.ts';

// A person's own lists of plans (their profile's, myPlans) read the plans they created and the
// ones they answered through the two indexes (person-plans-sql.ts): the same plans as before,
// whichever half a plan comes from, and none they declined or never answered.

let t: TestPlaza;
beforeAll(async () => {
  t = await startTestPlaza();
});
afterAll(() => t.close());

const DAY = 86_400_000;

it('lists the plans a person created or answered, by start, in their profile and in myPlans', async () => {
  const db = t.plaza.platform.store.db;
  const me = await newPerson(t, 'Pia');
  const host = await buildUser(db, 'Host');
  const at = (days: number) => ({ isPublic: true, startsAt: new Date(Date.now() + days * DAY) });
  const answered = (response: string | null) => [{ userId: me.userId, response, invited: response === null }];
  const mine = await buildPlan(db, me.userId, [], at(5));
  const going = await buildPlan(db, host.id, answered('ATTENDING'), at(1));
  const interested = await buildPlan(db, host.id, answered('INTERESTED'), at(3));
  const declined = await buildPlan(db, host.id, answered('UNATTENDING'), at(2));
  const invited = await buildPlan(db, host.id, answered(null), at(4));
  const other = await buildPlan(db, host.id, [{ userId: host.id, response: 'ATTENDING' }], at(6));
  // Mine and attended, also the same plan both ways (created and attending) once.
  const both = await buildPlan(db, me.userId, answered('ATTENDING'), at(7));

  const profile = await t.gql<{ publicUserPlan: { plans: Array<{ key: string }> } }>(
    'query ($u: String!) { publicUserPlan(username: $u, dateFilter: "upcoming") { plans { key } } }',
    { u: me.username },
    me.headers,
  );
  expect(profile.errors).toBeUndefined();
  expect(profile.data!.publicUserPlan.plans.map((plan) => plan.key)).toEqual(
    [going, mine, both].map((made) => made.plan.key),
  );

  const listed = await t.gql<{ myPlans: { plans: Array<{ key: string }> } }>(
    '{ myPlans(dateFilter: "upcoming") { plans { key } } }',
    {},
    me.headers,
  );
  expect(listed.errors).toBeUndefined();
  expect(listed.data!.myPlans.plans.map((plan) => plan.key)).toEqual(
    [going, interested, invited, mine, both].map((made) => made.plan.key),
  );
  for (const never of [declined, other])
    expect(listed.data!.myPlans.plans.map((plan) => plan.key)).not.toContain(never.plan.key);
});
