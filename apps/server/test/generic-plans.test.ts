import { eq, sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import type { RequestContext } from '../src/graphql/context.ts';
import { listMyChats } from '../src/domains/chats/list-chats.ts';
import { groupLoaders } from '../src/domains/groups/group-loaders.ts';
import { planLoaders } from '../src/domains/plans/plan-loaders.ts';
import { plans } from '../src/db/schema/index.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { buildGroup, buildMessage, buildPlan, buildUser } from './support/factories.ts';
import { newPerson } from './support/people.ts';

// The loaders' statements by ids (db/id-array.ts, idsPlaceholder) are named once a connection
// and, after PostgreSQL's five plans for the first executions' values, keep one plan for every
// batch: a batch shorter than the planner's guess of an array's length made a plan for its own
// values look cheaper, and the statement was then planned afresh at every execution. PGlite runs
// them unnamed (planned each time by design), so this is about PostgreSQL. The same for the chat
// list's statement, whose limits were parameters a generic plan cannot read (db/literal-limit.ts).

const url = process.env.DATABASE_URL;
let t: TestPlaza;

beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
});
afterAll(() => t.close());

type PlanUse = {
  name: string;
  generic_plans: number;
  custom_plans: number;
  /** The types of the statement's parameters, as PostgreSQL inferred them. */
  parameter_types: string;
  statement: string;
};

/**
 * `read` run `times` over, each time with a request's fresh loaders, on one transaction's
 * connection (rolled back after), and how the loaders' statements were planned there.
 */
