import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { buildGroup } from './support/factories.ts';
import { countMessagesTo, lastMessageTo } from './support/outbox.ts';
import { newPerson, type Person } from './support/people.ts';
import { ok } from './activity-triggers-support.ts';

/**
 * Invitations by text (decision 0014, issue 8 point 4): only when the inviter opted in to texting
 * invitations and the number has not opted out. Without the opt-in a phone invitation is refused
 * (BAD_USER_INPUT) and nothing is stored or sent; an opted-out number is not texted.
 */

let t: TestPlaza;
beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
});
afterAll(() => t.close());

const db = () => t.plaza.platform.store.db;

async function optIn(person: Person) {
  await ok(t, person, 'mutation { updateProfileConsent(optInSms: true) { smsContactsOptin } }');
}

async function optOut(e164: string) {
  await db().execute(sql`INSERT INTO sms_opt_outs (phone) VALUES (${e164})`);
}

async function rowsOf(query: ReturnType<typeof sql>): Promise<number> {
  const result = await db().execute(query);
  return Number((result.rows[0] as { n: number | string }).n);
}

const GROUP_INVITE =
  'mutation ($id: ID!, $p: String) { inviteToGroup(id: $id, invitees: [{ phone: $p }]) { invitedContacts } }';
const PLAN_INVITE =
  'mutation ($key: String!, $p: String) { inviteToPlan(key: $key, invitees: [{ phone: $p }]) { invitedContacts } }';

describe('group invitations by text', () => {
  it('need the inviter’s opt-in, and skip a number that opted out', async () => {
    const ana = await newPerson(t, 'Ana');
    const { group } = await buildGroup(db(), ana.userId);

    const refused = await t.gql(GROUP_INVITE, { id: group.id, p: '+1 415 555 0141' }, ana.headers);
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'invitees' });
    expect(refused.errors?.[0]?.message).toBe(
      'Turn on texting invitations on your profile page to invite by phone.',
    );
    expect(await countMessagesTo(t.dataDir, '+14155550141')).toBe(0);
    expect(await rowsOf(sql`SELECT count(*) AS n FROM group_invitations WHERE group_id = ${group.id}`)).toBe(
      0,
    );
    // An e-mail invitation needs no opt-in.
    const mailed = await ok<{ inviteToGroup: { invitedContacts: number } }>(
      t,
      ana,
      'mutation ($id: ID!) { inviteToGroup(id: $id, invitees: [{ email: "zed@example.org" }]) { invitedContacts } }',
      { id: group.id },
    );
    expect(mailed.inviteToGroup.invitedContacts).toBe(1);

    await optIn(ana);
    const sent = await ok<{ inviteToGroup: { invitedContacts: number } }>(t, ana, GROUP_INVITE, {
      id: group.id,
      p: '+1 415 555 0141',
    });
    expect(sent.inviteToGroup.invitedContacts).toBe(1);
    expect((await lastMessageTo(t.dataDir, '+14155550141')).text).toContain('Ana Test invited you to');

    await optOut('+14155550142');
    const skipped = await ok<{ inviteToGroup: { invitedContacts: number } }>(t, ana, GROUP_INVITE, {
      id: group.id,
      p: '+1 415 555 0142',
    });
    expect(skipped.inviteToGroup.invitedContacts).toBe(0);
    expect(await countMessagesTo(t.dataDir, '+14155550142')).toBe(0);
  });
});

describe('plan invitations by text', () => {
  it('need the inviter’s opt-in, and skip a number that opted out', async () => {
    const ben = await newPerson(t, 'Ben');
    const { createPlan: plan } = await ok<{ createPlan: { key: string } }>(
      t,
      ben,
      'mutation ($plan: PlanInput!) { createPlan(plan: $plan) { key } }',
      { plan: { title: 'Picnic', start: new Date(Date.now() + 3 * 86_400_000).toISOString() } },
    );
    const refused = await t.gql(PLAN_INVITE, { key: plan.key, p: '+1 415 555 0151' }, ben.headers);
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'invitees' });
    expect(await countMessagesTo(t.dataDir, '+14155550151')).toBe(0);
    expect(
      await rowsOf(sql`SELECT count(*) AS n FROM plan_contact_invites WHERE phone = '+14155550151'`),
    ).toBe(0);

    await optIn(ben);
    const sent = await ok<{ inviteToPlan: { invitedContacts: number } }>(t, ben, PLAN_INVITE, {
      key: plan.key,
      p: '+1 415 555 0151',
    });
    expect(sent.inviteToPlan.invitedContacts).toBe(1);
    expect((await lastMessageTo(t.dataDir, '+14155550151')).text).toContain('Ben Test invited you to Picnic');

    await optOut('+14155550152');
    const skipped = await ok<{ inviteToPlan: { invitedContacts: number } }>(t, ben, PLAN_INVITE, {
      key: plan.key,
      p: '+1 415 555 0152',
    });
    expect(skipped.inviteToPlan.invitedContacts).toBe(0);
    expect(await countMessagesTo(t.dataDir, '+14155550152')).toBe(0);
  });
});

describe('contact invitations by text', () => {
  it('refuse a number that opted out, even with the opt-in', async () => {
    const cai = await newPerson(t, 'Cai');
    await optIn(cai);
    await optOut('+14155550161');
    const res = await t.gql(
      'mutation ($p: String) { inviteContact(phone: $p) }',
      { p: '+1 415 555 0161' },
      cai.headers,
    );
    expect(res.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(await countMessagesTo(t.dataDir, '+14155550161')).toBe(0);
  });
});

describe('a group link sent to one’s own number', () => {
  it('is texted without any opt-in, but not to a number that opted out', async () => {
    const dee = await newPerson(t, 'Dee');
    const { group } = await buildGroup(db(), dee.userId, [], { isPublic: true });
    const QUICK = 'mutation ($key: String!, $p: String) { quickJoinGroup(key: $key, phone: $p) { status } }';
    const sent = await ok<{ quickJoinGroup: { status: string } }>(t, null, QUICK, {
      key: group.key,
      p: '+1 415 555 0171',
    });
    expect(sent.quickJoinGroup.status).toBe('sent');
    expect((await lastMessageTo(t.dataDir, '+14155550171')).text).toContain('/group/');

    await optOut('+14155550172');
    const refused = await t.gql(QUICK, { key: group.key, p: '+1 415 555 0172' });
    expect(refused.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(await countMessagesTo(t.dataDir, '+14155550172')).toBe(0);
  });
});
