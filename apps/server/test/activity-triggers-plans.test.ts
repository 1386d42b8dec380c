import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { buildGroup } from './support/factories.ts';
import { newPerson, type Person } from './support/people.ts';
import {
  activitiesOf,
  activitiesOfType,
  block,
  makeFriends,
  ok,
  onlyActivity,
} from './activity-triggers-support.ts';

/** Plan invitations, answers, changes, cancellations and suggestions (decision 0014, issue 8). */

let t: TestPlaza;
beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
});
afterAll(() => t.close());

const db = () => t.plaza.platform.store.db;
const DAY = 86_400_000;

interface PlanOut {
  id: number;
  key: string;
  slug: string;
  title: string;
}

async function createPlan(person: Person, plan: Record<string, unknown>): Promise<PlanOut> {
  const data = await ok<{ createPlan: PlanOut }>(
    t,
    person,
    'mutation ($plan: PlanInput!) { createPlan(plan: $plan) { id key slug title } }',
    { plan },
  );
  return data.createPlan;
}

async function invite(creator: Person, key: string, people: Person[]) {
  for (const person of people)
    await ok(
      t,
      creator,
      'mutation ($key: String!, $id: ID) { inviteToPlan(key: $key, invitees: [{ id: $id }]) { invitedUsers } }',
      { key, id: person.userId },
    );
}

async function respond(person: Person, key: string, response: string, occurrence?: string) {
  await ok(
    t,
    person,
    'mutation ($key: String!, $r: PlanResponse!, $o: String) { respondToPlan(key: $key, response: $r, occurrence: $o) { key } }',
    { key, r: response, o: occurrence ?? null },
  );
}

async function update(
  person: Person,
  key: string,
  plan: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  const data = await ok<{ updatePlan: PlanOut }>(
    t,
    person,
    `mutation ($key: String!, $plan: PlanInput!, $a: PlanApplyTo, $o: String) {
       updatePlan(key: $key, plan: $plan, applyTo: $a, occurrence: $o) { id key slug title } }`,
    { key, plan, a: extra.applyTo ?? null, o: extra.occurrence ?? null },
  );
  return data.updatePlan;
}

const start = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 13) + ':00';

describe('plan invitations and answers', () => {
  it('an invitation reaches the person invited; answers reach the creator, folded per plan with a count', async () => {
    const [ana, ben, cai, dee] = [
      await newPerson(t, 'Ana'),
      await newPerson(t, 'Ben'),
      await newPerson(t, 'Cai'),
      await newPerson(t, 'Dee'),
    ];
    const plan = await createPlan(ana, { title: 'Picnic', start: start(5) });
    await invite(ana, plan.key, [ben, cai, dee]);
    expect(await onlyActivity(t, ben, 'PLAN_INVITE')).toMatchObject({
      creatorId: ana.userId,
      modelType: 'Plan',
      modelId: plan.id,
      to: 'Picnic',
      href: `/${plan.slug}/${plan.key}`,
      message: 'Ana Test invited you to Picnic',
      subject: `plan:${plan.id}`,
      read: false,
    });
    expect(await activitiesOf(t, ana)).toEqual([]);

    await respond(ben, plan.key, 'ATTENDING');
    const first = await onlyActivity(t, ana, 'PLAN_RESPONSE');
    expect(first).toMatchObject({
      creatorId: ben.userId,
      href: `/${plan.slug}/${plan.key}`,
      message: 'Ben Test is going to Picnic',
    });
    await respond(cai, plan.key, 'ATTENDING');
    const second = await onlyActivity(t, ana, 'PLAN_RESPONSE');
    expect(second.id).toBe(first.id);
    expect(second).toMatchObject({
      creatorId: cai.userId,
      message: 'Cai Test and 1 other are going to Picnic',
    });
    await respond(dee, plan.key, 'INTERESTED');
    expect((await onlyActivity(t, ana, 'PLAN_RESPONSE')).message).toBe('Dee Test is interested in Picnic');
    // Answering the same again, or not going, says nothing new.
    await t.plaza.platform.store.db.execute(
      sql`UPDATE activities SET read_at = now() WHERE receiver_id = ${ana.userId}`,
    );
    await respond(dee, plan.key, 'INTERESTED');
    await respond(ben, plan.key, 'UNATTENDING');
    expect((await onlyActivity(t, ana, 'PLAN_RESPONSE')).read).toBe(true);
    expect(await activitiesOfType(t, ben, 'PLAN_RESPONSE')).toEqual([]);
  });

  it('the creator answering their own plan tells nobody', async () => {
    const ana = await newPerson(t, 'Ana');
    const plan = await createPlan(ana, { title: 'Solo', start: start(5) });
    await respond(ana, plan.key, 'ATTENDING');
    expect(await activitiesOf(t, ana)).toEqual([]);
  });
});

