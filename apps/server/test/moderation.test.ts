import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS_PER_HOUR, REPORT_REASONS, REMOVED_MESSAGE_TEXT } from '@plaza/core/moderation';
import type { Database } from '../src/db/client.ts';
import { chats, follows, plans, reports, sessions, users } from '../src/db/schema/index.ts';
import { schema } from '../src/graphql/schema.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { chatApi, codeOf, fieldOf } from './support/chats.ts';
import { buildGroup, buildPlan } from './support/factories.ts';
import { newPerson, type Person } from './support/people.ts';
import { lastCodeTo } from './support/outbox.ts';
import { postAuth, signInWithEmail } from './support/sign-in.ts';

const ADMIN_EMAIL = 'moderator@example.org';
const SPAM = REPORT_REASONS.find((r) => r.content === 'Spam')!.id;
const HARASSMENT = REPORT_REASONS.find((r) => r.content === 'Harassment or bullying')!.id;
const IMPERSONATION = REPORT_REASONS.find((r) => r.content === 'Impersonation')!.id;

let t: TestPlaza;
let db: () => Database;
let admin: Person;
beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1', PLAZA_ADMINS: `${ADMIN_EMAIL}, someone_else` });
  db = () => t.plaza.platform.store.db;
  const signedIn = await signInWithEmail(t, ADMIN_EMAIL);
  await db()
    .update(users)
    .set({ username: 'moderator', first: 'Mo', last: 'Derator', onboardedAt: new Date() })
    .where(eq(users.id, signedIn.userId));
  admin = { ...signedIn, username: 'moderator', email: ADMIN_EMAIL };
});
afterAll(() => t.close());

const REPORT = `mutation ($type: ReportModelType!, $typeId: Int, $key: String, $reasonId: Int!, $details: String) {
  reportModel(type: $type, typeId: $typeId, key: $key, reasonId: $reasonId, details: $details) {
    id type typeId status details reason { id content } snapshot { title text } } }`;

interface ReportAnswer {
  id: number;
  type: string;
  typeId: number;
  status: string;
  details: string;
  reason: { id: number; content: string };
  snapshot: { title: string; text: string };
}

function report(person: Person | null, variables: Record<string, unknown>) {
  return t.gql<{ reportModel: ReportAnswer }>(REPORT, variables, person?.headers ?? {});
}

async function reported(person: Person, variables: Record<string, unknown>): Promise<ReportAnswer> {
  const res = await report(person, variables);
  expect(res.errors).toBeUndefined();
  return res.data!.reportModel;
}

const MODERATE = `mutation ($type: ReportModelType!, $typeId: Int, $key: String, $action: ModerationAction!, $note: String) {
  moderateContent(type: $type, typeId: $typeId, key: $key, action: $action, note: $note) {
    id action note reportCount actor { id } subject { id } content { hiddenAt exploreStatus authorSuspendedAt } } }`;

function moderate(person: Person | null, variables: Record<string, unknown>) {
  return t.gql<{
    moderateContent: {
      id: number;
      action: string;
      note: string;
      reportCount: number;
      actor: { id: number } | null;
      subject: { id: number } | null;
      content: { hiddenAt: string | null; exploreStatus: string | null; authorSuspendedAt: string | null };
    };
  }>(MODERATE, variables, person?.headers ?? {});
}

async function moderated(variables: Record<string, unknown>) {
  const res = await moderate(admin, variables);
  expect(res.errors).toBeUndefined();
  return res.data!.moderateContent;
}

interface QueueItem {
  type: string;
  typeId: number;
  status: string;
  reportCount: number;
  reasons: Array<{ reason: { id: number }; count: number }>;
  content: { title: string; text: string; path: string | null; author: { id: number } | null } | null;
  reports: Array<{ reporter: { id: number } | null; details: string; snapshot: { text: string } }>;
  actions: Array<{ action: string }>;
}

