import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, users } from '../src/db/schema/index.ts';
import { createPlanReplyToken } from '../src/domains/reminders/plan-reply-token.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { readOutbox, type OutboxMessage } from './support/outbox.ts';
import { newPerson, type Person } from './support/people.ts';
import { eq } from 'drizzle-orm';

let t: TestPlaza;
let ana: Person;

beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
  ana = await newPerson(t, 'Ana');
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const db = () => t.plaza.platform.store.db;

/** A whole hour some days ahead, as an instant the API takes. */
function hoursAhead(hours: number): Date {
  const at = new Date(Date.now() + hours * HOUR);
  at.setUTCMinutes(0, 0, 0);
  return at;
}

async function createPlan(person: Person, plan: Record<string, unknown>) {
  const res = await t.gql<{ createPlan: { key: string; slug: string } }>(
    'mutation ($plan: PlanInput!) { createPlan(plan: $plan) { key slug } }',
    { plan },
    person.headers,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.createPlan;
}

async function join(
  creator: Person,
  key: string,
  people: Person[],
  response = 'ATTENDING',
  occurrence?: string,
) {
  for (const person of people) {
    await t.gql(
      'mutation ($key: String!, $id: ID) { inviteToPlan(key: $key, invitees: [{ id: $id }]) { invitedUsers } }',
      { key, id: person.userId },
      creator.headers,
    );
    const res = await t.gql(
      'mutation ($key: String!, $r: PlanResponse!, $o: String) { respondToPlan(key: $key, response: $r, occurrence: $o) { key } }',
      { key, r: response, o: occurrence ?? null },
      person.headers,
    );
    expect(res.errors).toBeUndefined();
  }
}

async function answerOf(person: Person, key: string, occurrence?: string) {
  const res = await t.gql<{ plan: { authorization: { invitationStatus: string | null } } }>(
    'query ($key: String!, $o: String) { plan(key: $key, occurrence: $o) { authorization { invitationStatus } } }',
    { key, o: occurrence ?? null },
    person.headers,
  );
  return res.data?.plan.authorization.invitationStatus;
}

/** Jobs waiting for a plan: kind, when and which reminder. */
async function pendingJobs(key: string) {
  const result = await db().execute(
    sql`SELECT j.kind, j.run_at, j.payload FROM jobs j JOIN plans p ON j.subject = 'plan:' || p.id
        WHERE p.key = ${key} AND j.done_at IS NULL ORDER BY j.run_at, j.kind`,
  );
  return (
    result.rows as Array<{
      kind: string;
      run_at: string | Date;
      payload: { reminder?: string; occurrence?: string };
    }>
  ).map((row) => ({
    kind: row.kind,
    at: new Date(row.run_at).toISOString(),
    reminder: row.payload.reminder ?? null,
  }));
}

let seen = 0;
/** Reminder e-mails (the only kinds whose subjects start so) written to the outbox since the last call. */
const REMINDER_SUBJECT = /^(Still going to |Starting soon: |Today: )/;
/**
 * Reminder e-mails written to the outbox since the last call. Invitations and answers send their
 * own activity e-mails (decision 0014) when the runner gets to them; those are not reminders.
 */
async function newMail(): Promise<OutboxMessage[]> {
  const all = (await readOutbox(t.dataDir)).filter(
    (m) => m.kind === 'mail' && REMINDER_SUBJECT.test(m.subject),
  );
  const fresh = all.slice(seen);
  seen = all.length;
  return fresh;
}

const linksIn = (text: string) => ({
  yes: /Yes, I'm going: (\S+)/.exec(text)?.[1],
  no: /No, I can't make it: (\S+)/.exec(text)?.[1],
});

async function open(link: string) {
  const url = new URL(link);
  const response = await fetch(`${await t.url()}${url.pathname}${url.search}`, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}

describe('reminders before a plan', () => {
  it('are scheduled when a plan is made: "still going?" a day before and "starts soon" an hour before', async () => {
    const start = hoursAhead(72);
    const plan = await createPlan(ana, { title: 'Board games', start: start.toISOString() });
    expect(await pendingJobs(plan.key)).toEqual([
      { kind: 'plan.reminder', at: new Date(start.getTime() - DAY).toISOString(), reminder: 'STILL_GOING' },
      { kind: 'plan.reminder', at: new Date(start.getTime() - HOUR).toISOString(), reminder: 'STARTS_SOON' },
    ]);
  });

  it('reach the people attending with a verified address, and nobody else', async () => {
    const [ben, cai, dee, eve] = [
      await newPerson(t, 'Ben'),
      await newPerson(t, 'Cai'),
      await newPerson(t, 'Dee'),
      await newPerson(t, 'Eve'),
    ];
    const start = hoursAhead(80);
    const plan = await createPlan(ana, {
      title: 'Picnic, by the lake',
      start: start.toISOString(),
      timezone: 'Europe/Berlin',
      location: { name: 'Schlachtensee', city: 'Berlin' },
    });
    await join(ana, plan.key, [ben, cai]);
    await join(ana, plan.key, [dee], 'INTERESTED');
    await join(ana, plan.key, [eve]);
    await db().update(users).set({ emailVerified: false }).where(eq(users.id, eve.userId));
    await newMail();

    // Nothing is due before its time.
    await t.plaza.jobs.runDue(new Date(start.getTime() - DAY - 1000));
    expect(await newMail()).toEqual([]);

    await t.plaza.jobs.runDue(new Date(start.getTime() - DAY));
    const asks = await newMail();
    expect(asks.map((m) => m.to).sort()).toEqual([ben.email, cai.email].sort());
    for (const mail of asks) {
      expect(mail.subject).toBe('Still going to Picnic, by the lake?');
      expect(mail.text).toContain('Where: Schlachtensee, Berlin');
      expect(mail.text).toMatch(/When: \w+day, \w+ \d+ at \d+:00 (AM|PM) GMT\+\d/);
      expect(linksIn(mail.text).yes).toMatch(
        /^http:\/\/plaza\.test\/plan-reply\/[\w-]+\.[\w-]+\?answer=yes$/,
      );
      expect(mail.text).toContain(`Open the plan: http://plaza.test/${plan.slug}/${plan.key}`);
      expect(mail.text).toMatch(/Stop e-mails about plan reminders: http:\/\/plaza\.test\/unsubscribe\?/);
    }
    // Run again: the reminder went out once.
    await t.plaza.jobs.runDue(new Date(start.getTime() - DAY + 60_000));
    expect(await newMail()).toEqual([]);

    // Ben follows the one-click link of his reminder: no more reminder e-mails for him.
    const bensMail = asks.find((m) => m.to === ben.email)!;
    const link = new URL(/Stop e-mails about plan reminders: (\S+)/.exec(bensMail.text)![1]!);
    const stopped = await t.gql<{ unsubscribeEmail: { scope: string } }>(
      'mutation ($e: String!, $t: String!) { unsubscribeEmail(email: $e, token: $t) { scope } }',
      { e: link.searchParams.get('email'), t: link.searchParams.get('token') },
    );
    expect(stopped.data?.unsubscribeEmail.scope).toBe('PLAN_REMINDER');

    await t.plaza.jobs.runDue(new Date(start.getTime() - HOUR));
    const soon = await newMail();
    expect(soon.map((m) => m.to)).toEqual([cai.email]);
    expect(soon[0]!.subject).toBe('Starting soon: Picnic, by the lake');
    expect(await pendingJobs(plan.key)).toEqual([]);
  });

  it('follow the plan when its time moves, and stop when it is deleted', async () => {
    const ben = await newPerson(t, 'Ben');
    const start = hoursAhead(96);
    const plan = await createPlan(ana, { title: 'Brunch', start: start.toISOString() });
    await join(ana, plan.key, [ben]);
    const later = new Date(start.getTime() + 5 * HOUR);
    const moved = await t.gql(
      'mutation ($key: String!, $s: String) { updatePlan(key: $key, plan: { start: $s }) { key } }',
      { key: plan.key, s: later.toISOString() },
      ana.headers,
    );
    expect(moved.errors).toBeUndefined();
    expect((await pendingJobs(plan.key)).map((j) => j.at)).toEqual([
      new Date(later.getTime() - DAY).toISOString(),
      new Date(later.getTime() - HOUR).toISOString(),
    ]);
    await newMail();
    await t.plaza.jobs.runDue(new Date(start.getTime() - DAY));
    expect(await newMail()).toEqual([]);
    await t.plaza.jobs.runDue(new Date(later.getTime() - DAY));
    expect((await newMail()).map((m) => m.to)).toEqual([ben.email]);

    const deleted = await t.gql(
      'mutation ($key: String!) { deletePlan(key: $key) }',
      { key: plan.key },
      ana.headers,
    );
    expect(deleted.errors).toBeUndefined();
    const left = await db()
      .execute(sql`SELECT count(*) AS n FROM jobs WHERE kind = 'plan.reminder' AND done_at IS NULL
      AND payload->>'occurrence' = '' AND run_at = ${new Date(later.getTime() - HOUR).toISOString()}::timestamptz`);
    expect(Number((left.rows[0] as { n: string | number }).n)).toBe(0);
    await t.plaza.jobs.runDue(new Date(later.getTime() - HOUR));
    expect(await newMail()).toEqual([]);
  });

  it('skip someone the plan is now hidden from (a block), and a reminder whose time has passed', async () => {
    const fay = await newPerson(t, 'Fay');
    const start = hoursAhead(100);
    const plan = await createPlan(ana, { title: 'Sauna', start: start.toISOString() });
    await join(ana, plan.key, [fay]);
    await db().insert(follows).values({ userId: ana.userId, targetId: fay.userId, status: 'BLOCKED' });
    await newMail();
    await t.plaza.jobs.runDue(new Date(start.getTime() - HOUR));
    expect(await newMail()).toEqual([]);
  });

  it('cover the next occurrences of a repeating plan, and the job that looks again schedules the ones after', async () => {
    const ben = await newPerson(t, 'Ben');
    const first = hoursAhead(50);
    const plan = await createPlan(ana, {
      title: 'Morning run',
      start: first.toISOString(),
      recurring: { frequency: 'WEEKLY' },
    });
    const occurrence = (weeks: number) => new Date(first.getTime() + weeks * 7 * DAY).toISOString();
    const jobs = await pendingJobs(plan.key);
    // The first occurrence only (the second is past the 7-day horizon), and a sync before the horizon ends.
    expect(jobs.filter((j) => j.kind === 'plan.reminder').map((j) => j.at)).toEqual([
      new Date(first.getTime() - DAY).toISOString(),
      new Date(first.getTime() - HOUR).toISOString(),
    ]);
    const sync = jobs.find((j) => j.kind === 'plan.reminders-sync')!;
    expect(sync).toBeDefined();

    await join(ana, plan.key, [ben], 'ATTENDING', occurrence(2));
    await newMail();
    // Cancel the second occurrence: its reminders are never made.
    await t.gql(
      'mutation ($key: String!, $o: String) { deletePlan(key: $key, applyTo: ONLY_THIS, occurrence: $o) }',
      { key: plan.key, o: occurrence(1) },
      ana.headers,
    );
    // Walk the clock forward in steps of a few hours, as a runner that was busy might, then to the hour before.
    const mails: OutboxMessage[] = [];
    const lastHour = Date.parse(occurrence(2)) - HOUR;
    for (let at = Date.now(); at < lastHour; at += 6 * HOUR) {
      await t.plaza.jobs.runDue(new Date(at));
      mails.push(...(await newMail()));
    }
    await t.plaza.jobs.runDue(new Date(lastHour));
    mails.push(...(await newMail()));
    const reminderTimes = await db().execute(
      sql`SELECT payload->>'occurrence' AS occurrence, payload->>'reminder' AS reminder FROM jobs
          WHERE kind = 'plan.reminder' AND subject = (SELECT 'plan:' || id FROM plans WHERE key = ${plan.key})
          ORDER BY run_at`,
    );
    const scheduled = (reminderTimes.rows as Array<{ occurrence: string }>).map((r) => r.occurrence);
    expect(scheduled).toContain(occurrence(0));
    expect(scheduled).toContain(occurrence(2));
    expect(scheduled).not.toContain(occurrence(1));
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [ben.email, 'Still going to Morning run?'],
      [ben.email, 'Starting soon: Morning run'],
    ]);
    expect(mails[0]!.text).toContain(`occurrence=${encodeURIComponent(occurrence(2))}`);
  });
});

