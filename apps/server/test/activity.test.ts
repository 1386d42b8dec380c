import { sql } from 'drizzle-orm';
import { ACTIVITY_UNREAD_COUNT_MAX } from '@plaza/core/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordActivity, type ActivityInput } from '../src/domains/activity/record-activity.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { buildPlan } from './support/factories.ts';
import { newPerson, type Person } from './support/people.ts';
import { codeOf, subscribeOver } from './support/chats.ts';

let t: TestPlaza;
let ana: Person;
let ben: Person;
let cai: Person;

beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
  ana = await newPerson(t, 'Ana');
  ben = await newPerson(t, 'Ben');
  cai = await newPerson(t, 'Cai');
});
afterAll(() => t.close());

const FEED = `query ($since: Int, $marker: String, $limit: Int) {
  myActivities(since: $since, marker: $marker, limit: $limit) {
    lastChecked unreadCount nextMarker
    activities { id type action to href message timeAgo highlighted model { typename id }
      creator { id username fullName } receiver { id } suggestion { kind title options } }
  }
}`;

interface FeedOut {
  lastChecked: string | null;
  unreadCount: number;
  nextMarker: string | null;
  activities: Array<{
    id: number;
    type: string;
    message: string;
    href: string;
    highlighted: boolean;
    timeAgo: string;
    model: { typename: string; id: number };
    creator: { id: number; username: string; fullName: string } | null;
    receiver: { id: number };
    suggestion: { kind: string; title: string; options: string[] | null } | null;
  }>;
}

async function feed(person: Person, variables: Record<string, unknown> = {}): Promise<FeedOut> {
  const res = await t.gql<{ myActivities: FeedOut }>(FEED, variables, person.headers);
  expect(res.errors).toBeUndefined();
  return res.data!.myActivities;
}

function friendRequest(from: Person, to: Person, extra: Partial<ActivityInput> = {}): ActivityInput {
  return {
    receiverId: to.userId,
    creatorId: from.userId,
    type: 'FRIEND_REQUEST',
    action: 'requested',
    model: { type: 'User', id: from.userId },
    to: from.username,
    href: '/profile/friends',
    message: `${from.username} wants to be your friend`,
    ...extra,
  };
}

describe('start-up', () => {
  it('has made the Web Push (VAPID) keys before anyone asks for them', async () => {
    const found = await t.plaza.platform.store.db.execute(
      sql`SELECT value FROM server_secrets WHERE name = 'vapid'`,
    );
    expect(found.rows).toHaveLength(1);
  });
});

