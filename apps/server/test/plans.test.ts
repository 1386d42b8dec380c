import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, users } from '../src/db/schema/index.ts';
import { startTestPlaza, type GraphQLResponse, type TestPlaza } from './harness.ts';
import { buildGroup, buildPlan, buildUser } from './support/factories.ts';
import { lastMessageTo } from './support/outbox.ts';
import { newPerson, type Person } from './support/people.ts';
import { signInWithEmail } from './support/sign-in.ts';

let t: TestPlaza;
let ana: Person;
let ben: Person;
let cai: Person;

beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
  [ana, ben, cai] = [await newPerson(t, 'Ana'), await newPerson(t, 'Ben'), await newPerson(t, 'Cai')];
});
afterAll(() => t.close());

const PLAN_FIELDS = `key title description isPublic allDay timezone occurrence image link linkText outUrl outUrlText
  shareUrl start { date utc local iso timeSet } end { date utc local iso timeSet }
  place { name address city state query coordinates { latitude longitude } }
  hashtags { name } recurring { frequency byDay monthly endDate rrule }
  creator { id } flags { chat creator actions } permissions { view modify share openInvites }
  authorization { attending interested invited nextTime accessLevel invitationStatus viewerRoles }
  attendingOrInterestedCount attendeesCount { attending interested nextTime invited total }`;

type Plan = Record<string, unknown> & {
  key: string;
  occurrence: string | null;
  start: { date: string; utc: string; local: string; iso: string; timeSet: boolean };
  end: { date: string; utc: string; local: string; iso: string; timeSet: boolean };
};

async function create(
  person: Person,
  plan: Record<string, unknown>,
): Promise<GraphQLResponse<{ createPlan: Plan }>> {
  return t.gql<{ createPlan: Plan }>(
    `mutation ($plan: PlanInput!) { createPlan(plan: $plan) { ${PLAN_FIELDS} } }`,
    { plan },
    person.headers,
  );
}

async function created(person: Person, plan: Record<string, unknown>): Promise<Plan> {
  const res = await create(person, plan);
  expect(res.errors).toBeUndefined();
  return res.data!.createPlan;
}

async function read(person: Person | null, key: string, extra: Record<string, unknown> = {}) {
  const res = await t.gql<{ plan: Plan }>(
    `query ($key: String!, $occurrence: String, $inviteKey: String) {
       plan(key: $key, occurrence: $occurrence, inviteKey: $inviteKey) { ${PLAN_FIELDS} } }`,
    { key, ...extra },
    person?.headers ?? {},
  );
  return res;
}

const errorOf = (res: GraphQLResponse<unknown>) => ({
  code: res.errors?.[0]?.extensions?.code,
  field: res.errors?.[0]?.extensions?.field,
});

describe('createPlan and plan(key)', () => {
  it('stores every field and reads it back by key, times in the plan’s zone', async () => {
    const plan = await created(ana, {
      title: 'Rooftop dinner',
      description: 'Bring a dish.',
      isPublic: true,
      start: '2027-07-10T19:30',
      end: '2027-07-10T22:00',
      timezone: 'Europe/Lisbon',
      location: {
        name: 'Terraço',
        address: 'Rua do Sol 1',
        city: 'Lisbon',
        state: 'Lisboa',
        query: 'terraco',
        coordinates: { latitude: 38.7, longitude: -9.14 },
      },
      hashtags: ['food', '#dinner'],
      link: 'https://www.google.com/url?q=https://www.example.org/menu/',
      outUrl: 'https://tickets.example.org/',
    });
    const again = (await read(ana, plan.key)).data!.plan;
    expect(again).toEqual(plan);
    const visitor = (await read(null, plan.key)).data!.plan;
    expect(visitor).toMatchObject({ title: 'Rooftop dinner', permissions: { view: true, modify: false } });
    expect(plan).toMatchObject({
      title: 'Rooftop dinner',
      description: 'Bring a dish.',
      isPublic: true,
      allDay: false,
      timezone: 'Europe/Lisbon',
      occurrence: null,
      start: {
        date: '2027-07-10',
        utc: '2027-07-10T18:30:00.000Z',
        local: '2027-07-10T19:30:00',
        iso: '2027-07-10T19:30:00+01:00',
        timeSet: true,
      },
      end: { utc: '2027-07-10T21:00:00.000Z' },
      place: {
        name: 'Terraço',
        address: 'Rua do Sol 1',
        city: 'Lisbon',
        state: 'Lisboa',
        query: 'terraco',
        coordinates: { latitude: 38.7, longitude: -9.14 },
      },
      hashtags: [{ name: 'food' }, { name: 'dinner' }],
      recurring: null,
      link: 'https://www.example.org/menu/',
      linkText: 'example.org/menu',
      outUrl: 'https://tickets.example.org/',
      outUrlText: 'tickets.example.org',
      creator: { id: ana.userId },
      flags: { chat: true, creator: true },
      permissions: { view: true, modify: true, share: true, openInvites: true },
      authorization: { viewerRoles: ['creator'] },
    });
  });

  it('shows the creator’s picture when the plan has none', async () => {
    await t.plaza.platform.store.db
      .update(users)
      .set({ image: '/media/AnaPicture000001.webp' })
      .where(eq(users.id, ana.userId));
    const plan = await created(ana, { title: 'No picture', isPublic: true });
    expect(plan.image).toBe('/media/AnaPicture000001.webp');
  });
});