async function queue(status = 'OPEN', person: Person = admin): Promise<QueueItem[]> {
  const res = await t.gql<{ moderationQueue: { items: QueueItem[] } }>(
    `query ($s: ReportStatus) { moderationQueue(status: $s) { items { type typeId status reportCount
      reasons { reason { id } count } content { title text path author { id } }
      reports { reporter { id } details snapshot { text } } actions { action } } } }`,
    { s: status },
    person.headers,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.moderationQueue.items;
}

const itemOf = (items: QueueItem[], type: string, typeId: number) =>
  items.find((item) => item.type === type && item.typeId === typeId);

async function storedReports(type: string, contentId: number) {
  return db()
    .select()
    .from(reports)
    .where(and(eq(reports.type, type), eq(reports.contentId, contentId)));
}

async function planAnswer(person: Person | null, key: string) {
  return t.gql<{ plan: { key: string; hiddenByModerator: boolean } }>(
    'query ($k: String!) { plan(key: $k) { key hiddenByModerator } }',
    { k: key },
    person?.headers ?? {},
  );
}

describe('reportReasons', () => {
  it('answers everyone with the reasons and spec 3’s four lists', async () => {
    const res = await t.gql<{
      reportReasons: Record<
        'reasons' | 'events' | 'groups' | 'users' | 'chatMessages',
        Array<{ id: number }>
      >;
    }>(
      '{ reportReasons { reasons { id content } events { id } groups { id } users { id } chatMessages { id } } }',
    );
    expect(res.errors).toBeUndefined();
    const answer = res.data!.reportReasons;
    expect(answer.reasons).toHaveLength(REPORT_REASONS.length);
    expect(answer.users.map((r) => r.id)).toContain(IMPERSONATION);
    expect(answer.chatMessages.map((r) => r.id)).not.toContain(IMPERSONATION);
    expect(answer.events.map((r) => r.id)).toContain(SPAM);
  });
});

describe('reportModel', () => {
  it('stores one open report per person and content: reporting again updates it', async () => {
    const host = await newPerson(t, 'Hana');
    const ana = await newPerson(t, 'Ana');
    const { plan } = await buildPlan(db(), host.userId, [], { isPublic: true });
    const first = await reported(ana, { type: 'EVENT', key: plan.key, reasonId: SPAM, details: 'Ads' });
    expect(first).toMatchObject({ type: 'EVENT', typeId: plan.id, status: 'OPEN', details: 'Ads' });
    expect(first.snapshot.title).toBe(plan.title);
    const again = await reported(ana, { type: 'EVENT', typeId: plan.id, reasonId: HARASSMENT });
    expect(again.id).toBe(first.id);
    expect(again.reason.id).toBe(HARASSMENT);
    expect(await storedReports('EVENT', plan.id)).toHaveLength(1);
    const item = itemOf(await queue(), 'EVENT', plan.id)!;
    expect(item.reportCount).toBe(1);
    expect(item.content).toMatchObject({ title: plan.title, path: `/${plan.slug}/${plan.key}` });
    expect(item.content!.author!.id).toBe(host.userId);
    expect(item.reports[0]!.reporter!.id).toBe(ana.userId);
  });

  it('refuses content the reporter cannot see with NOT_FOUND and stores nothing', async () => {
    const host = await newPerson(t, 'Hugo');
    const stranger = await newPerson(t, 'Sam');
    const { plan } = await buildPlan(db(), host.userId, [], { isPublic: false });
    const byKey = await report(stranger, { type: 'EVENT', key: plan.key, reasonId: SPAM });
    expect(codeOf(byKey)).toBe('NOT_FOUND');
    const byId = await report(stranger, { type: 'EVENT', typeId: plan.id, reasonId: SPAM });
    expect(codeOf(byId)).toBe('NOT_FOUND');
    const { group } = await buildGroup(db(), host.userId, [], { isPublic: false });
    expect(codeOf(await report(stranger, { type: 'GROUP', typeId: group.id, reasonId: SPAM }))).toBe(
      'NOT_FOUND',
    );
    const { chat } = await buildGroup(db(), host.userId, [], { isPublic: true });
    const message = await chatApi(t).sent(host, chat.key, 'members only');
    expect(codeOf(await report(stranger, { type: 'CHAT_MESSAGE', key: message.key, reasonId: SPAM }))).toBe(
      'NOT_FOUND',
    );
    expect(await storedReports('EVENT', plan.id)).toHaveLength(0);
    expect(await storedReports('GROUP', group.id)).toHaveLength(0);
  });

  it('refuses a reason that does not fit the content, oneself and one’s own content', async () => {
    const ana = await newPerson(t, 'Ana');
    const ben = await newPerson(t, 'Ben');
    const { plan } = await buildPlan(db(), ana.userId, [], { isPublic: true });
    const wrongReason = await report(ben, { type: 'EVENT', key: plan.key, reasonId: IMPERSONATION });
    expect(codeOf(wrongReason)).toBe('BAD_USER_INPUT');
    expect(fieldOf(wrongReason)).toBe('reasonId');
    expect(codeOf(await report(ben, { type: 'EVENT', key: plan.key, reasonId: 999 }))).toBe('BAD_USER_INPUT');
    const self = await report(ana, { type: 'USER', typeId: ana.userId, reasonId: SPAM });
    expect(codeOf(self)).toBe('BAD_USER_INPUT');
    expect(self.errors![0]!.message).toBe('You cannot report yourself.');
    expect(codeOf(await report(ana, { type: 'EVENT', key: plan.key, reasonId: SPAM }))).toBe(
      'BAD_USER_INPUT',
    );
    expect(codeOf(await report(ben, { type: 'EVENT', reasonId: SPAM }))).toBe('BAD_USER_INPUT');
    const tooLong = await report(ben, {
      type: 'EVENT',
      key: plan.key,
      reasonId: SPAM,
      details: 'x'.repeat(1001),
    });
    expect(fieldOf(tooLong)).toBe('details');
    const mismatch = await report(ben, {
      type: 'EVENT',
      key: plan.key,
      typeId: plan.id + 1000,
      reasonId: SPAM,
    });
    expect(codeOf(mismatch)).toBe('NOT_FOUND');
    expect(await storedReports('EVENT', plan.id)).toHaveLength(0);
  });

  it('refuses signed-out callers', async () => {
    expect(codeOf(await report(null, { type: 'EVENT', typeId: 1, reasonId: SPAM }))).toBe('UNAUTHENTICATED');
  });

  it(`allows ${REPORTS_PER_HOUR} reports an hour per person`, async () => {
    const host = await newPerson(t, 'Hal');
    const eager = await newPerson(t, 'Eve');
    const { plan } = await buildPlan(db(), host.userId, [], { isPublic: true });
    for (let i = 0; i < REPORTS_PER_HOUR; i += 1)
      await reported(eager, { type: 'EVENT', key: plan.key, reasonId: SPAM, details: `try ${i}` });
    const refused = await report(eager, { type: 'EVENT', key: plan.key, reasonId: SPAM });
    expect(codeOf(refused)).toBe('RATE_LIMITED');
  });

  it('keeps what a message said when reported, though its author edits it afterwards', async () => {
    const ana = await newPerson(t, 'Ana');
    const ben = await newPerson(t, 'Ben');
    const chatsOf = chatApi(t);
    const dm = await chatsOf.openDm(ana, ben.userId);
    const message = await chatsOf.sent(ana, dm, 'you are awful');
    await reported(ben, { type: 'CHAT_MESSAGE', key: message.key, reasonId: HARASSMENT });
    await chatsOf.edit(ana, message.key, 'hello!');
    const [row] = await db().select().from(reports).where(eq(reports.reporterId, ben.userId));
    const listed = itemOf(await queue(), 'CHAT_MESSAGE', row!.contentId)!;
    expect(listed.reports[0]!.snapshot.text).toBe('you are awful');
    expect(listed.content!.text).toBe('hello!');
  });
});

describe('the moderation area', () => {
  const ADMIN_OPERATIONS = [
    '{ moderationQueue { items { typeId } } }',
    '{ moderationLog { entries { id } } }',
    '{ siteAdmins { source } }',
    'mutation { moderateContent(type: EVENT, typeId: 1, action: HIDE) { id } }',
    'mutation { grantAdmin(userId: 2) { id } }',
    'mutation { revokeAdmin(userId: 2) { id } }',
  ];

  it('refuses people who are not administrators (FORBIDDEN) and signed-out callers', async () => {
    const someone = await newPerson(t, 'Nora');
    for (const operation of ADMIN_OPERATIONS) {
      const asSomeone = await t.gql(operation, {}, someone.headers);
      expect(codeOf(asSomeone), operation).toBe('FORBIDDEN');
      const signedOut = await t.gql(operation);
      expect(codeOf(signedOut), operation).toBe('UNAUTHENTICATED');
    }
  });

  it('tells the web who is an administrator', async () => {
    const someone = await newPerson(t, 'Olga');
    const query = '{ myself { isAdmin } }';
    expect(
      (await t.gql<{ myself: { isAdmin: boolean } }>(query, {}, admin.headers)).data!.myself.isAdmin,
    ).toBe(true);
    expect(
      (await t.gql<{ myself: { isAdmin: boolean } }>(query, {}, someone.headers)).data!.myself.isAdmin,
    ).toBe(false);
  });
});

describe('hiding content', () => {
  it('removes a plan for a stranger, a friend going to it and its reporter, and from search, explore and profiles; its creator and admins still see it', async () => {
    const host = await newPerson(t, 'Hedy');
    const friend = await newPerson(t, 'Fred');
    // Friends: they follow each other (decision 0006); the friend also said they are going.
    await db()
      .insert(follows)
      .values([
        { userId: host.userId, targetId: friend.userId, status: 'FOLLOWING' },
        { userId: friend.userId, targetId: host.userId, status: 'FOLLOWING' },
      ]);
    const reporter = await newPerson(t, 'Rita');
    const { plan } = await buildPlan(db(), host.userId, [{ userId: friend.userId, response: 'ATTENDING' }], {
      isPublic: true,
    });
    await db().update(plans).set({ title: 'Narwhal picnic' }).where(eq(plans.id, plan.id));
    await reported(reporter, { type: 'EVENT', key: plan.key, reasonId: SPAM });
    const search = (person: Person | null) =>
      t.gql<{ search: { plans: Array<{ id: number }> } }>(
        '{ search(text: "narwhal") { plans { id } } }',
        {},
        person?.headers ?? {},
      );
    expect((await search(null)).data!.search.plans.map((p) => p.id)).toContain(plan.id);

    const entry = await moderated({ type: 'EVENT', key: plan.key, action: 'HIDE', note: 'Advertising' });
    expect(entry).toMatchObject({ action: 'HIDE', note: 'Advertising', reportCount: 1 });
    expect(entry.actor!.id).toBe(admin.userId);
    expect(entry.content.hiddenAt).not.toBeNull();

    for (const person of [null, friend, reporter])
      expect(codeOf(await planAnswer(person, plan.key))).toBe('NOT_FOUND');
    const own = await planAnswer(host, plan.key);
    expect(own.data!.plan.hiddenByModerator).toBe(true);
    expect((await planAnswer(admin, plan.key)).data!.plan.hiddenByModerator).toBe(true);
    for (const person of [null, friend]) expect((await search(person)).data!.search.plans).toEqual([]);
    if (schema.getQueryType()!.getFields().explore) {
      const explored = await t.gql<{ explore: { plans: Array<{ id: number }> } }>(
        '{ explore(text: "narwhal") { plans { id } } }',
      );
      expect(explored.errors).toBeUndefined();
      expect(explored.data!.explore.plans.map((p) => p.id)).not.toContain(plan.id);
    }
    const profile = await t.gql<{ publicUserPlan: { plans: Array<{ id: number }> } }>(
      'query ($u: String!) { publicUserPlan(username: $u) { plans { id } } }',
      { u: host.username },
      friend.headers,
    );
    expect(profile.data!.publicUserPlan.plans.map((p) => p.id)).not.toContain(plan.id);
    // A report made before the action is resolved by it.
    expect(itemOf(await queue('OPEN'), 'EVENT', plan.id)).toBeUndefined();
    expect(itemOf(await queue('RESOLVED'), 'EVENT', plan.id)!.actions[0]!.action).toBe('HIDE');

    expect(codeOf(await moderate(admin, { type: 'EVENT', key: plan.key, action: 'HIDE' }))).toBe('CONFLICT');
    await moderated({ type: 'EVENT', key: plan.key, action: 'UNHIDE' });
    expect((await planAnswer(friend, plan.key)).data!.plan.hiddenByModerator).toBe(false);
  });

  it('removes a group for its members and from exploreGroups; its creator still sees it', async () => {
    const owner = await newPerson(t, 'Otto');
    const member = await newPerson(t, 'Mia');
    const stranger = await newPerson(t, 'Stan');
    const { group, chat } = await buildGroup(db(), owner.userId, [{ userId: member.userId }], {
      isPublic: true,
    });
    const explore = async () =>
      (
        await t.gql<{ exploreGroups: { groups: Array<{ id: number }> } }>(
          '{ exploreGroups { groups { id } } }',
          {},
          stranger.headers,
        )
      ).data!.exploreGroups.groups.map((g) => g.id);
    expect(await explore()).toContain(group.id);
    await moderated({ type: 'GROUP', typeId: group.id, action: 'HIDE' });
    const lookup = (person: Person) =>
      t.gql<{ group: { hiddenByModerator: boolean } }>(
        'query ($k: String) { group(key: $k) { hiddenByModerator } }',
        { k: group.key },
        person.headers,
      );
    expect(codeOf(await lookup(member))).toBe('NOT_FOUND');
    expect(codeOf(await lookup(stranger))).toBe('NOT_FOUND');
    expect((await lookup(owner)).data!.group.hiddenByModerator).toBe(true);
    expect(await explore()).not.toContain(group.id);
    const chatRead = await t.gql(`{ chat(key: "${chat.key}") { key } }`, {}, member.headers);
    expect(codeOf(chatRead)).toBe('NOT_FOUND');
  });

  it('shows a removed message as removed in the chat, to everyone', async () => {
    const owner = await newPerson(t, 'Gus');
    const member = await newPerson(t, 'Lea');
    const { chat } = await buildGroup(db(), owner.userId, [{ userId: member.userId }], { isPublic: true });
    const chatsOf = chatApi(t);
    await chatsOf.sent(member, chat.key, 'first words');
    const bad = await chatsOf.sent(owner, chat.key, 'buy cheap watches');
    await reported(member, { type: 'CHAT_MESSAGE', key: bad.key, reasonId: SPAM });
    const entry = await moderated({ type: 'CHAT_MESSAGE', key: bad.key, action: 'HIDE' });
    expect(entry.reportCount).toBe(1);
    for (const person of [owner, member]) {
      const res = await t.gql<{
        chat: {
          lastChat: { text: string } | null;
          messages: {
            messages: Array<{ key: string; text: string; rev: number; removedByModerator: boolean }>;
          };
        };
      }>(
        `{ chat(key: "${chat.key}") { lastChat { text } messages { messages { key text rev removedByModerator } } } }`,
        {},
        person.headers,
      );
      const shown = res.data!.chat.messages.messages.find((m) => m.key === bad.key)!;
      expect(shown).toMatchObject({ text: '', removedByModerator: true });
      expect(shown.rev).toBeGreaterThan(bad.rev);
      expect(res.data!.chat.lastChat!.text).toBe('first words');
    }
    const [row] = await db().select().from(chats).where(eq(chats.key, chat.key));
    expect(row!.lastRev).toBeGreaterThan(bad.rev);
    expect(REMOVED_MESSAGE_TEXT).toBe('This message was removed by a moderator.');
  });

  it('lets a moderator block a plan from explore, which its creator cannot lift', async () => {
    const host = await newPerson(t, 'Bea');
    const { plan } = await buildPlan(db(), host.userId, [], { isPublic: true });
    // Near a place nobody else's plans are, unchanged for an hour; blocked from explore, and
    // explored twice, so that its nearest plans are kept for everyone without it (decision 0048).
    const near = { latitude: -15.79, longitude: -47.88 };
    await db()
      .update(plans)
      .set({
        latitude: Math.round(near.latitude * 1e6),
        longitude: Math.round(near.longitude * 1e6),
        updatedAt: new Date(Date.now() - 3_600_000),
      })
      .where(eq(plans.id, plan.id));
    const nearby = async () => {
      const res = await t.gql<{ explore: { plans: Array<{ id: number }> } }>(
        'query ($near: CoordinatesInput) { explore(near: $near, filter: EVENTS) { plans { id } } }',
        { near },
      );
      expect(res.errors).toBeUndefined();
      return res.data!.explore.plans.map((p) => Number(p.id));
    };
    await moderated({ type: 'EVENT', key: plan.key, action: 'BLOCK_EXPLORE' });
    expect(await nearby()).toEqual([]);
    expect(await nearby()).toEqual([]);
    const update = await t.gql<{ updatePlan: { exploreStatus: string } }>(
      'mutation ($k: String!) { updatePlan(key: $k, plan: { exploreStatus: "ENABLED" }) { exploreStatus } }',
      { k: plan.key },
      host.headers,
    );
    expect(update.errors).toBeUndefined();
    expect(update.data!.updatePlan.exploreStatus).toBe('BLOCKED');
    const onUser = await moderate(admin, { type: 'USER', typeId: host.userId, action: 'BLOCK_EXPLORE' });
    expect(codeOf(onUser)).toBe('BAD_USER_INPUT');
    // The creator's update above changed the plan: unchanged for an hour again.
    await db()
      .update(plans)
      .set({ updatedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(plans.id, plan.id));
    expect(await nearby()).toEqual([]);
    const lifted = await moderated({ type: 'EVENT', key: plan.key, action: 'ENABLE_EXPLORE' });
    expect(lifted.content.exploreStatus).toBe('ENABLED');
    // Allowed again: in explore at once, its change newer than what was kept.
    expect(await nearby()).toEqual([plan.id]);
  });
});

describe('suspending an account', () => {
  it('signs it out everywhere, refuses its sign-in with a clear message and hides its profile', async () => {
    const troll = await newPerson(t, 'Troy');
    const victim = await newPerson(t, 'Vic');
    await reported(victim, { type: 'USER', typeId: troll.userId, reasonId: HARASSMENT });
    const entry = await moderated({
      type: 'USER',
      typeId: troll.userId,
      action: 'SUSPEND_USER',
      note: 'Threats',
    });
    expect(entry.subject!.id).toBe(troll.userId);
    expect(await db().select().from(sessions).where(eq(sessions.userId, troll.userId))).toEqual([]);
    expect(codeOf(await t.gql('{ myself { user { id } } }', {}, troll.headers))).toBe('UNAUTHENTICATED');

    const ip = { 'x-forwarded-for': '10.99.0.1' };
    await postAuth(t, '/email-otp/send-verification-otp', { email: troll.email, type: 'sign-in' }, ip);
    const otp = await lastCodeTo(t.dataDir, troll.email);
    const refused = await postAuth<{ code?: string; message?: string }>(
      t,
      '/sign-in/email-otp',
      { email: troll.email, otp },
      ip,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('ACCOUNT_SUSPENDED');
    expect(refused.body.message).toMatch(/^This account is suspended\./);
    expect(refused.cookie).toBeNull();

    const profile = (person: Person) =>
      t.gql('query ($u: String!) { publicUser(username: $u) { id } }', { u: troll.username }, person.headers);
    expect(codeOf(await profile(victim))).toBe('NOT_FOUND');
    expect((await profile(admin)).errors).toBeUndefined();

    await moderated({ type: 'USER', typeId: troll.userId, action: 'UNSUSPEND_USER' });
    expect((await profile(victim)).errors).toBeUndefined();
    const back = await signInWithEmail(t, troll.email);
    expect(back.userId).toBe(troll.userId);
  });

  it('never suspends an administrator nor oneself', async () => {
    const res = await moderate(admin, { type: 'USER', typeId: admin.userId, action: 'SUSPEND_USER' });
    expect(codeOf(res)).toBe('CONFLICT');
  });
});

describe('the moderation log and administrators', () => {
  it('records each action with who did it, dismisses reports, and pages', async () => {
    const host = await newPerson(t, 'Dora');
    const reporter = await newPerson(t, 'Rex');
    const { plan } = await buildPlan(db(), host.userId, [], { isPublic: true });
    await reported(reporter, { type: 'EVENT', key: plan.key, reasonId: SPAM });
    const dismissed = await moderated({ type: 'EVENT', typeId: plan.id, action: 'DISMISS', note: 'Fine' });
    expect(dismissed.reportCount).toBe(1);
    expect(itemOf(await queue('DISMISSED'), 'EVENT', plan.id)!.reportCount).toBe(1);
    expect(codeOf(await moderate(admin, { type: 'EVENT', typeId: plan.id, action: 'DISMISS' }))).toBe(
      'CONFLICT',
    );
    const log = await t.gql<{
      moderationLog: {
        entries: Array<{
          id: number;
          action: string;
          note: string;
          typeId: number;
          label: string;
          actor: { id: number };
        }>;
        nextMarker: string | null;
      };
    }>(
      '{ moderationLog { entries { id action note typeId label actor { id } } nextMarker } }',
      {},
      admin.headers,
    );
    expect(log.errors).toBeUndefined();
    const mine = log.data!.moderationLog.entries.find((e) => e.id === dismissed.id)!;
    expect(mine).toMatchObject({ action: 'DISMISS', note: 'Fine', typeId: plan.id, label: plan.title });
    expect(mine.actor.id).toBe(admin.userId);
    const ids = log.data!.moderationLog.entries.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('lets an administrator grant the role and take back what was granted, never from configured ones', async () => {
    const helper = await newPerson(t, 'Hank');
    const queueOf = (person: Person) => t.gql('{ moderationQueue { items { typeId } } }', {}, person.headers);
    expect(codeOf(await queueOf(helper))).toBe('FORBIDDEN');
    const granted = await t.gql(
      'mutation ($u: Int!) { grantAdmin(userId: $u) { id } }',
      { u: helper.userId },
      admin.headers,
    );
    expect(granted.errors).toBeUndefined();
    expect((await queueOf(helper)).errors).toBeUndefined();
    const admins = await t.gql<{ siteAdmins: Array<{ user: { id: number }; source: string }> }>(
      '{ siteAdmins { user { id } source } }',
      {},
      helper.headers,
    );
    expect(admins.data!.siteAdmins).toEqual(
      expect.arrayContaining([
        { user: { id: admin.userId }, source: 'CONFIGURATION' },
        { user: { id: helper.userId }, source: 'GRANTED' },
      ]),
    );
    const revokeConfigured = await t.gql(
      'mutation ($u: Int!) { revokeAdmin(userId: $u) { id } }',
      { u: admin.userId },
      helper.headers,
    );
    expect(codeOf(revokeConfigured)).toBe('CONFLICT');
    const revoked = await t.gql(
      'mutation ($u: Int!) { revokeAdmin(userId: $u) { id } }',
      { u: helper.userId },
      admin.headers,
    );
    expect(revoked.errors).toBeUndefined();
    expect(codeOf(await queueOf(helper))).toBe('FORBIDDEN');
    const log = await t.gql<{
      moderationLog: { entries: Array<{ action: string; subject: { id: number } }> };
    }>('{ moderationLog { entries { action subject { id } } } }', {}, admin.headers);
    expect(log.data!.moderationLog.entries.slice(0, 2)).toEqual([
      { action: 'REVOKE_ADMIN', subject: { id: helper.userId } },
      { action: 'GRANT_ADMIN', subject: { id: helper.userId } },
    ]);
  });
});