describe('plan changes', () => {
  it('a change of name, time or place reaches those going or interested; other edits, a muted plan and a block do not', async () => {
    const [ana, ben, cai, dee, eve, fay] = [
      await newPerson(t, 'Ana'),
      await newPerson(t, 'Ben'),
      await newPerson(t, 'Cai'),
      await newPerson(t, 'Dee'),
      await newPerson(t, 'Eve'),
      await newPerson(t, 'Fay'),
    ];
    const plan = await createPlan(ana, { title: 'Brunch', start: start(6) });
    await invite(ana, plan.key, [ben, cai, dee, eve, fay]);
    await respond(ben, plan.key, 'ATTENDING');
    await respond(cai, plan.key, 'INTERESTED');
    await respond(dee, plan.key, 'ATTENDING');
    await respond(eve, plan.key, 'ATTENDING');
    await respond(fay, plan.key, 'UNATTENDING');
    await db().execute(
      sql`INSERT INTO notification_mutes (user_id, subject, until) VALUES (${dee.userId}, ${`plan:${plan.id}`}, now() + interval '1 day')`,
    );
    await block(t, eve, ana);

    await update(ana, plan.key, { description: 'Bring juice' });
    expect(await activitiesOfType(t, ben, 'PLAN_UPDATED')).toEqual([]);

    const renamed = await update(ana, plan.key, { title: 'Big brunch' });
    const change = await onlyActivity(t, ben, 'PLAN_UPDATED');
    expect(change).toMatchObject({
      creatorId: ana.userId,
      modelType: 'Plan',
      modelId: plan.id,
      to: 'Big brunch',
      href: `/${renamed.slug}/${plan.key}`,
      message: 'Ana Test renamed Brunch to Big brunch',
      subject: `plan:${plan.id}`,
      read: false,
    });
    expect((await onlyActivity(t, cai, 'PLAN_UPDATED')).read).toBe(false);
    // Muted: in the feed, but read (out of the badge) and sent nowhere.
    expect((await onlyActivity(t, dee, 'PLAN_UPDATED')).read).toBe(true);
    expect(await activitiesOfType(t, eve, 'PLAN_UPDATED')).toEqual([]);
    expect(await activitiesOfType(t, fay, 'PLAN_UPDATED')).toEqual([]);
    expect(await activitiesOfType(t, ana, 'PLAN_UPDATED')).toEqual([]);

    await update(ana, plan.key, { start: start(7), location: { name: 'Lakeside Café', city: 'Berlin' } });
    const moved = await onlyActivity(t, ben, 'PLAN_UPDATED');
    expect(moved.id).toBe(change.id);
    expect(moved.message).toBe('Ana Test changed the time and place of Big brunch');
  });

  it('a change to one occurrence of a repeating plan reaches only the people of that occurrence', async () => {
    const [ana, ben, cai] = [await newPerson(t, 'Ana'), await newPerson(t, 'Ben'), await newPerson(t, 'Cai')];
    const plan = await createPlan(ana, {
      title: 'Run club',
      start: '2027-05-03T07:00',
      timezone: 'Europe/Berlin',
      location: { city: 'Berlin' },
      recurring: { frequency: 'WEEKLY', byDay: ['MO'] },
    });
    const second = '2027-05-10T05:00:00.000Z';
    const third = '2027-05-17T05:00:00.000Z';
    await invite(ana, plan.key, [ben, cai]);
    await respond(ben, plan.key, 'ATTENDING', second);
    await respond(cai, plan.key, 'ATTENDING', third);
    await update(ana, plan.key, { start: '2027-05-10T08:00' }, { applyTo: 'ONLY_THIS', occurrence: second });
    expect(await onlyActivity(t, ben, 'PLAN_UPDATED')).toMatchObject({
      href: `/${plan.slug}/${plan.key}?occurrence=${encodeURIComponent(second)}`,
      message: 'Ana Test changed the time of Run club on Mon, May 10',
      collapseKey: `plan-updated:${plan.id}:${second}`,
    });
    expect(await activitiesOfType(t, cai, 'PLAN_UPDATED')).toEqual([]);
    // Only the description of an occurrence: nothing.
    await update(ana, plan.key, { description: 'Hills' }, { applyTo: 'ONLY_THIS', occurrence: third });
    expect(await activitiesOfType(t, cai, 'PLAN_UPDATED')).toEqual([]);

    // Cancelling an occurrence tells its people, and opens the plan.
    await ok(
      t,
      ana,
      'mutation ($key: String!, $o: String) { deletePlan(key: $key, applyTo: ONLY_THIS, occurrence: $o) }',
      { key: plan.key, o: third },
    );
    expect(await onlyActivity(t, cai, 'PLAN_CANCELLED')).toMatchObject({
      href: `/${plan.slug}/${plan.key}`,
      message: 'Ana Test cancelled Run club on Mon, May 17',
    });
    expect(await activitiesOfType(t, ben, 'PLAN_CANCELLED')).toEqual([]);
  });

  it('a deleted plan tells those going or interested, and opens its group (or the activity feed)', async () => {
    const [ana, ben, cai] = [await newPerson(t, 'Ana'), await newPerson(t, 'Ben'), await newPerson(t, 'Cai')];
    const { group } = await buildGroup(t.plaza.platform.store.db, ana.userId, [
      { userId: ben.userId },
      { userId: cai.userId },
    ]);
    const inGroup = await createPlan(ana, { title: 'Board games', start: start(4), groupId: group.id });
    const alone = await createPlan(ana, { title: 'Sauna', start: start(4) });
    await invite(ana, alone.key, [ben]);
    await respond(ben, inGroup.key, 'ATTENDING');
    await respond(ben, alone.key, 'INTERESTED');
    for (const plan of [inGroup, alone])
      await ok(t, ana, 'mutation ($key: String!) { deletePlan(key: $key) }', { key: plan.key });
    const cancelled = await activitiesOfType(t, ben, 'PLAN_CANCELLED');
    expect(cancelled.map((a) => [a.message, a.href]).sort()).toEqual(
      [
        ['Ana Test cancelled Board games', `/group/${group.slug}/${group.key}`],
        ['Ana Test cancelled Sauna', '/profile/activity'],
      ].sort(),
    );
    expect(await activitiesOfType(t, cai, 'PLAN_CANCELLED')).toEqual([]);
  });
});