describe('the activity feed', () => {
  it('lists a person’s activities newest first, highlighted until cleared, and pages with a marker', async () => {
    const p = t.plaza.platform;
    await recordActivity(p, friendRequest(ben, ana), new Date(Date.now() - 3 * 3600_000));
    await recordActivity(p, friendRequest(cai, ana), new Date(Date.now() - 60_000));
    await recordActivity(p, {
      ...friendRequest(ben, ana),
      type: 'SUGGESTION',
      creatorId: null,
      model: { type: 'Message', id: 1 },
      message: 'Vote in “Where?”',
      suggestion: { kind: 'POLL', title: 'Where?', options: ['Park', 'Beach'] },
    });
    const first = await feed(ana, { limit: 2 });
    expect(first.unreadCount).toBe(3);
    expect(first.lastChecked).toBeNull();
    expect(first.activities.map((a) => a.type)).toEqual(['SUGGESTION', 'FRIEND_REQUEST']);
    expect(first.activities[0]!.suggestion).toEqual({
      kind: 'POLL',
      title: 'Where?',
      options: ['Park', 'Beach'],
    });
    expect(first.activities[0]!.creator).toBeNull();
    expect(first.activities[1]!.creator?.username).toBe(cai.username);
    expect(first.activities[1]!.timeAgo).toBe('1m');
    expect(first.activities.every((a) => a.highlighted && a.receiver.id === ana.userId)).toBe(true);
    expect(first.nextMarker).toMatch(/^\d+:\d+$/);
    const second = await feed(ana, { limit: 2, marker: first.nextMarker });
    expect(second.activities.map((a) => a.creator?.username)).toEqual([ben.username]);
    expect(second.activities[0]!.timeAgo).toBe('3h');
    expect(second.nextMarker).toBeNull();
    // since: only the last two hours
    const recent = await feed(ana, { since: Math.floor((Date.now() - 2 * 3600_000) / 1000) });
    expect(recent.activities).toHaveLength(2);
    // Ben sees none of Ana's
    expect((await feed(ben)).activities).toHaveLength(0);
  });

  it('clears one kind, then all, setting lastChecked; marks one read', async () => {
    const before = await feed(ana);
    expect(before.unreadCount).toBe(3);
    const left = await t.gql<{ clearNotifications: number }>(
      'mutation { clearNotifications(type: SUGGESTION) }',
      {},
      ana.headers,
    );
    expect(left.data?.clearNotifications).toBe(2);
    const afterOne = await feed(ana);
    expect(afterOne.activities.find((a) => a.type === 'SUGGESTION')?.highlighted).toBe(false);
    expect(afterOne.lastChecked).toBeNull();
    const target = afterOne.activities.find((a) => a.type === 'FRIEND_REQUEST')!;
    const read = await t.gql<{ markActivityRead: number }>(
      `mutation { markActivityRead(id: ${target.id}) }`,
      {},
      ana.headers,
    );
    expect(read.data?.markActivityRead).toBe(1);
    // Someone else's activity: not found, and it stays unread
    const other = await t.gql(`mutation { markActivityRead(id: ${target.id}) }`, {}, ben.headers);
    expect(codeOf(other)).toBe('NOT_FOUND');
    await t.gql('mutation { clearNotifications(type: ALL) }', {}, ana.headers);
    const after = await feed(ana);
    expect(after.unreadCount).toBe(0);
    expect(after.activities.every((a) => !a.highlighted)).toBe(true);
    expect(Date.now() - Date.parse(after.lastChecked!)).toBeLessThan(60_000);
  });

  it('counts unread activities up to ACTIVITY_UNREAD_COUNT_MAX, the badge’s 99+, however many there are', async () => {
    const dee = await newPerson(t, 'Dee');
    const p = t.plaza.platform;
    for (let index = 0; index < ACTIVITY_UNREAD_COUNT_MAX + 5; index++)
      await recordActivity(p, { ...friendRequest(ben, dee), message: `request ${index}` });
    const found = await t.plaza.platform.store.db.execute(
      sql`SELECT count(*) AS n FROM activities WHERE receiver_id = ${dee.userId} AND read_at IS NULL`,
    );
    expect(Number((found.rows[0] as { n: number | string }).n)).toBe(ACTIVITY_UNREAD_COUNT_MAX + 5);
    expect((await feed(dee, { limit: 1 })).unreadCount).toBe(ACTIVITY_UNREAD_COUNT_MAX);
    // Six read: 99 left, under the cap, counted exactly.
    const newest = await feed(dee, { limit: 6 });
    for (const activity of newest.activities) {
      const read = await t.gql<{ markActivityRead: number }>(
        `mutation { markActivityRead(id: ${activity.id}) }`,
        {},
        dee.headers,
      );
      expect(read.errors).toBeUndefined();
    }
    expect((await feed(dee, { limit: 1 })).unreadCount).toBe(ACTIVITY_UNREAD_COUNT_MAX - 1);
    const cleared = await t.gql<{ clearNotifications: number }>(
      'mutation { clearNotifications(type: ALL) }',
      {},
      dee.headers,
    );
    expect(cleared.data?.clearNotifications).toBe(0);
  });

  it('folds repeats with a collapse key into one row, moved up and unread again', async () => {
    const p = t.plaza.platform;
    const vote = (from: Person, n: number): ActivityInput => ({
      receiverId: cai.userId,
      creatorId: from.userId,
      type: 'POLL_RESULT',
      action: 'voted',
      model: { type: 'Message', id: 99 },
      href: '/chat/g/x',
      message: `${n} people voted in your poll`,
      collapseKey: 'poll:99',
    });
    await recordActivity(p, vote(ana, 1));
    await t.gql('mutation { clearNotifications(type: ALL) }', {}, cai.headers);
    await recordActivity(p, vote(ben, 2));
    const out = await feed(cai);
    expect(out.activities).toHaveLength(1);
    expect(out.activities[0]!.message).toBe('2 people voted in your poll');
    expect(out.activities[0]!.highlighted).toBe(true);
    expect(out.unreadCount).toBe(1);
  });

  it('records nothing for one’s own doings, across a block, or for a kind turned off everywhere', async () => {
    const p = t.plaza.platform;
    expect(await recordActivity(p, friendRequest(ana, ana))).toBeNull();
    await t.gql(
      'mutation ($id: Int) { updateFriendship(userId: $id, action: BLOCK) { friendshipStatus } }',
      { id: cai.userId },
      ben.headers,
    );
    expect(await recordActivity(p, friendRequest(cai, ben))).toBeNull();
    for (const channel of ['IN_APP', 'PUSH', 'EMAIL']) {
      const res = await t.gql(
        `mutation { updateNotificationPreference(type: FOLLOW_REQUEST, channel: ${channel}, enabled: false) { emailDigest } }`,
        {},
        ana.headers,
      );
      expect(res.errors).toBeUndefined();
    }
    expect(await recordActivity(p, friendRequest(ben, ana, { type: 'FOLLOW_REQUEST' }))).toBeNull();
    // In-app off but push on: kept out of the feed, push still scheduled
    await t.gql(
      'mutation { updateNotificationPreference(type: FOLLOW_REQUEST, channel: PUSH, enabled: true) { emailDigest } }',
      {},
      ana.headers,
    );
    const kept = await recordActivity(p, friendRequest(ben, ana, { type: 'FOLLOW_REQUEST' }));
    expect(kept?.silent).toBe(true);
    expect((await feed(ana)).activities.some((a) => a.type === 'FOLLOW_REQUEST')).toBe(false);
    const jobs = await p.store.db.execute(
      sql`SELECT payload FROM jobs WHERE kind = 'activity.channel' AND subject = ${`activity:${kept!.id}`}`,
    );
    expect(jobs.rows.map((r) => (r as { payload: { channel: string } }).payload.channel)).toEqual(['PUSH']);
  });
});