describe('event form rules (spec 5), enforced by the server', () => {
  it('falls back to the next full hour and one hour after it when start and end are missing', async () => {
    const before = Date.now();
    const plan = await created(ana, { title: 'Soon' });
    const start = new Date(plan.start.utc).getTime();
    expect(start % 3_600_000).toBe(0);
    expect(start).toBeGreaterThan(before);
    expect(start - before).toBeLessThanOrEqual(3_600_000);
    expect(new Date(plan.end.utc).getTime() - start).toBe(3_600_000);
  });

  it('ends one hour after a start given without an end', async () => {
    const plan = await created(ana, { title: 'Hour', start: '2027-03-01T10:15' });
    expect([plan.start.utc, plan.end.utc]).toEqual(['2027-03-01T10:15:00.000Z', '2027-03-01T11:15:00.000Z']);
  });

  it('treats times as UTC when the plan has no address or city', async () => {
    const plan = await created(ana, { title: 'Online', start: '2027-03-01T10:00', timezone: 'Asia/Tokyo' });
    expect(plan.timezone).toBe('UTC');
    expect(plan.start.utc).toBe('2027-03-01T10:00:00.000Z');
    const placed = await created(ana, {
      title: 'In Tokyo',
      start: '2027-03-01T10:00',
      timezone: 'Asia/Tokyo',
      location: { city: 'Tokyo' },
    });
    expect(placed.start.utc).toBe('2027-03-01T01:00:00.000Z');
  });

  it('takes the time zone found at the place’s coordinates over the one sent (decision 0010)', async () => {
    const plan = await created(ana, {
      title: 'Pier walk',
      start: '2027-03-01T10:00',
      timezone: 'Asia/Tokyo',
      location: {
        name: 'Pier 39',
        city: 'San Francisco',
        coordinates: { latitude: 37.8087, longitude: -122.4098 },
      },
    });
    expect(plan.timezone).toBe('America/Los_Angeles');
    expect(plan.start).toMatchObject({ local: '2027-03-01T10:00:00', utc: '2027-03-01T18:00:00.000Z' });
    // Without a zone sent at all, the coordinates still decide it.
    const unsent = await created(ana, {
      title: 'Noodles',
      start: '2027-03-01T12:00',
      location: { city: 'Kathmandu', coordinates: { latitude: 27.7, longitude: 85.32 } },
    });
    expect(unsent.timezone).toBe('Asia/Kathmandu');
    expect(unsent.start.utc).toBe('2027-03-01T06:15:00.000Z');
  });

  it('keeps UTC for coordinates without an address or city, and follows the place when it moves', async () => {
    const pinned = await created(ana, {
      title: 'Pinned',
      start: '2027-03-01T10:00',
      location: { name: 'A spot', coordinates: { latitude: 52.52, longitude: 13.4 } },
    });
    expect(pinned.timezone).toBe('UTC');
    const moved = await t.gql<{ updatePlan: Plan }>(
      `mutation ($key: String!, $plan: PlanInput!) { updatePlan(key: $key, plan: $plan) { timezone start { utc local } } }`,
      {
        key: pinned.key,
        plan: {
          timezone: 'Europe/Lisbon',
          location: { name: 'A spot', city: 'Berlin', coordinates: { latitude: 52.52, longitude: 13.4 } },
        },
      },
      ana.headers,
    );
    expect(moved.errors).toBeUndefined();
    // The zone changes; the stored instant stays, read again on Berlin’s clock.
    expect(moved.data!.updatePlan).toEqual({
      timezone: 'Europe/Berlin',
      start: { utc: '2027-03-01T10:00:00.000Z', local: '2027-03-01T11:00:00' },
    });
    // A zone sent later does not override the place’s.
    const resent = await t.gql<{ updatePlan: Plan }>(
      `mutation ($key: String!) { updatePlan(key: $key, plan: { timezone: "Asia/Tokyo" }) { timezone } }`,
      { key: pinned.key },
      ana.headers,
    );
    expect(resent.data?.updatePlan.timezone).toBe('Europe/Berlin');
  });

  it('keeps hashtags only on public plans', async () => {
    const plan = await created(ana, { title: 'Quiet', hashtags: ['secret'] });
    expect(plan.hashtags).toEqual([]);
    const made = await created(ana, { title: 'Loud', isPublic: true, hashtags: ['open'] });
    const made2 = await t.gql<{ updatePlan: Plan }>(
      'mutation ($key: String!) { updatePlan(key: $key, plan: { isPublic: false }) { hashtags { name } isPublic } }',
      { key: made.key },
      ana.headers,
    );
    expect(made2.data?.updatePlan).toEqual({ hashtags: [], isPublic: false });
  });

  it('stores an all-day plan from its first day to the midnight after its last (the end sent one day later)', async () => {
    const plan = await created(ana, {
      title: 'Festival',
      allDay: true,
      start: '2027-08-06',
      end: '2027-08-09',
      timezone: 'Europe/Berlin',
      location: { city: 'Berlin' },
    });
    expect(plan.start).toMatchObject({ date: '2027-08-06', local: '2027-08-06T00:00:00', timeSet: false });
    expect(plan.end).toMatchObject({ date: '2027-08-09', utc: '2027-08-08T22:00:00.000Z', timeSet: false });
  });

  it('refuses a public plan that repeats, naming the field', async () => {
    const res = await create(ana, { title: 'x', isPublic: true, recurring: { frequency: 'WEEKLY' } });
    expect(errorOf(res)).toEqual({ code: 'BAD_USER_INPUT', field: 'recurring' });
  });

  it('refuses an end before the start, an unknown time zone and a day outside MO..SU', async () => {
    const end = await create(ana, { title: 'x', start: '2027-03-01T10:00', end: '2027-03-01T09:00' });
    expect(errorOf(end)).toEqual({ code: 'BAD_USER_INPUT', field: 'end' });
    const zone = await create(ana, { title: 'x', timezone: 'Mars/Olympus_Mons', location: { city: 'Mars' } });
    expect(errorOf(zone)).toEqual({ code: 'BAD_USER_INPUT', field: 'timezone' });
    const day = await create(ana, { title: 'x', recurring: { frequency: 'WEEKLY', byDay: ['MO', 'XX'] } });
    expect(errorOf(day)).toEqual({ code: 'BAD_USER_INPUT', field: 'recurring.byDay' });
    const when = await create(ana, { title: 'x', start: 'next tuesday' });
    expect(errorOf(when)).toEqual({ code: 'BAD_USER_INPUT', field: 'start' });
  });
});