async function plannedOnOneConnection(
  viewerId: number,
  times: number,
  read: (context: RequestContext) => Promise<unknown>,
): Promise<Map<string, PlanUse>> {
  let uses: Map<string, PlanUse> | null = null;
  await t.plaza.platform.store.db
    .transaction(async (tx) => {
      const store = { ...t.plaza.platform.store, db: tx as unknown as Database };
      for (let time = 0; time < times; time++) {
        const context = {
          ...t.plaza.platform,
          store,
          viewer: { id: viewerId, sessionId: 0 },
          request: new Request('http://plaza.test/graphql'),
          ip: '127.0.0.1',
          clientIp: null,
          remoteIp: null,
        } satisfies RequestContext;
        await read(context);
      }
      const found = await tx.execute<PlanUse>(
        sql`SELECT name, generic_plans::int, custom_plans::int, parameter_types::text, statement FROM pg_prepared_statements
          WHERE name LIKE 'plaza\\_%'`,
      );
      uses = new Map(found.rows.map((row) => [row.name, row]));
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  if (!uses) throw new Error('the transaction did not read');
  return uses;
}

describe.skipIf(!url)(
  `loaders, the chat list, search and explore keep one plan (${url ? 'PostgreSQL' : 'skipped: needs DATABASE_URL'})`,
  () => {
    it('plans, groups and people read in short batches are planned five times, then never again', async () => {
      const viewer = await buildUser(t.plaza.platform.store.db, 'Vera');
      const friend = await buildUser(t.plaza.platform.store.db, 'Finn');
      const db = t.plaza.platform.store.db;
      const plans = [
        await buildPlan(db, friend.id),
        await buildPlan(db, friend.id),
        await buildPlan(db, viewer.id),
      ];
      const groups = [
        await buildGroup(db, friend.id, [{ userId: viewer.id }]),
        await buildGroup(db, friend.id),
      ];
      const times = 9;
      const uses = await plannedOnOneConnection(viewer.id, times, async (context) => {
        const plansRead = await planLoaders(context).row.loadMany(
          plans.slice(0, 2).map((made) => made.plan.id),
        );
        const cards = await planLoaders({ ...context }).cardRow.loadMany([plans[2]!.plan.id]);
        const groupsRead = await groupLoaders(context).row.loadMany(groups.map((made) => made.group.id));
        const people = await groupLoaders(context).user.loadMany([friend.id]);
        // What each read is right every time, whichever plan ran.
        expect(plansRead.map((plan) => (plan as { id: number }).id)).toEqual(
          plans.slice(0, 2).map((made) => made.plan.id),
        );
        expect(cards.map((plan) => (plan as { id: number }).id)).toEqual([plans[2]!.plan.id]);
        expect(groupsRead.map((group) => (group as { id: number }).id)).toEqual(
          groups.map((made) => made.group.id),
        );
        expect(people.map((person) => (person as { id: number }).id)).toEqual([friend.id]);
      });
      for (const name of [
        'plaza_plans_with_facts_by_ids',
        'plaza_card_plans_by_ids',
        'plaza_groups_with_membership_by_ids',
        'plaza_users_with_ties_by_ids',
      ]) {
        expect(uses.get(name), name).toMatchObject({ custom_plans: 5, generic_plans: times - 5 });
      }
    });

    it('answers counted by occurrence, however many at once, are planned five times, then never again', async () => {
      const db = t.plaza.platform.store.db;
      const viewer = await buildUser(db, 'Vera');
      const host = await buildUser(db, 'Host');
      const guests = [await buildUser(db, 'Gil'), await buildUser(db, 'Ivo')];
      const occurrences = ['2027-01-04', '2027-01-11', '2027-01-18'];
      const { plan } = await buildPlan(db, host.id, [
        { userId: guests[0]!.id, response: 'ATTENDING', occurrence: occurrences[0] },
        { userId: guests[1]!.id, response: 'INTERESTED', occurrence: occurrences[0] },
        { userId: guests[1]!.id, response: 'ATTENDING', occurrence: occurrences[1] },
      ]);
      const times = 9;
      let time = 0;
      const uses = await plannedOnOneConnection(viewer.id, times, async (context) => {
        // One, two or three occurrences at once: batches of every length.
        const asked = occurrences.slice(0, (time++ % 3) + 1);
        const counts = await planLoaders(context).counts.loadMany(asked.map((at) => `${plan.id}|${at}`));
        const expected = [
          { attending: 1, interested: 1 },
          { attending: 1, interested: 0 },
          { attending: 0, interested: 0 },
        ];
        expect(counts).toMatchObject(expected.slice(0, asked.length));
      });
      const use = [...uses.values()].find((found) => found.statement.includes('WITH k(plan_id, occurrence)'));
      expect(use).toMatchObject({ custom_plans: 5, generic_plans: times - 5 });
    });

    it('a chat list, both its lists read at once, is planned five times, then never again', async () => {
      const db = t.plaza.platform.store.db;
      const viewer = await buildUser(db, 'Vera');
      const friend = await buildUser(db, 'Finn');
      const made = [
        await buildGroup(db, friend.id, [{ userId: viewer.id }]),
        await buildGroup(db, viewer.id, [{ userId: friend.id }]),
        await buildGroup(db, friend.id, [{ userId: viewer.id }]),
      ];
      for (const [index, { chat }] of made.entries()) {
        for (let n = 0; n <= index; n++) await buildMessage(db, chat.id, friend.id, `Message ${n}`);
      }
      const times = 9;
      const uses = await plannedOnOneConnection(viewer.id, times, async (context) => {
        const [shown, hidden] = await Promise.all([
          listMyChats(context, viewer.id, false),
          listMyChats(context, viewer.id, true),
        ]);
        // Newest activity first, each with its unread count, every time.
        expect(shown.map((entry) => [entry.access.chat.id, entry.state?.unreadCount])).toEqual(
          made.map(({ chat }, index) => [chat.id, index + 1]).reverse(),
        );
        expect(hidden).toEqual([]);
      });
      const use = uses.get('plaza_my_chats_both');
      expect(use).toMatchObject({ custom_plans: 5, generic_plans: times - 5 });
      // Its one value is the viewer: the limits and which list are written into it. A small store
      // keeps a generic plan either way; the generated world's did not while they were parameters
      // (a custom plan, 4.6 ms of planning, at each of 2,020 executions in 2,000 calls).
      expect(new Set(use?.parameter_types.replace(/[{}]/g, '').split(','))).toEqual(new Set(['integer']));
    });

    it('search’s pages keep one generic plan from their first execution (decision 0043)', async () => {
      const db = t.plaza.platform.store.db;
      const viewer = await newPerson(t, 'Seeker');
      const host = await buildUser(db, 'Host');
      const titles: string[] = [];
      for (let index = 0; index < 3; index++) {
        const { plan } = await buildPlan(db, host.id, [], { isPublic: true });
        titles.push(`Wombat walk ${index}`);
        await db.update(plans).set({ title: titles[index] }).where(eq(plans.id, plan.id));
      }
      const query = 'query ($text: String!) { search(text: $text) { plans { title } people { id } } }';
      const times = 4;
      for (let time = 0; time < times; time++) {
        const { data, errors } = await t.gql<{ search: { plans: Array<{ title: string }> } }>(
          query,
          { text: 'wombat' },
          viewer.headers,
        );
        expect(errors).toBeUndefined();
        expect(data?.search.plans.map((plan) => plan.title).sort()).toEqual(titles);
      }
      // Each connection of the generic plans' pool (two here), held at once so both answer.
      const read = () =>
        t.plaza.platform.store.genericPlanRows!<{
          pid: number;
          name: string;
          generic_plans: number;
          custom_plans: number;
        }>(
          'plaza_test_search_plans',
          `SELECT pg_backend_pid() AS pid, s.name, s.generic_plans::int, s.custom_plans::int
           FROM (SELECT pg_sleep($1)) pause, pg_prepared_statements s WHERE s.name LIKE 'search\\_%'`,
          [0.2],
        );
      const seen = (await Promise.all([read(), read()])).flat();
      expect(seen.length).toBeGreaterThan(0);
      // The pages of plans and of people, signed in, each asked `times` times over the connections.
      const executions = seen.reduce((sum, row) => sum + row.generic_plans, 0);
      expect(executions).toBeGreaterThanOrEqual(2 * times);
      for (const row of seen) expect(row, row.name).toMatchObject({ custom_plans: 0 });
    });

    it('explore’s pages from a shared cut keep one generic plan too (decision 0043, later note)', async () => {
      const db = t.plaza.platform.store.db;
      const viewer = await newPerson(t, 'Wanderer');
      const host = await buildUser(db, 'Host');
      // A public plan alone at a spot no other test explores (the Tasman Sea, off Sydney).
      const { plan } = await buildPlan(db, host.id, [], { isPublic: true });
      await db
        .update(plans)
        .set({
          title: 'Harbour swim',
          latitude: -33_950_000,
          longitude: 151_400_000,
          city: 'Sydney',
          exploreStatus: 'ENABLED',
        })
        .where(eq(plans.id, plan.id));
      const query = `query ($near: CoordinatesInput) {
        explore(near: $near) { plans { title } groups { id } people { id } }
      }`;
      // The first request near the place reads its own pages; the next ones read from the cut.
      const times = 4;
      for (let time = 0; time < times; time++) {
        const { data, errors } = await t.gql<{ explore: { plans: Array<{ title: string }> } }>(
          query,
          { near: { latitude: -33.95, longitude: 151.4 } },
          viewer.headers,
        );
        expect(errors).toBeUndefined();
        expect(data?.explore.plans.map((found) => found.title)).toEqual(['Harbour swim']);
      }
      const read = () =>
        t.plaza.platform.store.genericPlanRows!<{
          name: string;
          generic_plans: number;
          custom_plans: number;
        }>(
          'plaza_test_explore_pages',
          `SELECT s.name, s.generic_plans::int, s.custom_plans::int
           FROM (SELECT pg_sleep($1)) pause, pg_prepared_statements s WHERE s.name LIKE 'explore\\_%'`,
          [0.2],
        );
      const seen = (await Promise.all([read(), read()])).flat();
      // Plans, groups and people: each list's page from the cut, at every request after the first.
      expect(new Set(seen.map((row) => row.name)).size).toBe(3);
      const executions = seen.reduce((sum, row) => sum + row.generic_plans, 0);
      expect(executions).toBeGreaterThanOrEqual(3 * (times - 1));
      for (const row of seen) expect(row, row.name).toMatchObject({ custom_plans: 0 });
    });
  },
);