describe('notification settings', () => {
  it('answers every kind with its defaults and the person’s choices', async () => {
    const res = await t.gql<{
      notificationSettings: {
        emailDigest: boolean;
        quietStart: string | null;
        preferences: Array<{
          type: string;
          label: string;
          channels: { inApp: boolean; push: boolean; email: boolean };
        }>;
      };
    }>(
      '{ notificationSettings { emailDigest quietStart preferences { type label channels { inApp push email } } } }',
      {},
      ana.headers,
    );
    const s = res.data!.notificationSettings;
    expect(s.emailDigest).toBe(true);
    expect(s.quietStart).toBeNull();
    expect(s.preferences).toHaveLength(17);
    expect(s.preferences.find((p) => p.type === 'FRIEND_REQUEST')?.channels).toEqual({
      inApp: true,
      push: true,
      email: true,
    });
    expect(s.preferences.find((p) => p.type === 'FOLLOW_REQUEST')?.channels).toEqual({
      inApp: false,
      push: true,
      email: false,
    });
  });

  it('sets quiet hours, zone and digest, and refuses bad times and zones without changing anything', async () => {
    const set = await t.gql<{
      updateNotificationSettings: {
        quietStart: string;
        quietEnd: string;
        timeZone: string;
        emailDigest: boolean;
      };
    }>(
      'mutation { updateNotificationSettings(settings: { quietStart: "22:30", quietEnd: "7:00", timeZone: "Europe/Lisbon", emailDigest: false }) { quietStart quietEnd timeZone emailDigest } }',
      {},
      ben.headers,
    );
    expect(set.data?.updateNotificationSettings).toEqual({
      quietStart: '22:30',
      quietEnd: '07:00',
      timeZone: 'Europe/Lisbon',
      emailDigest: false,
    });
    for (const [input, field] of [
      ['quietStart: "25:00", quietEnd: "07:00"', 'quietStart'],
      ['quietStart: "22:00", quietEnd: "soon"', 'quietEnd'],
      ['quietStart: "07:00", quietEnd: "07:00"', 'quietEnd'],
      ['timeZone: "Mars/Olympus"', 'timeZone'],
    ] as const) {
      const bad = await t.gql(
        `mutation { updateNotificationSettings(settings: { ${input} }) { quietStart } }`,
        {},
        ben.headers,
      );
      expect(codeOf(bad)).toBe('BAD_USER_INPUT');
      expect(bad.errors?.[0]?.extensions?.field).toBe(field);
    }
    const off = await t.gql<{ updateNotificationSettings: { quietStart: string | null; timeZone: string } }>(
      'mutation { updateNotificationSettings(settings: { quietStart: "", quietEnd: "" }) { quietStart timeZone } }',
      {},
      ben.headers,
    );
    expect(off.data?.updateNotificationSettings).toEqual({ quietStart: null, timeZone: 'Europe/Lisbon' });
  });

  it('mutes a plan the person can see (silently recorded), lists it, and unmutes; a hidden plan is not found', async () => {
    const db = t.plaza.platform.store.db;
    const { plan } = await buildPlan(db, ana.userId, [{ userId: ben.userId, response: 'ATTENDING' }], {
      isPublic: true,
    });
    const { plan: secret } = await buildPlan(db, cai.userId, [], { isPublic: false });
    const muted = await t.gql<{ muteNotifications: string }>(
      `mutation { muteNotifications(type: PLAN, key: "${plan.key}") }`,
      {},
      ben.headers,
    );
    expect(muted.errors).toBeUndefined();
    expect(muted.data?.muteNotifications).toBe('9999-12-31T00:00:00.000Z');
    const hidden = await t.gql(
      `mutation { muteNotifications(type: PLAN, key: "${secret.key}") }`,
      {},
      ben.headers,
    );
    expect(codeOf(hidden)).toBe('NOT_FOUND');
    const past = await t.gql(
      `mutation { muteNotifications(type: PLAN, key: "${plan.key}", until: "2001-01-01T00:00:00Z") }`,
      {},
      ben.headers,
    );
    expect(codeOf(past)).toBe('BAD_USER_INPUT');
    const recorded = await recordActivity(t.plaza.platform, {
      receiverId: ben.userId,
      creatorId: ana.userId,
      type: 'PLAN_UPDATED',
      action: 'changed',
      model: { type: 'Plan', id: plan.id },
      href: `/${plan.slug}/${plan.key}`,
      message: 'Ana changed Picnic',
      subject: `plan:${plan.id}`,
    });
    expect(recorded?.silent).toBe(true);
    const jobs = await db.execute(sql`SELECT 1 FROM jobs WHERE subject = ${`activity:${recorded!.id}`}`);
    expect(jobs.rows).toHaveLength(0);
    const listed = await t.gql<{
      notificationSettings: { mutes: Array<{ type: string; key: string; until: string | null }> };
    }>('{ notificationSettings { mutes { type key until } } }', {}, ben.headers);
    expect(listed.data?.notificationSettings.mutes).toEqual([{ type: 'PLAN', key: plan.key, until: null }]);
    const onPlan = await t.gql<{ plan: { notificationsMutedUntil: string | null } }>(
      `{ plan(key: "${plan.key}") { notificationsMutedUntil } }`,
      {},
      ben.headers,
    );
    expect(onPlan.data?.plan.notificationsMutedUntil).toBe('9999-12-31T00:00:00.000Z');
    await t.gql(`mutation { unmuteNotifications(type: PLAN, key: "${plan.key}") }`, {}, ben.headers);
    const again = await recordActivity(t.plaza.platform, {
      receiverId: ben.userId,
      creatorId: ana.userId,
      type: 'PLAN_UPDATED',
      action: 'changed',
      model: { type: 'Plan', id: plan.id },
      href: `/${plan.slug}/${plan.key}`,
      message: 'Ana changed Picnic again',
      subject: `plan:${plan.id}`,
    });
    expect(again?.silent).toBe(false);
  });
});