const OCCURRENCES = `query ($key: String!, $from: String!, $to: String!) {
  planOccurrences(key: $key, from: $from, to: $to) { occurrence title start { utc local iso } } }`;

describe('repeating plans', () => {
  it('keeps the local time of a plan in another time zone across its daylight-saving change', async () => {
    const plan = await created(ana, {
      title: 'Friday jam',
      start: '2027-10-22T18:00',
      end: '2027-10-22T20:00',
      timezone: 'America/New_York',
      location: { city: 'Brooklyn' },
      recurring: { frequency: 'WEEKLY', byDay: ['FR'] },
    });
    const res = await t.gql<{
      planOccurrences: Array<{ start: { utc: string; local: string; iso: string } }>;
    }>(OCCURRENCES, { key: plan.key, from: '2027-10-20T00:00:00Z', to: '2027-11-13T00:00:00Z' }, ana.headers);
    expect(res.data!.planOccurrences.map((o) => o.start)).toEqual([
      { utc: '2027-10-22T22:00:00.000Z', local: '2027-10-22T18:00:00', iso: '2027-10-22T18:00:00-04:00' },
      { utc: '2027-10-29T22:00:00.000Z', local: '2027-10-29T18:00:00', iso: '2027-10-29T18:00:00-04:00' },
      { utc: '2027-11-05T22:00:00.000Z', local: '2027-11-05T18:00:00', iso: '2027-11-05T18:00:00-04:00' },
      { utc: '2027-11-12T23:00:00.000Z', local: '2027-11-12T18:00:00', iso: '2027-11-12T18:00:00-05:00' },
    ]);
  });

  it('repeats monthly on the ordinal weekday, and stops at the end date', async () => {
    const plan = await created(ana, {
      title: 'Board games',
      start: '2027-01-12T19:00', // the 2nd Tuesday
      recurring: { frequency: 'MONTHLY', monthly: 'ORDINAL_WEEKDAY', endDate: '2027-03-31' },
    });
    expect(plan.recurring).toMatchObject({
      frequency: 'MONTHLY',
      monthly: 'ORDINAL_WEEKDAY',
      endDate: '2027-03-31',
      rrule: 'RRULE:FREQ=MONTHLY;BYDAY=2TU;UNTIL=20270331T235959Z',
    });
    // West of UTC the end date's last second is the next day in UTC, so its evening is kept.
    const west = await created(ana, {
      title: 'Trivia',
      start: '2027-01-12T19:00',
      timezone: 'America/New_York',
      location: { city: 'New York' },
      recurring: { frequency: 'WEEKLY', endDate: '2027-03-30' },
    });
    expect(west.recurring).toMatchObject({ rrule: 'RRULE:FREQ=WEEKLY;UNTIL=20270331T035959Z' });
    const res = await t.gql<{ planOccurrences: Array<{ occurrence: string }> }>(
      OCCURRENCES,
      { key: plan.key, from: '2027-01-01T00:00:00Z', to: '2028-01-01T00:00:00Z' },
      ana.headers,
    );
    expect(res.data!.planOccurrences.map((o) => o.occurrence)).toEqual([
      '2027-01-12T19:00:00.000Z',
      '2027-02-09T19:00:00.000Z',
      '2027-03-09T19:00:00.000Z',
    ]);
  });

  /** A private weekly plan of Ana's, with Ben and Cai invited. */
  async function weekly() {
    const plan = await created(ana, {
      title: 'Run club',
      start: '2027-05-03T07:00',
      timezone: 'Europe/Berlin',
      location: { city: 'Berlin' },
      recurring: { frequency: 'WEEKLY', byDay: ['MO'] },
    });
    const invited = await t.gql(
      'mutation ($key: String!, $b: ID, $c: ID) { inviteToPlan(key: $key, invitees: [{ id: $b }, { id: $c }]) { invitedUsers } }',
      { key: plan.key, b: ben.userId, c: cai.userId },
      ana.headers,
    );
    expect(invited.data).toEqual({ inviteToPlan: { invitedUsers: 2 } });
    return plan;
  }
  const first = '2027-05-03T05:00:00.000Z';
  const second = '2027-05-10T05:00:00.000Z';
  const third = '2027-05-17T05:00:00.000Z';

  it('keeps each occurrence’s responses apart', async () => {
    const plan = await weekly();
    await t.gql(
      'mutation ($key: String!, $o: String) { respondToPlan(key: $key, response: ATTENDING, occurrence: $o) { key } }',
      { key: plan.key, o: second },
      ben.headers,
    );
    const one = (await read(ana, plan.key, { occurrence: first })).data!.plan;
    const two = (await read(ana, plan.key, { occurrence: second })).data!.plan;
    expect([one.attendingOrInterestedCount, two.attendingOrInterestedCount]).toEqual([0, 1]);
    const bens = (await read(ben, plan.key, { occurrence: second })).data!.plan;
    expect(bens.authorization).toMatchObject({ attending: true, invitationStatus: 'attending' });
  });

  it('invites someone who answers NEXT_TIME to the next occurrence', async () => {
    const plan = await weekly();
    const dee = await newPerson(t, 'Dee');
    const inviteKey = new URL(plan.shareUrl as string).searchParams.get('invite_key');
    const answered = await t.gql(
      'mutation ($key: String!, $o: String, $ik: String) { respondToPlan(key: $key, inviteKey: $ik, response: NEXT_TIME, occurrence: $o) { key } }',
      { key: plan.key, o: first, ik: inviteKey },
      dee.headers,
    );
    expect(answered.errors).toBeUndefined();
    const next = (await read(dee, plan.key, { occurrence: second })).data!.plan;
    expect(next.authorization).toMatchObject({ invited: true, invitationStatus: 'invited', nextTime: false });
    const later = (await read(dee, plan.key, { occurrence: third })).data!.plan;
    expect(later.authorization).toMatchObject({ invitationStatus: null });
    const answeredOne = (await read(dee, plan.key, { occurrence: first })).data!.plan;
    expect(answeredOne.authorization).toMatchObject({ nextTime: true, invitationStatus: 'nextTime' });
  });

  it('changes only the occurrence named with ONLY_THIS, and every one with ALL', async () => {
    const plan = await weekly();
    const only = await t.gql(
      `mutation ($key: String!, $o: String) {
         updatePlan(key: $key, applyTo: ONLY_THIS, occurrence: $o, plan: { title: "Run club: hills", start: "2027-05-10T08:00" }) {
           title occurrence start { local } } }`,
      { key: plan.key, o: second },
      ana.headers,
    );
    expect(only.data?.updatePlan).toEqual({
      title: 'Run club: hills',
      occurrence: second,
      start: { local: '2027-05-10T08:00:00' },
    });
    const window = { key: plan.key, from: '2027-05-01T00:00:00Z', to: '2027-05-20T00:00:00Z' };
    const titles = async () =>
      (
        await t.gql<{ planOccurrences: Array<{ title: string; start: { local: string } }> }>(
          OCCURRENCES,
          window,
          ana.headers,
        )
      ).data!.planOccurrences.map((o) => `${o.title} ${o.start.local}`);
    expect(await titles()).toEqual([
      'Run club 2027-05-03T07:00:00',
      'Run club: hills 2027-05-10T08:00:00',
      'Run club 2027-05-17T07:00:00',
    ]);
    const refused = await t.gql(
      'mutation ($key: String!, $o: String) { updatePlan(key: $key, applyTo: ONLY_THIS, occurrence: $o, plan: { recurring: null }) { key } }',
      { key: plan.key, o: second },
      ana.headers,
    );
    expect(errorOf(refused)).toEqual({ code: 'BAD_USER_INPUT', field: 'recurring' });

    await t.gql(
      'mutation ($key: String!) { updatePlan(key: $key, applyTo: ALL, plan: { description: "Easy pace" }) { key } }',
      { key: plan.key },
      ana.headers,
    );
    const all = await t.gql<{ planOccurrences: Array<{ title: string }> }>(
      `query ($key: String!, $from: String!, $to: String!) { planOccurrences(key: $key, from: $from, to: $to) { description } }`,
      window,
      ana.headers,
    );
    expect(all.data!.planOccurrences).toEqual([
      { description: 'Easy pace' },
      { description: 'Easy pace' },
      { description: 'Easy pace' },
    ]);
  });

  it('carries responses along when ALL moves the series to another hour', async () => {
    const plan = await weekly();
    await t.gql(
      'mutation ($key: String!, $o: String) { respondToPlan(key: $key, response: INTERESTED, occurrence: $o) { key } }',
      { key: plan.key, o: third },
      ben.headers,
    );
    await t.gql(
      'mutation ($key: String!) { updatePlan(key: $key, applyTo: ALL, plan: { start: "2027-05-03T08:00" }) { key } }',
      { key: plan.key },
      ana.headers,
    );
    const moved = (await read(ben, plan.key, { occurrence: '2027-05-17T06:00:00.000Z' })).data!.plan;
    expect(moved.authorization).toMatchObject({ interested: true });
    expect(moved.start.local).toBe('2027-05-17T08:00:00');
  });

  it('moves the whole series by as much as the occurrence named with ALL moved, and not at all when its times stay', async () => {
    const plan = await weekly();
    const window = { key: plan.key, from: '2027-05-01T00:00:00Z', to: '2027-05-20T00:00:00Z' };
    const starts = async () =>
      (
        await t.gql<{ planOccurrences: Array<{ description: string; start: { local: string } }> }>(
          'query ($key: String!, $from: String!, $to: String!) { planOccurrences(key: $key, from: $from, to: $to) { description start { local } } }',
          window,
          ana.headers,
        )
      ).data!.planOccurrences.map((o) => `${o.start.local} ${o.description}`);
    // The form sends the times it shows, those of the second occurrence: the series stays.
    await t.gql(
      'mutation ($key: String!, $o: String) { updatePlan(key: $key, applyTo: ALL, occurrence: $o, plan: { description: "Bring water", start: "2027-05-10T07:00", end: "2027-05-10T08:00" }) { key } }',
      { key: plan.key, o: second },
      ana.headers,
    );
    expect(await starts()).toEqual([
      '2027-05-03T07:00:00 Bring water',
      '2027-05-10T07:00:00 Bring water',
      '2027-05-17T07:00:00 Bring water',
    ]);
    // Half an hour later from the third one: every date moves half an hour, the first included.
    await t.gql(
      'mutation ($key: String!, $o: String) { updatePlan(key: $key, applyTo: ALL, occurrence: $o, plan: { start: "2027-05-17T07:30", end: "2027-05-17T08:30" }) { key } }',
      { key: plan.key, o: third },
      ana.headers,
    );
    expect(await starts()).toEqual([
      '2027-05-03T07:30:00 Bring water',
      '2027-05-10T07:30:00 Bring water',
      '2027-05-17T07:30:00 Bring water',
    ]);
  });

  it('deletes only one occurrence with ONLY_THIS', async () => {
    const plan = await weekly();
    const res = await t.gql(
      'mutation ($key: String!, $o: String) { deletePlan(key: $key, applyTo: ONLY_THIS, occurrence: $o) }',
      { key: plan.key, o: second },
      ana.headers,
    );
    expect(res.errors).toBeUndefined();
    const left = await t.gql<{ planOccurrences: Array<{ occurrence: string }> }>(
      OCCURRENCES,
      { key: plan.key, from: '2027-05-01T00:00:00Z', to: '2027-05-20T00:00:00Z' },
      ana.headers,
    );
    expect(left.data!.planOccurrences.map((o) => o.occurrence)).toEqual([first, third]);
    expect(errorOf(await read(ana, plan.key, { occurrence: second }))).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'occurrence',
    });
    await t.gql('mutation ($key: String!) { deletePlan(key: $key) }', { key: plan.key }, ana.headers);
    expect(errorOf(await read(ana, plan.key))).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('responses', () => {
  it('counts attending and interested, and samples the viewer’s friends first', async () => {
    const db = t.plaza.platform.store.db;
    await db.insert(follows).values([
      { userId: ana.userId, targetId: cai.userId, status: 'FOLLOWING' },
      { userId: cai.userId, targetId: ana.userId, status: 'FOLLOWING' },
    ]);
    const plan = await created(ben, { title: 'Picnic', isPublic: true });
    for (const [person, response] of [
      [ben, 'ATTENDING'],
      [cai, 'INTERESTED'],
      [ana, 'UNATTENDING'],
    ] as const)
      await t.gql(
        'mutation ($key: String!, $r: PlanResponse!) { respondToPlan(key: $key, response: $r) { key } }',
        { key: plan.key, r: response },
        person.headers,
      );
    const res = await t.gql<{
      plan: {
        attendingOrInterestedCount: number;
        attendingOrInterested: Array<{ id: number }>;
        pivot: { friendCount: number; friendSample: Array<{ id: number }> };
        authorization: { invitationStatus: string };
      };
    }>(
      `query ($key: String!) { plan(key: $key) { attendingOrInterestedCount attendingOrInterested { id }
         pivot { friendCount friendSample { id } } authorization { invitationStatus } } }`,
      { key: plan.key },
      ana.headers,
    );
    expect(res.data!.plan).toEqual({
      attendingOrInterestedCount: 2,
      attendingOrInterested: [{ id: cai.userId }, { id: ben.userId }],
      pivot: { friendCount: 1, friendSample: [{ id: cai.userId }] },
      authorization: { invitationStatus: 'notattending' },
    });
  });

  it('gives attendeesCount for a private plan in a group, and not for a public plan', async () => {
    const db = t.plaza.platform.store.db;
    const { group } = await buildGroup(db, ana.userId, [{ userId: ben.userId }, { userId: cai.userId }], {
      isPublic: true,
    });
    const { plan } = await buildPlan(
      db,
      ana.userId,
      [
        { userId: ben.userId, response: 'ATTENDING' },
        { userId: cai.userId, response: null, invited: true },
      ],
      { isPublic: false, groupId: group.id },
    );
    const counts = (await read(ben, plan.key)).data!.plan.attendeesCount;
    expect(counts).toEqual({ attending: 1, interested: 0, nextTime: 0, invited: 1, total: 2 });
    const open = await created(ana, { title: 'Open', isPublic: true });
    expect(open.attendeesCount).toBeNull();
  });

  it('lists attendees by response, INVITED for those without an answer', async () => {
    const db = t.plaza.platform.store.db;
    const { plan } = await buildPlan(db, ana.userId, [
      { userId: ben.userId, response: 'NEXT_TIME' },
      { userId: cai.userId, response: null, invited: true },
    ]);
    const res = await t.gql<{
      planAttendees: { attendees: Array<{ user: { id: number }; response: string | null }> };
    }>(
      'query ($key: String!) { planAttendees(key: $key, responses: [NEXT_TIME, INVITED]) { attendees { user { id } response } } }',
      { key: plan.key },
      ana.headers,
    );
    expect(res.data!.planAttendees.attendees).toEqual(
      expect.arrayContaining([
        { user: { id: ben.userId }, response: 'NEXT_TIME' },
        { user: { id: cai.userId }, response: null },
      ]),
    );
  });
});

describe('the list of attendees', () => {
  it('pages friends first, then by name, leaves out who blocked the viewer, and samples friends for the pivot', async () => {
    const db = t.plaza.platform.store.db;
    const people = [];
    // 33 people answered (names sort as their numbers), the viewer's two friends among the last.
    for (let n = 0; n < 33; n += 1) people.push(await buildUser(db, `P${String(n).padStart(2, '0')}`));
    const [friendA, friendB, blocker] = [people[31]!, people[32]!, people[5]!];
    const { plan } = await buildPlan(db, cai.userId, [
      ...people.map((p, n) => ({ userId: p.id, response: n % 11 === 0 ? 'INTERESTED' : 'ATTENDING' })),
      { userId: ben.userId, response: 'UNATTENDING' },
    ]);
    for (const friend of [friendA, friendB]) {
      await db.insert(follows).values([
        { userId: ana.userId, targetId: friend.id, status: 'FOLLOWING' },
        { userId: friend.id, targetId: ana.userId, status: 'FOLLOWING' },
      ]);
    }
    await db.insert(follows).values({ userId: blocker.id, targetId: ana.userId, status: 'BLOCKED' });
    type Page = { attendees: Array<{ user: { id: number }; response: string }>; nextMarker: string | null };
    const page = async (person: Person | null, marker: string | null) => {
      const res = await t.gql<{ planAttendees: Page }>(
        'query ($key: String!, $marker: String) { planAttendees(key: $key, marker: $marker) { attendees { user { id } response } nextMarker } }',
        { key: plan.key, marker },
        person?.headers,
      );
      expect(res.errors).toBeUndefined();
      return res.data!.planAttendees;
    };
    const first = await page(ana, null);
    const second = await page(ana, first.nextMarker);
    const seen = [...first.attendees, ...second.attendees].map((a) => a.user.id);
    const others = people.filter((p) => p !== friendA && p !== friendB && p !== blocker).map((p) => p.id);
    expect(first.attendees).toHaveLength(30);
    expect(first.nextMarker).toBe('30');
    expect(second.nextMarker).toBeNull();
    expect(seen).toEqual([friendA.id, friendB.id, ...others]);
    expect(first.attendees[2]).toEqual({ user: { id: people[0]!.id }, response: 'INTERESTED' });
    // A visitor: no friends, no blocks, by name alone.
    const visitor = [...(await page(null, null)).attendees, ...(await page(null, '30')).attendees];
    expect(visitor.map((a) => a.user.id)).toEqual(people.map((p) => p.id));
    // The plan seen by the viewer: how many friends go or are interested, and the first by name.
    const pivot = await t.gql<{
      plan: { pivot: { friendCount: number; friendSample: Array<{ id: number }> } };
    }>(
      'query ($key: String!) { plan(key: $key) { pivot { friendCount friendSample { id } } } }',
      { key: plan.key },
      ana.headers,
    );
    expect(pivot.data!.plan.pivot).toEqual({
      friendCount: 2,
      friendSample: [{ id: friendA.id }, { id: friendB.id }],
    });
    const declined = await t.gql<{ planAttendees: Page }>(
      'query ($key: String!) { planAttendees(key: $key, responses: [UNATTENDING, UNATTENDING]) { attendees { user { id } response } nextMarker } }',
      { key: plan.key },
      ana.headers,
    );
    expect(declined.data!.planAttendees).toEqual({
      attendees: [{ user: { id: ben.userId }, response: 'UNATTENDING' }],
      nextMarker: null,
    });
  });
});

describe('invitations and sharing', () => {
  it('lets an invited person see a private plan, and mails an address the invite link', async () => {
    const plan = await created(ana, { title: 'Birthday' });
    expect((await read(ben, plan.key)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const res = await t.gql<{ inviteToPlan: { invitedUsers: number; invitedContacts: number } }>(
      `mutation ($key: String!, $id: ID) {
         inviteToPlan(key: $key, invitees: [{ id: $id }, { id: 999, email: "newcomer@example.org" }]) { invitedUsers invitedContacts } }`,
      { key: plan.key, id: ben.userId },
      ana.headers,
    );
    expect(res.data!.inviteToPlan).toEqual({ invitedUsers: 1, invitedContacts: 1 });
    const seen = (await read(ben, plan.key)).data!.plan;
    expect(seen.authorization).toMatchObject({
      invited: true,
      invitationStatus: 'invited',
      viewerRoles: ['invited'],
    });
    const mail = await lastMessageTo(t.dataDir, 'newcomer@example.org');
    const inviteKey = new URL(plan.shareUrl as string).searchParams.get('invite_key');
    expect(inviteKey).toBeTruthy();
    expect(mail.text).toContain(`invite_key=${inviteKey}`);
  });

  it('puts invite_key in the share link only for those who may share, and passes k through', async () => {
    const db = t.plaza.platform.store.db;
    const { plan } = await buildPlan(db, ana.userId, [{ userId: ben.userId, response: 'ATTENDING' }], {
      isPublic: true,
      shareMask: 64,
    });
    const bens = await t.gql<{
      plan: { shareUrl: string; permissions: { openInvites: boolean; share: boolean } };
    }>(
      'query ($key: String!) { plan(key: $key) { shareUrl(k: "abc") permissions { openInvites share } } }',
      { key: plan.key },
      ben.headers,
    );
    expect(bens.data!.plan).toEqual({
      shareUrl: `http://plaza.test/picnic/${plan.key}?k=abc`,
      permissions: { openInvites: false, share: false },
    });
    const anas = await t.gql<{ plan: { shareUrl: string } }>(
      'query ($key: String!) { plan(key: $key) { shareUrl } }',
      { key: plan.key },
      ana.headers,
    );
    expect(anas.data!.plan.shareUrl).toBe(
      `http://plaza.test/picnic/${plan.key}?invite_key=${plan.inviteKey}`,
    );
  });

  it('makes whoever answers through the invite link invited', async () => {
    const plan = await created(ana, { title: 'Dinner' });
    const inviteKey = new URL(plan.shareUrl as string).searchParams.get('invite_key');
    await t.gql(
      'mutation ($key: String!, $ik: String) { respondToPlan(key: $key, inviteKey: $ik, response: ATTENDING) { key } }',
      { key: plan.key, ik: inviteKey },
      cai.headers,
    );
    const seen = (await read(cai, plan.key)).data!.plan;
    expect(seen.authorization).toMatchObject({
      invited: true,
      attending: true,
      viewerRoles: ['invited', 'attending'],
    });
  });
});

describe('privacy', () => {
  it('hides a plan from someone a block separates from its creator, also in group plan lists', async () => {
    const [fay, eve] = [await newPerson(t, 'Fay'), await newPerson(t, 'Eve')];
    const db = t.plaza.platform.store.db;
    const { group } = await buildGroup(db, fay.userId, [], { isPublic: true });
    const plan = await created(fay, { title: 'Open air', isPublic: true, groupId: group.id });
    const list = 'query ($id: ID!) { groupPlans(id: $id) { key } }';
    expect((await read(eve, plan.key)).errors).toBeUndefined();
    expect((await t.gql(list, { id: group.id }, eve.headers)).data).toEqual({
      groupPlans: [{ key: plan.key }],
    });
    await db.insert(follows).values({ userId: eve.userId, targetId: fay.userId, status: 'BLOCKED' });
    expect(errorOf(await read(eve, plan.key))).toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.gql(list, { id: group.id }, eve.headers)).data).toEqual({ groupPlans: [] });
  });

  it('lets someone invited by e-mail see the plan once they sign in with that address', async () => {
    const plan = await created(ana, { title: 'Housewarming' });
    await t.gql(
      'mutation ($key: String!) { inviteToPlan(key: $key, invitees: [{ email: "gus@example.org" }]) { invitedContacts } }',
      { key: plan.key },
      ana.headers,
    );
    const gus = await signInWithEmail(t, 'gus@example.org');
    const seen = await t.gql<{ plan: { authorization: { invited: boolean } } }>(
      'query ($key: String!) { plan(key: $key) { authorization { invited } } }',
      { key: plan.key },
      gus.headers,
    );
    expect(seen.data).toEqual({ plan: { authorization: { invited: true } } });
  });
});

describe('plans inside a group', () => {
  it('needs the group’s createPlan mask', async () => {
    const db = t.plaza.platform.store.db;
    const { group } = await buildGroup(db, ana.userId, [{ userId: ben.userId }], { isPublic: true });
    const byMember = await create(ben, { title: 'Group hike', groupId: group.id });
    expect(byMember.errors).toBeUndefined();
    const byStranger = await create(cai, { title: 'Group hike', groupId: group.id });
    expect(byStranger.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const plans = await t.gql<{ groupPlans: Array<{ key: string }> }>(
      'query ($id: ID!) { groupPlans(id: $id) { key } }',
      { id: group.id },
      ben.headers,
    );
    expect(plans.data!.groupPlans).toEqual([{ key: byMember.data!.createPlan.key }]);
  });
});