describe('the one-click answers of "still going?"', () => {
  it('set the answer once and go to the plan page; a reused or changed link changes nothing', async () => {
    const [gus, hal] = [await newPerson(t, 'Gus'), await newPerson(t, 'Hal')];
    const start = hoursAhead(30);
    const plan = await createPlan(ana, { title: 'Karaoke', start: start.toISOString() });
    await join(ana, plan.key, [gus, hal]);
    await newMail();
    await t.plaza.jobs.runDue(new Date(start.getTime() - DAY));
    const mails = await newMail();
    const links = (person: Person) => linksIn(mails.find((m) => m.to === person.email)!.text);

    const no = await open(links(gus).no!);
    expect(no.status).toBe(303);
    expect(no.location).toBe(`http://plaza.test/${plan.slug}/${plan.key}?replied=no`);
    expect(await answerOf(gus, plan.key)).toBe('notattending');

    // Used: the same link, or its other answer, changes nothing and says so.
    for (const link of [links(gus).no!, links(gus).yes!]) {
      const again = await open(link);
      expect(again.status).toBe(409);
      expect(again.text).toContain('This link was already used');
    }
    expect(await answerOf(gus, plan.key)).toBe('notattending');

    const yes = await open(links(hal).yes!);
    expect(yes.status).toBe(303);
    expect(await answerOf(hal, plan.key)).toBe('attending');
    expect((await open(links(hal).no!)).status).toBe(409);
    expect(await answerOf(hal, plan.key)).toBe('attending');
  });

  it('refuse a changed, a broken or an expired token and a missing answer', async () => {
    const ivy = await newPerson(t, 'Ivy');
    const start = hoursAhead(30);
    const plan = await createPlan(ana, { title: 'Pottery', start: start.toISOString() });
    await join(ana, plan.key, [ivy]);
    await newMail();
    await t.plaza.jobs.runDue(new Date(start.getTime() - DAY));
    const { no } = linksIn((await newMail())[0]!.text);
    const url = new URL(no!);
    const [body, signature] = url.pathname.split('/').at(-1)!.split('.');
    const forged = Buffer.from(
      JSON.stringify([ana.userId, ...JSON.parse(Buffer.from(body!, 'base64url').toString()).slice(1)]),
    ).toString('base64url');

    const bad = await open(`http://plaza.test/plan-reply/${forged}.${signature}?answer=no`);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('This link does not work');
    expect((await open(`http://plaza.test/plan-reply/garbage?answer=no`)).status).toBe(400);
    expect((await open(`${url.origin}${url.pathname}?answer=maybe`)).status).toBe(400);
    expect((await open(`${url.origin}${url.pathname}`)).status).toBe(400);

    const claim = JSON.parse(Buffer.from(body!, 'base64url').toString()) as [
      number,
      number,
      string,
      number,
      number,
    ];
    const expired = createPlanReplyToken(t.plaza.platform.auth.secret, {
      userId: claim[0],
      planId: claim[1],
      occurrence: claim[2],
      answeredAt: claim[3],
      expiresAt: Date.now() - 1000,
    });
    const late = await open(`http://plaza.test/plan-reply/${expired}?answer=no`);
    expect(late.status).toBe(410);
    expect(late.text).toContain('This link has expired');
    expect(await answerOf(ivy, plan.key)).toBe('attending');
    // The genuine link still works after all that.
    expect((await open(no!)).status).toBe(303);
    expect(await answerOf(ivy, plan.key)).toBe('notattending');
  });
});
