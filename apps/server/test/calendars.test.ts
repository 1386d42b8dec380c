import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows } from '../src/db/schema/index.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { buildPlan } from './support/factories.ts';
import { newPerson, type Person } from './support/people.ts';

let t: TestPlaza;
let ana: Person;
let cai: Person;

beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
  [ana, cai] = [await newPerson(t, 'Ana'), await newPerson(t, 'Cai')];
});
afterAll(() => t.close());

const DAY = 86_400_000;
const db = () => t.plaza.platform.store.db;

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${await t.url()}${path}`, { headers, redirect: 'manual' });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const eventsOf = (text: string) =>
  Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');

async function createPlan(person: Person, plan: Record<string, unknown>) {
  const res = await t.gql<{ createPlan: { key: string; occurrence: string | null } }>(
    'mutation ($plan: PlanInput!) { createPlan(plan: $plan) { key occurrence } }',
    { plan },
    person.headers,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.createPlan;
}

async function invite(creator: Person, key: string, person: Person) {
  const res = await t.gql(
    'mutation ($key: String!, $id: ID) { inviteToPlan(key: $key, invitees: [{ id: $id }]) { invitedUsers } }',
    { key, id: person.userId },
    creator.headers,
  );
  expect(res.errors).toBeUndefined();
}

async function respond(person: Person, key: string, response: string, occurrence?: string) {
  const res = await t.gql(
    'mutation ($key: String!, $r: PlanResponse!, $o: String) { respondToPlan(key: $key, response: $r, occurrence: $o) { key } }',
    { key, r: response, o: occurrence ?? null },
    person.headers,
  );
  expect(res.errors).toBeUndefined();
}

async function newFeed(person: Person) {
  const res = await t.gql<{
    createCalendarFeed: { active: boolean; url: string; webcalUrl: string; createdAt: string };
  }>('mutation { createCalendarFeed { active url webcalUrl createdAt } }', {}, person.headers);
  expect(res.errors).toBeUndefined();
  return res.data!.createCalendarFeed;
}

const feedPath = (url: string) => new URL(url).pathname;

describe('the .ics file of a plan', () => {
  it('of a weekly plan imports with its RRULE and time zone, 18:00 on both sides of a DST change', async () => {
    // Tuesdays 18:00 in Berlin from 19 March 2030; summer time starts on 31 March.
    const plan = await createPlan(ana, {
      title: 'Climbing, then food',
      description: 'Bring shoes; we rent the rest.',
      start: '2030-03-19T18:00',
      end: '2030-03-19T20:00',
      timezone: 'Europe/Berlin',
      location: { name: 'Boulderhalle', city: 'Berlin', coordinates: { latitude: 52.52, longitude: 13.405 } },
      recurring: { frequency: 'WEEKLY', byDay: ['TU'], endDate: '2030-04-16' },
    });
    // One occurrence cancelled, another changed (decision 0009 exceptions).
    await t.gql(
      'mutation ($key: String!) { deletePlan(key: $key, applyTo: ONLY_THIS, occurrence: "2030-03-26T17:00:00.000Z") }',
      { key: plan.key },
      ana.headers,
    );
    const moved = await t.gql(
      `mutation ($key: String!) { updatePlan(key: $key, applyTo: ONLY_THIS, occurrence: "2030-04-09T16:00:00.000Z",
         plan: { title: "Climbing, later", start: "2030-04-09T19:00", end: "2030-04-09T21:00" }) { key } }`,
      { key: plan.key },
      ana.headers,
    );
    expect(moved.errors).toBeUndefined();

    const res = await get(`/ics/plan/${plan.key}.ics`, ana.headers);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="climbing-then-food.ics"');
    expect(res.text).toContain('\r\nRRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20300416T215959Z\r\n');
    expect(res.text).toContain('\r\nDTSTART;TZID=Europe/Berlin:20300319T180000\r\n');
    expect(res.text).toContain('\r\nEXDATE;TZID=Europe/Berlin:20300326T180000\r\n');
    expect(res.text).toContain('\r\nRECURRENCE-ID;TZID=Europe/Berlin:20300409T180000\r\n');

    const events = eventsOf(res.text);
    const master = events.find((e) => e.rrule)!;
    expect(master.uid).toBe(`${plan.key}@plaza.test`);
    expect(master.start.tz).toBe('Europe/Berlin');
    expect(master.rrule!.toString()).toMatch(/FREQ=WEEKLY/);
    expect(master.summary).toBe('Climbing, then food');
    expect(master.description).toBe(
      `Bring shoes; we rent the rest.\n\nhttp://plaza.test/climbing-then-food/${plan.key}`,
    );
    expect(master.location).toBe('Boulderhalle, Berlin');
    const instances = ical.expandRecurringEvent(master, {
      from: new Date('2030-03-01T00:00:00Z'),
      to: new Date('2030-05-01T00:00:00Z'),
    });
    expect(instances.map((i) => [i.start.toISOString(), i.summary])).toEqual([
      ['2030-03-19T17:00:00.000Z', 'Climbing, then food'],
      ['2030-04-02T16:00:00.000Z', 'Climbing, then food'],
      ['2030-04-09T17:00:00.000Z', 'Climbing, later'],
      ['2030-04-16T16:00:00.000Z', 'Climbing, then food'],
    ]);
  });

  it('answers a plan the caller may not view exactly as a key that names nothing', async () => {
    const { plan } = await buildPlan(db(), ana.userId, [], { isPublic: false });
    const hidden = await get(`/ics/plan/${plan.key}.ics`, cai.headers);
    const missing = await get('/ics/plan/NoSuchPlan1.ics', cai.headers);
    const visitor = await get(`/ics/plan/${plan.key}.ics`);
    const wrongKey = await get(`/ics/plan/${plan.key}.ics?invite_key=not-the-key`);
    for (const res of [hidden, missing, visitor, wrongKey]) {
      expect(res.status).toBe(404);
      expect(res.text).toBe(missing.text);
      expect(res.headers.get('content-type')).toBe(missing.headers.get('content-type'));
    }
    const withLink = await get(`/ics/plan/${plan.key}.ics?invite_key=${plan.inviteKey}`);
    expect(withLink.status).toBe(200);
    expect(eventsOf(withLink.text)[0]!.url).toBe(
      `http://plaza.test/picnic/${plan.key}?invite_key=${plan.inviteKey}`,
    );
    expect((await get(`/ics/plan/${plan.key}.ics`, ana.headers)).status).toBe(200);
  });

  it('is given with add-to-calendar links on the Plan type', async () => {
    const plan = await createPlan(ana, {
      title: 'Book club',
      start: '2030-05-07T19:00',
      end: '2030-05-07T21:00',
      timezone: 'Europe/Lisbon',
      location: { name: 'Livraria', city: 'Lisbon' },
      recurring: { frequency: 'MONTHLY', monthly: 'ORDINAL_WEEKDAY' },
    });
    const query = `query ($key: String!, $ik: String) { plan(key: $key, inviteKey: $ik) {
      calendarLinks { ics google outlook } } }`;
    type Links = { plan: { calendarLinks: { ics: string; google: string; outlook: string } } };
    const mine = (await t.gql<Links>(query, { key: plan.key }, ana.headers)).data!.plan.calendarLinks;
    const { inviteKey } = await t.plaza.platform.store.db.query.plans
      .findFirst({
        where: (p, { eq }) => eq(p.key, plan.key),
      })
      .then((row) => row!);
    expect(mine.ics).toBe(`/ics/plan/${plan.key}.ics?invite_key=${inviteKey}`);
    const google = new URL(mine.google).searchParams;
    expect(google.get('dates')).toBe('20300507T190000/20300507T210000');
    expect(google.get('ctz')).toBe('Europe/Lisbon');
    expect(google.get('recur')).toBe('RRULE:FREQ=MONTHLY;BYDAY=1TU');
    expect(google.get('location')).toBe('Livraria, Lisbon');
    const outlook = new URL(mine.outlook).searchParams;
    expect(outlook.get('startdt')).toBe('2030-05-07T19:00:00+01:00');
    expect(outlook.get('subject')).toBe('Book club');

    // A signed-out visitor who came by the share link gets links that work for them.
    const visitor = (await t.gql<Links>(query, { key: plan.key, ik: inviteKey })).data!.plan.calendarLinks;
    expect(visitor.ics).toBe(mine.ics);
    expect((await get(visitor.ics)).status).toBe(200);

    // On a public plan a visitor has no share secret to carry.
    const open = await createPlan(ana, { title: 'Open picnic', isPublic: true, start: '2030-06-01T12:00' });
    const links = (await t.gql<Links>(query, { key: open.key })).data!.plan.calendarLinks;
    expect(links.ics).toBe(`/ics/plan/${open.key}.ics`);
    expect((await get(`/ics/plan/${open.key}.ics`)).status).toBe(200);
  });
});

