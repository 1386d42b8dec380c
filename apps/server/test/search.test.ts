import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_USER_ID } from '@plaza/core/constants';
import type { Database } from '../src/db/client.ts';
import { follows, groups, planResponses, plans, users } from '../src/db/schema/index.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { buildGroup, buildPlan } from './support/factories.ts';
import { newPerson, type Person } from './support/people.ts';

let t: TestPlaza;
let db: () => Database;
beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
  db = () => t.plaza.platform.store.db;
});
afterAll(() => t.close());

interface Results {
  groups: Array<{ id: number; title: string }>;
  plans: Array<{ id: number; title: string; startsAt: string }>;
  people: Array<{ id: number; username: string }>;
  nextMarker: string | null;
}

async function search(
  person: Person | null,
  text: string,
  extra: {
    context?: string;
    near?: { latitude: number; longitude: number };
    marker?: string;
    limit?: number;
  } = {},
) {
  return t.gql<{ search: Results }>(
    `query ($text: String!, $context: SearchContext, $near: CoordinatesInput, $marker: String, $limit: Int) {
      search(text: $text, context: $context, near: $near, marker: $marker, limit: $limit) {
        groups { id title memberCount } plans { id title startsAt location city } people { id username first }
        nextMarker
      }
    }`,
    { text, ...extra },
    person?.headers ?? {},
  );
}

async function found(person: Person | null, text: string, extra: Parameters<typeof search>[2] = {}) {
  const res = await search(person, text, extra);
  expect(res.errors).toBeUndefined();
  return res.data!.search;
}

const planIds = (r: Results) => r.plans.map((p) => p.id);
const groupIds = (r: Results) => r.groups.map((g) => g.id);
const peopleIds = (r: Results) => r.people.map((p) => p.id);

async function plan(
  creator: Person,
  title: string,
  options: Parameters<typeof buildPlan>[3] = {},
  responses: Parameters<typeof buildPlan>[2] = [],
) {
  const { plan: row } = await buildPlan(db(), creator.userId, responses, options);
  await db().update(plans).set({ title }).where(eq(plans.id, row.id));
  return row.id;
}

async function group(creator: Person, title: string, isPublic = true) {
  const { group: row } = await buildGroup(db(), creator.userId, [], { isPublic });
  await db().update(groups).set({ title }).where(eq(groups.id, row.id));
  return row.id;
}

async function befriend(a: Person, b: Person) {
  await db().execute(sql`INSERT INTO follows (user_id, target_id, status) VALUES
    (${a.userId}, ${b.userId}, 'FOLLOWING'), (${b.userId}, ${a.userId}, 'FOLLOWING')`);
}