describe('the live badge', () => {
  it('says the unread count when live, and again after every new or cleared activity', async () => {
    const dan = await newPerson(t, 'Dan');
    const events = subscribeOver<{ kind: string; unreadCount: number; latest: { message: string } | null }>(
      await t.url(),
      { query: 'subscription { myActivityEvents { kind unreadCount latest { message } } }' },
      'myActivityEvents',
      { bearer: dan.headers.authorization },
    );
    try {
      await events.until(() => events.events.length >= 1, 'READY');
      expect(events.events[0]).toEqual({ kind: 'READY', unreadCount: 0, latest: null });
      await recordActivity(t.plaza.platform, friendRequest(ana, dan));
      await events.until(() => events.events.length >= 2, 'CHANGED');
      expect(events.events[1]).toEqual({
        kind: 'CHANGED',
        unreadCount: 1,
        latest: { message: `${ana.username} wants to be your friend` },
      });
      // Someone else's activity wakes nobody here
      await recordActivity(t.plaza.platform, friendRequest(dan, ana));
      await t.gql('mutation { clearNotifications(type: ALL) }', {}, dan.headers);
      await events.until(() => events.events.length >= 3, 'cleared');
      expect(events.events[2]?.unreadCount).toBe(0);
      expect(events.events).toHaveLength(3);
    } finally {
      await events.client.dispose();
    }
  });
});

describe('authorization', () => {
  it('refuses every activity query, mutation and subscription to a signed-out caller', async () => {
    for (const operation of [
      '{ myActivities { unreadCount } }',
      '{ notificationSettings { emailDigest } }',
      'mutation { clearNotifications(type: ALL) }',
      'mutation { markActivityRead(id: 1) }',
      'mutation { updateNotificationPreference(type: MENTION, channel: PUSH, enabled: false) { emailDigest } }',
      'mutation { updateNotificationSettings(settings: { emailDigest: false }) { emailDigest } }',
      'mutation { muteNotifications(type: PLAN, key: "whatever1") }',
      'mutation { unmuteNotifications(type: GROUP, key: "whatever1") }',
    ]) {
      const res = await t.gql(operation);
      expect(codeOf(res), operation).toBe('UNAUTHENTICATED');
    }
    const events = subscribeOver(
      await t.url(),
      { query: 'subscription { myActivityEvents { unreadCount } }' },
      'myActivityEvents',
    );
    try {
      await events.until(() => events.errors.length > 0 || events.completed, 'refusal');
      expect(events.events).toHaveLength(0);
      expect(JSON.stringify(events.errors)).toMatch(/UNAUTHENTICATED|sign in/i);
    } finally {
      await events.client.dispose();
    }
  });
});
