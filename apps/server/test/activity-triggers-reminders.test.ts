import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { readOutbox } from './support/outbox.ts';
import { newPerson } from './support/people.ts';
import { activitiesOf, ok, onlyActivity } from './activity-triggers-support.ts';

/** Plan reminders reach the feed (and push) and honour the e-mail choice (decision 0014, issue 8). */

let t: TestPlaza;
beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function reminderMailsTo(email: string) {
  return (await readOutbox(t.dataDir)).filter(
    (m) => m.kind === 'mail' && m.to === email && /^(Still going to |Starting soon: )/.test(m.subject),
  );
}

describe('plan reminders', () => {
  it('are one activity per occurrence for each person going, and an e-mail only for those who keep it on', async () => {
    const [ana, ben, cai] = [await newPerson(t, 'Ana'), await newPerson(t, 'Ben'), await newPerson(t, 'Cai')];
    const start = new Date(Date.now() + 80 * HOUR);
    start.setUTCMinutes(0, 0, 0);
    const { createPlan: plan } = await ok<{ createPlan: { id: number; key: string; slug: string } }>(
      t,
      ana,
      'mutation ($plan: PlanInput!) { createPlan(plan: $plan) { id key slug } }',
      { plan: { title: 'Karaoke', start: start.toISOString() } },
    );
    for (const person of [ben, cai]) {
      await ok(
        t,
        ana,
        'mutation ($key: String!, $id: ID) { inviteToPlan(key: $key, invitees: [{ id: $id }]) { key } }',
        {
          key: plan.key,
          id: person.userId,
        },
      );
      await ok(
        t,
        person,
        'mutation ($key: String!) { respondToPlan(key: $key, response: ATTENDING) { key } }',
        {
          key: plan.key,
        },
      );
    }
    await t.plaza.platform.store.db.execute(
      sql`INSERT INTO notification_preferences (user_id, type, email) VALUES (${cai.userId}, 'PLAN_REMINDER', false)`,
    );

    await t.plaza.jobs.runDue(new Date(start.getTime() - DAY));
    const asked = await onlyActivity(t, ben, 'PLAN_REMINDER');
    expect(asked).toMatchObject({
      creatorId: null,
      modelType: 'Plan',
      modelId: plan.id,
      to: 'Karaoke',
      href: `/${plan.slug}/${plan.key}`,
      subject: `plan:${plan.id}`,
      read: false,
    });
    expect(asked.message).toMatch(
      /^Still going to Karaoke\? It is on \w+day, \w+ \d+ at \d+:00 (AM|PM) UTC$/,
    );
    expect((await onlyActivity(t, cai, 'PLAN_REMINDER')).read).toBe(false);
    expect(await reminderMailsTo(ben.email)).toHaveLength(1);
    expect(await reminderMailsTo(cai.email)).toHaveLength(0);

    await t.plaza.jobs.runDue(new Date(start.getTime() - HOUR));
    const soon = await onlyActivity(t, ben, 'PLAN_REMINDER');
    expect(soon.id).toBe(asked.id);
    expect(soon.message).toMatch(/^Karaoke starts soon: /);
    expect(await reminderMailsTo(ben.email)).toHaveLength(2);
    expect(await reminderMailsTo(cai.email)).toHaveLength(0);
    expect((await activitiesOf(t, ana)).filter((a) => a.type === 'PLAN_REMINDER')).toEqual([]);
  });
});