describe('the private calendar feed', () => {
  it('is made, shown without its secret, replaced and revoked', async () => {
    const person = await newPerson(t, 'Dee');
    const query = '{ myCalendarFeed { active createdAt url webcalUrl } }';
    expect((await t.gql(query, {}, person.headers)).data).toEqual({ myCalendarFeed: null });
    const feed = await newFeed(person);
    expect(feed.active).toBe(true);
    expect(feed.url).toMatch(/^http:\/\/plaza\.test\/ics\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(feed.webcalUrl).toBe(feed.url.replace('http:', 'webcal:'));
    expect((await t.gql(query, {}, person.headers)).data).toEqual({
      myCalendarFeed: { active: true, createdAt: feed.createdAt, url: null, webcalUrl: null },
    });
    const first = await get(feedPath(feed.url));
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(first.text).toContain('X-WR-CALNAME:Plaza plans');

    const again = await newFeed(person);
    expect(again.url).not.toBe(feed.url);
    expect((await get(feedPath(feed.url))).status).toBe(404);
    expect((await get(feedPath(again.url))).status).toBe(200);

    const revoke = 'mutation { revokeCalendarFeed }';
    expect((await t.gql(revoke, {}, person.headers)).data).toEqual({ revokeCalendarFeed: true });
    expect((await get(feedPath(again.url))).status).toBe(404);
    expect((await t.gql(revoke, {}, person.headers)).data).toEqual({ revokeCalendarFeed: false });
    expect((await t.gql(query, {}, person.headers)).data).toEqual({ myCalendarFeed: null });
    expect((await get('/ics/feed/short.ics')).status).toBe(404);
  });

  it('lists own plans and plans answered attending or interested, the past 30 days and the future', async () => {
    const eve = await newPerson(t, 'Eve');
    const now = Date.now();
    const mine = await buildPlan(db(), eve.userId, [], { startsAt: new Date(now + 3 * DAY) });
    const going = await buildPlan(db(), ana.userId, [{ userId: eve.userId, response: 'ATTENDING' }], {
      isPublic: false,
      startsAt: new Date(now + 5 * DAY),
    });
    const maybe = await buildPlan(db(), ana.userId, [{ userId: eve.userId, response: 'INTERESTED' }], {
      startsAt: new Date(now + 6 * DAY),
    });
    const recent = await buildPlan(db(), ana.userId, [{ userId: eve.userId, response: 'ATTENDING' }], {
      startsAt: new Date(now - 10 * DAY),
    });
    const old = await buildPlan(db(), ana.userId, [{ userId: eve.userId, response: 'ATTENDING' }], {
      startsAt: new Date(now - 40 * DAY),
    });
    const declined = await buildPlan(db(), ana.userId, [{ userId: eve.userId, response: 'UNATTENDING' }]);
    const invitedOnly = await buildPlan(db(), ana.userId, [
      { userId: eve.userId, response: null, invited: true },
    ]);
    const someoneElses = await buildPlan(db(), ana.userId, [], { isPublic: true });

    const feed = await newFeed(eve);
    const events = eventsOf((await get(feedPath(feed.url))).text);
    const byUid = new Map(events.map((e) => [e.uid, e]));
    const uid = (p: { plan: { key: string } }) => `${p.plan.key}@plaza.test`;
    expect([...byUid.keys()].sort()).toEqual([mine, going, maybe, recent].map(uid).sort());
    expect(byUid.get(uid(going))!.status).toBe('CONFIRMED');
    expect(byUid.get(uid(maybe))!.status).toBe('TENTATIVE');
    expect(byUid.get(uid(mine))!.status).toBeUndefined();
    for (const left of [old, declined, invitedOnly, someoneElses]) expect(byUid.has(uid(left))).toBe(false);
  });

  it('lists the occurrences answered of someone else’s repeating plan, and the whole series of one’s own', async () => {
    const plan = await createPlan(ana, {
      title: 'Run club',
      start: '2030-01-07T07:00',
      end: '2030-01-07T08:00',
      recurring: { frequency: 'WEEKLY' },
    });
    await invite(ana, plan.key, cai);
    await respond(cai, plan.key, 'ATTENDING', '2030-01-14T07:00:00.000Z');
    await respond(cai, plan.key, 'INTERESTED', '2030-01-21T07:00:00.000Z');
    const events = eventsOf((await get(feedPath((await newFeed(cai)).url))).text).filter((e) =>
      e.uid.startsWith(plan.key),
    );
    expect(events.map((e) => [e.uid, e.status, e.start.toISOString(), Boolean(e.rrule)]).sort()).toEqual([
      [`${plan.key}-20300114T070000Z@plaza.test`, 'CONFIRMED', '2030-01-14T07:00:00.000Z', false],
      [`${plan.key}-20300121T070000Z@plaza.test`, 'TENTATIVE', '2030-01-21T07:00:00.000Z', false],
    ]);
    const own = eventsOf((await get(feedPath((await newFeed(ana)).url))).text).filter(
      (e) => e.uid === `${plan.key}@plaza.test`,
    );
    expect(own).toHaveLength(1);
    expect(own[0]!.rrule!.toString()).toMatch(/FREQ=WEEKLY/);
  });

  it('leaves out a plan its owner may no longer view, as if it never existed', async () => {
    const fay = await newPerson(t, 'Fay');
    const { plan } = await buildPlan(db(), ana.userId, [{ userId: fay.userId, response: 'ATTENDING' }], {
      isPublic: false,
    });
    const feed = await newFeed(fay);
    const uids = async () => eventsOf((await get(feedPath(feed.url))).text).map((e) => e.uid);
    expect(await uids()).toContain(`${plan.key}@plaza.test`);
    await db().insert(follows).values({ userId: ana.userId, targetId: fay.userId, status: 'BLOCKED' });
    const after = await get(feedPath(feed.url));
    expect(after.status).toBe(200);
    expect(after.text).not.toContain(plan.key);
    expect(await uids()).toEqual([]);
  });
});