describe('plan suggestions', () => {
  it('a friend going to a public plan suggests it once to friends who have not answered', async () => {
    const [host, gus, hal, ivy, jan] = [
      await newPerson(t, 'Host'),
      await newPerson(t, 'Gus'),
      await newPerson(t, 'Hal'),
      await newPerson(t, 'Ivy'),
      await newPerson(t, 'Jan'),
    ];
    const plan = await createPlan(host, { title: 'Open air cinema', start: start(3), isPublic: true });
    await makeFriends(t, gus, hal);
    await makeFriends(t, gus, ivy); // answered already
    await makeFriends(t, gus, host); // the creator
    await makeFriends(t, jan, hal);
    await respond(ivy, plan.key, 'INTERESTED');

    await respond(gus, plan.key, 'ATTENDING');
    const suggestion = await onlyActivity(t, hal, 'SUGGESTION');
    expect(suggestion).toMatchObject({
      creatorId: gus.userId,
      modelType: 'Plan',
      modelId: plan.id,
      href: `/${plan.slug}/${plan.key}`,
      message: 'Gus Test is going to Open air cinema',
      suggestion: { kind: 'PLAN', title: 'Open air cinema', description: '', userIds: [gus.userId] },
    });
    expect(await activitiesOfType(t, ivy, 'SUGGESTION')).toEqual([]);
    expect(await activitiesOfType(t, host, 'SUGGESTION')).toEqual([]);

    await respond(jan, plan.key, 'ATTENDING');
    expect((await onlyActivity(t, hal, 'SUGGESTION')).id).toBe(suggestion.id);
  });

  it('a private plan is never suggested', async () => {
    const [host, kai, lou] = [
      await newPerson(t, 'Host'),
      await newPerson(t, 'Kai'),
      await newPerson(t, 'Lou'),
    ];
    const plan = await createPlan(host, { title: 'Dinner', start: start(3) });
    await invite(host, plan.key, [kai]);
    await makeFriends(t, kai, lou);
    await respond(kai, plan.key, 'ATTENDING');
    expect(await activitiesOf(t, lou)).toEqual([]);
  });
});
