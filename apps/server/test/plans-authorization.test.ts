import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { buildGroup, buildPlan, buildUser } from './support/factories.ts';
import { newPerson, type Person } from './support/people.ts';

/**
 * Every plan operation, for every viewer role, on a public plan, a private plan and a private plan
 * inside a (public) group (decision 0009; the issue's "permission masks for every viewer role").
 * Each row gives the expected answer per actor, in the order of ACTORS: ok = answered without
 * error; U = UNAUTHENTICATED, F = FORBIDDEN, NF = NOT_FOUND; for list checks "-" = not listed.
 * invited: invited without an answer; attending / interested: answered so, not invited; member:
 * a member of the group (the group plan's group; the other plans are in no group).
 */
const ACTORS = ['visitor', 'stranger', 'invited', 'attending', 'interested', 'member', 'creator'] as const;
type Actor = (typeof ACTORS)[number];
const KINDS = ['public', 'private', 'group'] as const;
type Kind = (typeof KINDS)[number];
const CODES = { ok: null, U: 'UNAUTHENTICATED', F: 'FORBIDDEN', NF: 'NOT_FOUND' } as const;

interface Fixture {
  key: string;
  inviteKey: string;
  groupId: number;
  outsider: number;
}

interface Operation {
  name: string;
  mutates: boolean;
  query: string;
  variables: (f: Fixture) => Record<string, unknown>;
  /** Turns an answer without errors into a short code; defaults to ok. */
  check?: (data: Record<string, unknown>, f: Fixture) => string;
  expected: Record<Kind, string>;
}

const listed = (plans: Array<{ key: string }> | null | undefined, f: Fixture) =>
  plans?.some((p) => p.key === f.key) ? 'ok' : '-';