describe('search', () => {
  it('finds a public plan by a misspelling and by its first letters', async () => {
    const ana = await newPerson(t, 'Ana');
    const ben = await newPerson(t, 'Ben');
    const id = await plan(ana, 'Picnic by the river');
    for (const text of ['picnik', 'pic', 'Picnic', '  river  ']) {
      expect(planIds(await found(ben, text, { context: 'EVENTS' }))).toContain(id);
    }
    expect(planIds(await found(ben, 'volleyball', { context: 'EVENTS' }))).not.toContain(id);
  });

  it('finds by description, hashtags and city; leaves out plans that have ended', async () => {
    const ana = await newPerson(t, 'Ana');
    const id = await plan(ana, 'Evening out');
    await db()
      .update(plans)
      .set({ description: 'Bring marshmallows', hashtags: ['campfire'], city: 'Tromsø' })
      .where(eq(plans.id, id));
    const ended = await plan(ana, 'Evening out too', { startsAt: new Date(Date.now() - 3 * 86_400_000) });
    await db().update(plans).set({ description: 'Bring marshmallows' }).where(eq(plans.id, ended));
    expect(planIds(await found(null, 'marshmallows'))).toEqual([id]);
    expect(planIds(await found(null, 'campfire'))).toEqual([id]);
    expect(planIds(await found(null, 'tromsø'))).toEqual([id]);
  });

  it('shows a repeating series once, at its next occurrence, as explore does', async () => {
    const ana = await newPerson(t, 'Ana');
    const ben = await newPerson(t, 'Ben');
    const { plan: series } = await buildPlan(db(), ana.userId, [], {
      startsAt: new Date(Date.now() - 15 * 86_400_000),
      recurrence: { frequency: 'WEEKLY' },
    });
    await db()
      .update(plans)
      .set({ title: 'Quoll parade', viewMask: 1 | 64 })
      .where(eq(plans.id, series.id));
    for (const person of [null, ben]) {
      const shown = (await found(person, 'quoll parade', { context: 'EVENTS' })).plans;
      expect(shown.map((card) => card.id)).toEqual([series.id]);
      const start = new Date(shown[0]!.startsAt).getTime();
      expect(start).toBeGreaterThan(Date.now() - 3_600_000);
      expect(start).toBeLessThan(Date.now() + 7 * 86_400_000);
    }
  });

  it('never shows a private plan to a stranger, but does to someone invited', async () => {
    const ana = await newPerson(t, 'Ana');
    const cai = await newPerson(t, 'Cai');
    const dee = await newPerson(t, 'Dee');
    const open = await plan(ana, 'Quokka watching');
    const hidden = await plan(ana, 'Quokka watching', { isPublic: false }, [
      { userId: dee.userId, response: null, invited: true },
    ]);
    const stranger = planIds(await found(cai, 'quokka'));
    expect(stranger).toContain(open);
    expect(stranger).not.toContain(hidden);
    expect(planIds(await found(null, 'quoka'))).not.toContain(hidden);
    expect(planIds(await found(dee, 'quokka'))).toEqual(expect.arrayContaining([open, hidden]));
    expect(planIds(await found(ana, 'quokka'))).toEqual(expect.arrayContaining([open, hidden]));
  });

  it('hides plans with explore DISABLED or BLOCKED, and plans of someone a block separates', async () => {
    const ana = await newPerson(t, 'Ana');
    const ben = await newPerson(t, 'Ben');
    const eli = await newPerson(t, 'Eli');
    const disabled = await plan(ana, 'Axolotl meetup');
    const blocked = await plan(ana, 'Axolotl meetup');
    await db().update(plans).set({ exploreStatus: 'DISABLED' }).where(eq(plans.id, disabled));
    await db().update(plans).set({ exploreStatus: 'BLOCKED' }).where(eq(plans.id, blocked));
    const byEli = await plan(eli, 'Axolotl meetup');
    await db().insert(follows).values({ userId: eli.userId, targetId: ben.userId, status: 'BLOCKED' });
    expect(planIds(await found(ben, 'axolotl'))).toEqual([]);
    expect(planIds(await found(null, 'axolotl'))).toEqual([byEli]);
    // The creator still finds their own plans that explore leaves out.
    expect(planIds(await found(ana, 'axolotl'))).toEqual(expect.arrayContaining([disabled, blocked, byEli]));
  });

  it('shows public groups open to explore only', async () => {
    const ana = await newPerson(t, 'Ana');
    const ben = await newPerson(t, 'Ben');
    const open = await group(ana, 'Narwhal club');
    await group(ana, 'Narwhal club', false); // private: not even its owner finds it in search
    const disabled = await group(ana, 'Narwhal club');
    const blocked = await group(ana, 'Narwhal club');
    await db().update(groups).set({ exploreStatus: 'DISABLED' }).where(eq(groups.id, disabled));
    await db().update(groups).set({ exploreStatus: 'BLOCKED' }).where(eq(groups.id, blocked));
    expect(groupIds(await found(ben, 'narwhal'))).toEqual([open]);
    expect(groupIds(await found(null, 'narwal'))).toEqual([open]);
    expect(groupIds(await found(ana, 'narw', { context: 'GROUPS' }))).toEqual([open]);
    await db().insert(follows).values({ userId: ana.userId, targetId: ben.userId, status: 'BLOCKED' });
    expect(groupIds(await found(ben, 'narwhal'))).toEqual([]);
  });

  it('finds people by name and username; private profiles only by their friends; blocks hide both ways', async () => {
    const ana = await newPerson(t, 'Zephyrine');
    const priv = await newPerson(t, 'Zephyrina', { isPublic: false });
    const ben = await newPerson(t, 'Ben');
    const cai = await newPerson(t, 'Cai');
    const friend = await newPerson(t, 'Fay');
    await befriend(friend, priv);
    expect(peopleIds(await found(ben, 'zephyr', { context: 'PEOPLE' }))).toEqual([ana.userId]);
    expect(peopleIds(await found(null, 'zefyrine'))).toEqual([ana.userId]);
    expect(peopleIds(await found(ben, ana.username))).toEqual([ana.userId]);
    expect(peopleIds(await found(friend, 'zephyr')).sort()).toEqual([ana.userId, priv.userId].sort());
    // A block hides the people from each other, whoever blocked.
    await db().insert(follows).values({ userId: ana.userId, targetId: ben.userId, status: 'BLOCKED' });
    await db().insert(follows).values({ userId: cai.userId, targetId: ana.userId, status: 'BLOCKED' });
    expect(peopleIds(await found(ben, 'zephyrine'))).toEqual([]);
    expect(peopleIds(await found(cai, 'zephyrine'))).toEqual([]);
    expect(peopleIds(await found(ana, 'ben', { context: 'PEOPLE' }))).not.toContain(ben.userId);
  });

  it('never finds people still onboarding, the bot or the deleted-user placeholder', async () => {
    const ben = await newPerson(t, 'Ben');
    const [bot] = await db().select().from(users).where(eq(users.id, BOT_USER_ID));
    const [deleted] = await db().select().from(users).where(eq(users.key, 'deleteduser'));
    const [newcomer] = await db()
      .insert(users)
      .values({ key: 'onboarding1', username: 'wanderlustwill', first: 'Wanderlust' })
      .returning();
    expect(peopleIds(await found(ben, 'wanderlust'))).not.toContain(newcomer!.id);
    if (bot) expect(peopleIds(await found(ben, bot.username))).not.toContain(bot.id);
    if (bot?.first) expect(peopleIds(await found(ben, bot.first))).not.toContain(bot.id);
    if (deleted) expect(peopleIds(await found(ben, deleted.username))).not.toContain(deleted.id);
  });

  it('keeps to the asked context', async () => {
    const ana = await newPerson(t, 'Platypus');
    const p = await plan(ana, 'Platypus tour');
    const g = await group(ana, 'Platypus friends');
    const all = await found(null, 'platypus');
    expect([planIds(all), groupIds(all), peopleIds(all)]).toEqual([[p], [g], [ana.userId]]);
    const events = await found(null, 'platypus', { context: 'EVENTS' });
    expect([planIds(events), groupIds(events), peopleIds(events)]).toEqual([[p], [], []]);
    const onlyGroups = await found(null, 'platypus', { context: 'GROUPS' });
    expect([planIds(onlyGroups), groupIds(onlyGroups), peopleIds(onlyGroups)]).toEqual([[], [g], []]);
    const people = await found(null, 'platypus', { context: 'PEOPLE' });
    expect([planIds(people), groupIds(people), peopleIds(people)]).toEqual([[], [], [ana.userId]]);
  });

  it('puts nearer plans and groups first when near is given, and pages with nextMarker', async () => {
    const ana = await newPerson(t, 'Ana');
    const far = await plan(ana, 'Pelican swim');
    const near = await plan(ana, 'Pelican swim');
    const nowhere = await plan(ana, 'Pelican swim');
    await db().update(plans).set({ latitude: 48_856_600, longitude: 2_352_200 }).where(eq(plans.id, far)); // Paris
    await db().update(plans).set({ latitude: 52_520_000, longitude: 13_405_000 }).where(eq(plans.id, near)); // Berlin
    const farGroup = await group(ana, 'Pelican swimmers');
    const nearGroup = await group(ana, 'Pelican swimmers');
    await db()
      .update(groups)
      .set({ latitude: 48_856_600, longitude: 2_352_200 })
      .where(eq(groups.id, farGroup));
    await db()
      .update(groups)
      .set({ latitude: 52_520_000, longitude: 13_405_000 })
      .where(eq(groups.id, nearGroup));
    const potsdam = { latitude: 52.39, longitude: 13.06 };
    expect(planIds(await found(null, 'pelican swim', { context: 'EVENTS', near: potsdam }))).toEqual([
      near,
      far,
      nowhere,
    ]);
    const paris = { latitude: 48.85, longitude: 2.35 };
    expect(planIds(await found(null, 'pelican swim', { context: 'EVENTS', near: paris }))).toEqual([
      far,
      near,
      nowhere,
    ]);
    expect(groupIds(await found(null, 'pelican swimmers', { context: 'GROUPS', near: potsdam }))).toEqual([
      nearGroup,
      farGroup,
    ]);
    const first = await found(null, 'pelican swim', { context: 'EVENTS', near: potsdam, limit: 2 });
    expect(planIds(first)).toEqual([near, far]);
    expect(first.nextMarker).toEqual(expect.any(String));
    const second = await found(null, 'pelican swim', {
      context: 'EVENTS',
      near: potsdam,
      limit: 2,
      marker: first.nextMarker!,
    });
    expect(planIds(second)).toEqual([nowhere]);
    expect(second.nextMarker).toBeNull();
  });

  it('ranks plans that friends go to first among equal matches', async () => {
    const ana = await newPerson(t, 'Ana');
    const ben = await newPerson(t, 'Ben');
    const fay = await newPerson(t, 'Fay');
    await befriend(ben, fay);
    const lonely = await plan(ana, 'Ibis walk');
    const withFriend = await plan(ana, 'Ibis walk', {}, [{ userId: fay.userId, response: 'ATTENDING' }]);
    expect(planIds(await found(ben, 'ibis walk'))).toEqual([withFriend, lonely]);
  });

  it('ranks groups by how many friends are inside and people by how many friends they share, among equal matches', async () => {
    const ben = await newPerson(t, 'Ben');
    const fay = await newPerson(t, 'Fay');
    const gil = await newPerson(t, 'Gil');
    await befriend(ben, fay);
    await befriend(ben, gil);
    const strangers = [await newPerson(t, 'Hal'), await newPerson(t, 'Ivo'), await newPerson(t, 'Jo')];
    const titled = async (creator: Person, members: Person[]) => {
      const { group: row } = await buildGroup(
        db(),
        creator.userId,
        members.map((member) => ({ userId: member.userId })),
        { isPublic: true },
      );
      await db().update(groups).set({ title: 'Puffinry' }).where(eq(groups.id, row.id));
      return row.id;
    };
    // Four members and no friend of Ben's; one member, a friend; two members, both friends.
    const biggest = await titled(strangers[0]!, strangers.slice(1));
    const oneFriend = await titled(fay, []);
    const twoFriends = await titled(fay, [gil]);
    expect(groupIds(await found(null, 'puffinry'))).toEqual([biggest, twoFriends, oneFriend]);
    // People: no friend in common, one (Fay), two (Fay and Gil); then Ben's own friends first, a
    // private one sharing a friend with him before a public one sharing none.
    const none = await newPerson(t, 'Quokkaby');
    const one = await newPerson(t, 'Quokkaby');
    const two = await newPerson(t, 'Quokkaby');
    const friendSharing = await newPerson(t, 'Quokkaby', { isPublic: false });
    const friendAlone = await newPerson(t, 'Quokkaby');
    await befriend(one, fay);
    await befriend(two, fay);
    await befriend(two, gil);
    await befriend(friendSharing, gil);
    await befriend(ben, friendSharing);
    await befriend(ben, friendAlone);
    expect(peopleIds(await found(null, 'quokkaby'))).toEqual([
      none.userId,
      one.userId,
      two.userId,
      friendAlone.userId,
    ]);
    const forBen = await found(ben, 'quokkaby');
    expect(groupIds(forBen)).toEqual([]);
    expect(peopleIds(forBen)).toEqual([
      friendSharing.userId,
      friendAlone.userId,
      two.userId,
      one.userId,
      none.userId,
    ]);
    expect(groupIds(await found(ben, 'puffinry'))).toEqual([twoFriends, oneFriend, biggest]);
  });

  it('shows nothing private in any context: private, DISABLED and BLOCKED plans and groups, private profiles, blocks either way', async () => {
    const host = await newPerson(t, 'Wombatus');
    const other = await newPerson(t, 'Wombatrix');
    const hidden = await newPerson(t, 'Wombatella', { isPublic: false });
    const stranger = await newPerson(t, 'Ben');
    const blocker = await newPerson(t, 'Cai');
    const blocked = await newPerson(t, 'Dee');
    const open = await plan(host, 'Wombat walk');
    const privatePlan = await plan(host, 'Wombat walk', { isPublic: false });
    const disabled = await plan(host, 'Wombat walk');
    const moderated = await plan(host, 'Wombat walk');
    await db().update(plans).set({ exploreStatus: 'DISABLED' }).where(eq(plans.id, disabled));
    await db().update(plans).set({ exploreStatus: 'BLOCKED' }).where(eq(plans.id, moderated));
    const openGroup = await group(host, 'Wombat society');
    await group(host, 'Wombat society', false);
    const disabledGroup = await group(host, 'Wombat society');
    const moderatedGroup = await group(host, 'Wombat society');
    await db().update(groups).set({ exploreStatus: 'DISABLED' }).where(eq(groups.id, disabledGroup));
    await db().update(groups).set({ exploreStatus: 'BLOCKED' }).where(eq(groups.id, moderatedGroup));
    await db()
      .insert(follows)
      .values([
        { userId: blocker.userId, targetId: host.userId, status: 'BLOCKED' },
        { userId: host.userId, targetId: blocked.userId, status: 'BLOCKED' },
      ]);
    const everyone = { plans: [open], groups: [openGroup], people: [host.userId, other.userId] };
    const expectations: Array<[Person | null, typeof everyone]> = [
      [null, everyone],
      [stranger, everyone],
      [blocker, { plans: [], groups: [], people: [other.userId] }],
      [blocked, { plans: [], groups: [], people: [other.userId] }],
      // Their creator finds their own plans (explore or not), never a private group, not themselves.
      [
        host,
        { plans: [open, privatePlan, disabled, moderated], groups: [openGroup], people: [other.userId] },
      ],
    ];
    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
    for (const [viewer, expected] of expectations) {
      for (const context of ['ALL', 'EVENTS', 'GROUPS', 'PEOPLE']) {
        const r = await found(viewer, 'wombat', { context });
        const shows = (which: string) => context === 'ALL' || context === which;
        expect(sorted(planIds(r))).toEqual(shows('EVENTS') ? sorted(expected.plans) : []);
        expect(sorted(groupIds(r))).toEqual(shows('GROUPS') ? sorted(expected.groups) : []);
        expect(sorted(peopleIds(r))).toEqual(shows('PEOPLE') ? sorted(expected.people) : []);
      }
    }
    expect(peopleIds(await found(stranger, 'wombatella'))).not.toContain(hidden.userId);
  });

  it('leaves out groups and people a moderator hid or suspended', async () => {
    const ana = await newPerson(t, 'Kinkajou');
    const hiddenPerson = await newPerson(t, 'Kinkajoubis');
    const suspended = await newPerson(t, 'Kinkajoutre');
    const ben = await newPerson(t, 'Ben');
    const shown = await group(ana, 'Kinkajou keepers');
    const hiddenGroup = await group(ana, 'Kinkajou keepers');
    await db().update(groups).set({ hiddenAt: new Date() }).where(eq(groups.id, hiddenGroup));
    await db().update(users).set({ hiddenAt: new Date() }).where(eq(users.id, hiddenPerson.userId));
    await db().update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.userId));
    for (const viewer of [null, ben]) {
      const r = await found(viewer, 'kinkajou');
      expect(groupIds(r)).toEqual([shown]);
      expect(peopleIds(r)).toEqual([ana.userId]);
    }
  });

  it("never carries one viewer's results to another, whoever searched first", async () => {
    const quetzalia = await newPerson(t, 'Quetzalia', { isPublic: false });
    const fay = await newPerson(t, 'Fay');
    const dee = await newPerson(t, 'Dee');
    const ben = await newPerson(t, 'Ben');
    await befriend(fay, quetzalia);
    const open = await plan(quetzalia, 'Quetzal dawn');
    const invited = await plan(quetzalia, 'Quetzal dawn', { isPublic: false }, [
      { userId: dee.userId, response: null, invited: true },
    ]);
    for (let round = 0; round < 2; round++) {
      const byFriend = await found(fay, 'quetzal');
      expect(peopleIds(byFriend)).toEqual([quetzalia.userId]);
      expect(planIds(byFriend)).toEqual([open]);
      const byInvited = await found(dee, 'quetzal');
      expect(peopleIds(byInvited)).toEqual([]);
      expect(planIds(byInvited).sort()).toEqual([open, invited].sort());
      for (const stranger of [ben, null]) {
        const r = await found(stranger, 'quetzal');
        expect([planIds(r), peopleIds(r)]).toEqual([[open], []]);
      }
    }
    // No longer friends: the private profile is gone at once, though fay searched a moment ago.
    await db()
      .delete(follows)
      .where(sql`${follows.userId} = ${fay.userId} AND ${follows.targetId} = ${quetzalia.userId}`);
    expect(peopleIds(await found(fay, 'quetzal'))).toEqual([]);
  });

  it('finds what was made or renamed after the same words were searched', async () => {
    const ana = await newPerson(t, 'Ana');
    const ben = await newPerson(t, 'Ben');
    expect(await found(ben, 'kakapo')).toMatchObject({ plans: [], groups: [], people: [] });
    expect(await found(null, 'kakapo')).toMatchObject({ plans: [], groups: [], people: [] });
    const p = await plan(ana, 'Kakapo count');
    const g = await group(ana, 'Kakapo keepers');
    const renamed = await newPerson(t, 'Ana');
    await db()
      .update(users)
      .set({ first: 'Kakapo', updatedAt: new Date() })
      .where(eq(users.id, renamed.userId));
    for (const viewer of [ben, null]) {
      const r = await found(viewer, 'kakapo');
      expect([planIds(r), groupIds(r), peopleIds(r)]).toEqual([[p], [g], [renamed.userId]]);
    }
  });

  it('ranks what matches the words as typed above what only a near word matches', async () => {
    const ana = await newPerson(t, 'Ana');
    const typed = await plan(ana, 'Ocelat parade');
    const near = await plan(ana, 'Ocelot parade');
    expect(planIds(await found(null, 'ocelat', { context: 'EVENTS' }))).toEqual([typed, near]);
    expect(planIds(await found(null, 'ocelot', { context: 'EVENTS' }))).toEqual([near, typed]);
    const first = await found(null, 'ocelat', { context: 'EVENTS', limit: 1 });
    expect(planIds(first)).toEqual([typed]);
    const second = await found(null, 'ocelat', { context: 'EVENTS', limit: 1, marker: first.nextMarker! });
    expect(planIds(second)).toEqual([near]);
  });

  it('puts a plan a friend goes to first even when dozens of equal matches rank before it for others', async () => {
    const ana = await newPerson(t, 'Ana');
    const ben = await newPerson(t, 'Ben');
    const fay = await newPerson(t, 'Fay');
    await befriend(ben, fay);
    const equal: number[] = [];
    for (let index = 0; index < 45; index++) equal.push(await plan(ana, 'Heron hike'));
    const last = equal.at(-1)!;
    await db().insert(planResponses).values({ planId: last, userId: fay.userId, response: 'ATTENDING' });
    expect(planIds(await found(null, 'heron', { context: 'EVENTS', limit: 50 }))).toEqual(equal);
    expect(planIds(await found(ben, 'heron', { context: 'EVENTS', limit: 3 }))).toEqual([
      last,
      ...equal.slice(0, 2),
    ]);
  });

  it('answers an empty or blank query with "A query must be provided."', async () => {
    for (const text of ['', '   ']) {
      const res = await search(null, text);
      expect(res.errors?.[0]?.message).toBe('A query must be provided.');
      expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
  });
});