const OPERATIONS: Operation[] = [
  {
    name: 'plan',
    mutates: false,
    query: 'query ($key: String!) { plan(key: $key) { key title permissions { view } } }',
    variables: (f) => ({ key: f.key }),
    expected: {
      public: 'ok ok ok ok ok ok ok',
      private: 'NF NF ok ok ok NF ok',
      group: 'NF NF ok ok ok ok ok',
    },
  },
  {
    name: 'plan with the share link’s invite_key',
    mutates: false,
    query:
      'query ($key: String!, $ik: String) { plan(key: $key, inviteKey: $ik) { key authorization { invited } } }',
    variables: (f) => ({ key: f.key, ik: f.inviteKey }),
    expected: {
      public: 'ok ok ok ok ok ok ok',
      private: 'ok ok ok ok ok ok ok',
      group: 'ok ok ok ok ok ok ok',
    },
  },
  {
    name: 'plan with a wrong invite_key',
    mutates: false,
    query: 'query ($key: String!) { plan(key: $key, inviteKey: "not-the-key") { key } }',
    variables: (f) => ({ key: f.key }),
    expected: {
      public: 'ok ok ok ok ok ok ok',
      private: 'NF NF ok ok ok NF ok',
      group: 'NF NF ok ok ok ok ok',
    },
  },
  {
    name: 'planAttendees',
    mutates: false,
    query: 'query ($key: String!) { planAttendees(key: $key) { attendees { response } } }',
    variables: (f) => ({ key: f.key }),
    expected: {
      public: 'ok ok ok ok ok ok ok',
      private: 'NF NF ok ok ok NF ok',
      group: 'NF NF ok ok ok ok ok',
    },
  },
  {
    name: 'planOccurrences',
    mutates: false,
    query:
      'query ($key: String!) { planOccurrences(key: $key, from: "2000-01-01T00:00:00Z", to: "2100-01-01T00:00:00Z") { key } }',
    variables: (f) => ({ key: f.key }),
    expected: {
      public: 'ok ok ok ok ok ok ok',
      private: 'NF NF ok ok ok NF ok',
      group: 'NF NF ok ok ok ok ok',
    },
  },
  {
    name: 'calendarLinks',
    mutates: false,
    query: 'query ($key: String!) { plan(key: $key) { calendarLinks { ics google outlook } } }',
    variables: (f) => ({ key: f.key }),
    expected: {
      public: 'ok ok ok ok ok ok ok',
      private: 'NF NF ok ok ok NF ok',
      group: 'NF NF ok ok ok ok ok',
    },
  },
  {
    name: 'chat key given (chat flag on and view)',
    mutates: false,
    query: 'query ($key: String!, $ik: String) { plan(key: $key, inviteKey: $ik) { chatKey } }',
    variables: (f) => ({ key: f.key, ik: f.inviteKey }),
    check: (data) => ((data.plan as { chatKey: string | null }).chatKey ? 'ok' : '-'),
    expected: {
      public: '- ok ok ok ok ok ok',
      private: '- ok ok ok ok ok ok',
      group: '- ok ok ok ok ok ok',
    },
  },
  {
    name: 'modify permission shown',
    mutates: false,
    query:
      'query ($key: String!, $ik: String) { plan(key: $key, inviteKey: $ik) { permissions { modify } } }',
    variables: (f) => ({ key: f.key, ik: f.inviteKey }),
    check: (data) => ((data.plan as { permissions: { modify: boolean } }).permissions.modify ? 'ok' : '-'),
    expected: {
      public: '- - - - - - ok',
      private: '- - - - - - ok',
      group: '- - - - - - ok',
    },
  },
  {
    name: 'listed in the group’s plans',
    mutates: false,
    query: 'query ($id: ID!) { groupPlans(id: $id) { key } }',
    variables: (f) => ({ id: f.groupId }),
    check: (data, f) => listed(data.groupPlans as Array<{ key: string }>, f),
    expected: {
      public: '- - - - - - -',
      private: '- - - - - - -',
      group: '- - ok ok ok ok ok',
    },
  },
  {
    name: 'listed on the creator’s profile',
    mutates: false,
    query: 'query ($u: String!) { publicUserPlan(username: $u, dateFilter: "upcoming") { plans { key } } }',
    variables: () => ({ u: people.creator.username }),
    check: (data, f) => listed((data.publicUserPlan as { plans: Array<{ key: string }> }).plans, f),
    expected: {
      public: 'ok ok ok ok ok ok ok',
      private: '- - ok ok ok - ok',
      group: '- - ok ok ok ok ok',
    },
  },
  {
    name: 'listed in myPlans',
    mutates: false,
    query: '{ myPlans(dateFilter: "upcoming") { plans { key } } }',
    variables: () => ({}),
    check: (data, f) => listed((data.myPlans as { plans: Array<{ key: string }> }).plans, f),
    expected: {
      public: 'U - ok ok ok - ok',
      private: 'U - ok ok ok - ok',
      group: 'U - ok ok ok - ok',
    },
  },
  {
    name: 'updatePlan',
    mutates: true,
    query:
      'mutation ($key: String!) { updatePlan(key: $key, plan: { description: "New words" }) { description } }',
    variables: (f) => ({ key: f.key }),
    expected: {
      public: 'U F F F F F ok',
      private: 'U NF F F F NF ok',
      group: 'U NF F F F F ok',
    },
  },
  {
    name: 'deletePlan',
    mutates: true,
    query: 'mutation ($key: String!) { deletePlan(key: $key) }',
    variables: (f) => ({ key: f.key }),
    expected: {
      public: 'U F F F F F ok',
      private: 'U NF F F F NF ok',
      group: 'U NF F F F F ok',
    },
  },
  {
    name: 'respondToPlan',
    mutates: true,
    query:
      'mutation ($key: String!) { respondToPlan(key: $key, response: ATTENDING) { authorization { attending } } }',
    variables: (f) => ({ key: f.key }),
    expected: {
      public: 'U ok ok ok ok ok ok',
      private: 'U NF ok ok ok NF ok',
      group: 'U NF ok ok ok ok ok',
    },
  },
  {
    name: 'respondToPlan with the invite_key',
    mutates: true,
    query:
      'mutation ($key: String!, $ik: String) { respondToPlan(key: $key, inviteKey: $ik, response: INTERESTED) { key } }',
    variables: (f) => ({ key: f.key, ik: f.inviteKey }),
    expected: {
      public: 'U ok ok ok ok ok ok',
      private: 'U ok ok ok ok ok ok',
      group: 'U ok ok ok ok ok ok',
    },
  },
  {
    name: 'inviteToPlan',
    mutates: true,
    query:
      'mutation ($key: String!, $u: ID) { inviteToPlan(key: $key, invitees: [{ id: $u }]) { invitedUsers } }',
    variables: (f) => ({ key: f.key, u: f.outsider }),
    expected: {
      public: 'U ok ok ok ok ok ok',
      private: 'U NF ok ok ok NF ok',
      group: 'U NF ok ok ok ok ok',
    },
  },
];

let t: TestPlaza;
let db: () => Database;
const people = {} as Record<Exclude<Actor, 'visitor'>, Person>;

beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
  db = () => t.plaza.platform.store.db;
  for (const actor of ACTORS) if (actor !== 'visitor') people[actor] = await newPerson(t, actor);
});
afterAll(() => t.close());

/** Shared fixtures start first, so profile and myPlans lists show them on their first page. */
async function buildFixture(kind: Kind, isShared = false): Promise<Fixture> {
  const outsider = await buildUser(db(), 'Out');
  const { group } = await buildGroup(db(), people.creator.userId, [{ userId: people.member.userId }], {
    isPublic: true,
  });
  const { plan } = await buildPlan(
    db(),
    people.creator.userId,
    [
      { userId: people.invited.userId, response: null, invited: true },
      { userId: people.attending.userId, response: 'ATTENDING' },
      { userId: people.interested.userId, response: 'INTERESTED' },
    ],
    {
      isPublic: kind === 'public',
      ...(kind === 'group' ? { groupId: group.id } : {}),
      ...(isShared ? { startsAt: new Date(Date.now() + 3_600_000) } : {}),
    },
  );
  return { key: plan.key, inviteKey: plan.inviteKey, groupId: group.id, outsider: outsider.id };
}

const shared = new Map<Kind, Fixture>();

for (const kind of KINDS) {
  describe(`on a ${kind} plan`, () => {
    for (const operation of OPERATIONS) {
      const expected = operation.expected[kind];
      const labels = expected.split(' ');
      it(`${operation.name}: ${ACTORS.map((a, i) => `${a} ${labels[i]}`).join(', ')}`, async () => {
        expect(labels).toHaveLength(ACTORS.length);
        const answers: string[] = [];
        for (const actor of ACTORS) {
          let fixture = shared.get(kind);
          if (operation.mutates || !fixture) {
            fixture = await buildFixture(kind, !operation.mutates);
            if (!operation.mutates) shared.set(kind, fixture);
          }
          const headers = actor === 'visitor' ? {} : people[actor].headers;
          const res = await t.gql(operation.query, operation.variables(fixture), headers);
          const code = res.errors?.[0]?.extensions?.code ?? null;
          if (res.errors) {
            const short = Object.entries(CODES).find(([, value]) => value === code)?.[0];
            answers.push(short && short !== 'ok' ? short : `?${res.errors[0]?.message}`);
          } else {
            answers.push(operation.check ? operation.check(res.data!, fixture) : 'ok');
          }
        }
        expect(answers.join(' ')).toBe(expected);
      });
    }
  });
}

describe('a plan the viewer may not view', () => {
  it('answers exactly as a key that names no plan', async () => {
    const fixture = await buildFixture('private');
    const query = 'query ($key: String!) { plan(key: $key) { key } }';
    const hidden = await t.gql(query, { key: fixture.key }, people.stranger.headers);
    const missing = await t.gql(query, { key: 'NoSuchPlan1' }, people.stranger.headers);
    expect(hidden.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(hidden.errors).toEqual(missing.errors);
    expect(hidden.data).toEqual(missing.data);
  });
});

/** The .ics route answers as the plan query: 200 where it answers, 404 (as for no plan) where it is NOT_FOUND. */
describe('GET /ics/plan/<key>.ics', () => {
  const EXPECTED: Record<Kind, { plain: string; withLink: string }> = {
    public: { plain: 'ok ok ok ok ok ok ok', withLink: 'ok ok ok ok ok ok ok' },
    private: { plain: 'NF NF ok ok ok NF ok', withLink: 'ok ok ok ok ok ok ok' },
    group: { plain: 'NF NF ok ok ok ok ok', withLink: 'ok ok ok ok ok ok ok' },
  };
  for (const kind of KINDS) {
    it(`on a ${kind} plan: ${EXPECTED[kind].plain}; with the invite_key: ${EXPECTED[kind].withLink}`, async () => {
      const fixture = await buildFixture(kind);
      const base = await t.url();
      const answers = async (query: string) => {
        const codes: string[] = [];
        for (const actor of ACTORS) {
          const headers = actor === 'visitor' ? {} : people[actor].headers;
          const res = await fetch(`${base}/ics/plan/${fixture.key}.ics${query}`, { headers });
          codes.push(res.status === 200 ? 'ok' : res.status === 404 ? 'NF' : `?${res.status}`);
        }
        return codes.join(' ');
      };
      expect(await answers('')).toBe(EXPECTED[kind].plain);
      expect(await answers(`?invite_key=${fixture.inviteKey}`)).toBe(EXPECTED[kind].withLink);
    });
  }
});
