import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { buildGroup, buildPlan, buildUser } from './support/factories.ts';
import { newPerson, type Person } from './support/people.ts';

/**
 * Every group operation, for every kind of caller, on a public and a private group (issue 5's
 * "done when"). Each row gives the expected answer per actor, in the order of ACTORS:
 * ok = answered without error; U = UNAUTHENTICATED, F = FORBIDDEN, NF = NOT_FOUND, C = CONFLICT.
 * The public group is open (no join requests); the private one takes join requests.
 */
const ACTORS = ['visitor', 'stranger', 'requester', 'member', 'moderator', 'admin', 'owner'] as const;
type Actor = (typeof ACTORS)[number];
const CODES = { ok: null, U: 'UNAUTHENTICATED', F: 'FORBIDDEN', NF: 'NOT_FOUND', C: 'CONFLICT' } as const;

interface Fixture {
  id: number;
  key: string;
  /** Victims the operations act on, fresh per case for operations that change things. */
  victimMember: number;
  victimModerator: number;
  victimRequester: number;
  outsider: number;
  planId: number;
  /** A plan of the acting person's own, outside the group. */
  ownPlanId: number | null;
}

interface Operation {
  name: string;
  /** Whether the operation changes the group: then every case gets a fresh one. */
  mutates: boolean;
  query: string;
  variables: (f: Fixture) => Record<string, unknown>;
  public: string;
  private: string;
}

const OPERATIONS: Operation[] = [
  {
    name: 'group',
    mutates: false,
    query: 'query ($id: ID) { group(id: $id) { id title permissions { view } } }',
    variables: (f) => ({ id: f.id }),
    public: 'ok ok ok ok ok ok ok',
    private: 'NF NF ok ok ok ok ok',
  },
  {
    name: 'group by key',
    mutates: false,
    query: 'query ($key: String) { group(key: $key) { id title } }',
    variables: (f) => ({ key: f.key }),
    public: 'ok ok ok ok ok ok ok',
    private: 'ok ok ok ok ok ok ok',
  },
  {
    name: 'groupMembers',
    mutates: false,
    query: 'query ($id: ID!) { groupMembers(id: $id) { members { id role } } }',
    variables: (f) => ({ id: f.id }),
    public: 'ok ok ok ok ok ok ok',
    private: 'NF NF F ok ok ok ok',
  },
  {
    name: 'groupMembers requests',
    mutates: false,
    query: 'query ($id: ID!) { groupMembers(id: $id, requests: true) { members { id } } }',
    variables: (f) => ({ id: f.id }),
    public: 'U F F F ok ok ok',
    private: 'NF NF F F ok ok ok',
  },
  {
    name: 'searchGroupMembers',
    mutates: false,
    query: 'query ($id: ID!) { searchGroupMembers(id: $id, searchText: "a") { members { id } } }',
    variables: (f) => ({ id: f.id }),
    public: 'ok ok ok ok ok ok ok',
    private: 'NF NF F ok ok ok ok',
  },
  {
    name: 'groupPlans',
    mutates: false,
    query: 'query ($id: ID!) { groupPlans(id: $id) { id } }',
    variables: (f) => ({ id: f.id }),
    public: 'ok ok ok ok ok ok ok',
    private: 'NF NF F ok ok ok ok',
  },
  {
    name: 'groupMemberCommon',
    mutates: false,
    query: 'query ($id: ID!, $u: Int) { groupMemberCommon(id: $id, userId: $u) { id mutualFriends { id } } }',
    variables: (f) => ({ id: f.id, u: f.victimMember }),
    public: 'U ok ok ok ok ok ok',
    private: 'U NF F ok ok ok ok',
  },
  {
    name: 'relatedGroups',
    mutates: false,
    query: 'query ($id: ID!) { relatedGroups(id: $id) { total } }',
    variables: (f) => ({ id: f.id }),
    public: 'ok ok ok ok ok ok ok',
    private: 'NF NF ok ok ok ok ok',
  },
  {
    name: 'groupAuditLog',
    mutates: false,
    query: 'query ($id: ID!) { groupAuditLog(id: $id) { events { action } } }',
    variables: (f) => ({ id: f.id }),
    public: 'U F F F F ok ok',
    private: 'U NF F F F ok ok',
  },
  {
    name: 'updateGroup',
    mutates: true,
    query:
      'mutation ($id: ID!) { updateGroup(id: $id, group: { description: "New words" }) { description } }',
    variables: (f) => ({ id: f.id }),
    public: 'U F F F F ok ok',
    private: 'U NF F F F ok ok',
  },
  {
    name: 'deleteGroup',
    mutates: true,
    query: 'mutation ($id: ID!) { deleteGroup(id: $id) }',
    variables: (f) => ({ id: f.id }),
    public: 'U F F F F F ok',
    private: 'U NF F F F F ok',
  },
  {
    name: 'joinGroup',
    mutates: true,
    query: 'mutation ($id: ID!) { joinGroup(id: $id) { viewerStatus } }',
    variables: (f) => ({ id: f.id }),
    public: 'U ok ok ok ok ok ok',
    private: 'U NF ok ok ok ok ok',
  },
  {
    name: 'leaveGroup',
    mutates: true,
    query: 'mutation ($id: ID!) { leaveGroup(id: $id) }',
    variables: (f) => ({ id: f.id }),
    public: 'U C ok ok ok ok C',
    private: 'U NF ok ok ok ok C',
  },
  {
    name: 'quickJoinGroup',
    mutates: true,
    query:
      'mutation ($key: String!) { quickJoinGroup(key: $key, email: "visitor@example.org", source: "link") { status } }',
    variables: (f) => ({ key: f.key }),
    public: 'ok ok ok ok ok ok ok',
    private: 'ok ok ok ok ok ok ok',
  },
  {
    name: 'updateGroupMemberJoinStatus approve',
    mutates: true,
    query: 'mutation ($id: ID!, $u: Int!) { updateGroupMemberJoinStatus(id: $id, userId: $u, status: true) }',
    variables: (f) => ({ id: f.id, u: f.victimRequester }),
    public: 'U F F F ok ok ok',
    private: 'U NF F F ok ok ok',
  },
  {
    name: 'updateGroupMemberJoinStatus decline',
    mutates: true,
    query:
      'mutation ($id: ID!, $u: Int!) { updateGroupMemberJoinStatus(id: $id, userId: $u, status: false) }',
    variables: (f) => ({ id: f.id, u: f.victimRequester }),
    public: 'U F F F ok ok ok',
    private: 'U NF F F ok ok ok',
  },
  {
    name: 'removeGroupMember of a member',
    mutates: true,
    query: 'mutation ($id: ID!, $u: Int!) { removeGroupMember(id: $id, userId: $u) }',
    variables: (f) => ({ id: f.id, u: f.victimMember }),
    public: 'U F F F ok ok ok',
    private: 'U NF F F ok ok ok',
  },
  {
    name: 'removeGroupMember of a moderator',
    mutates: true,
    query: 'mutation ($id: ID!, $u: Int!) { removeGroupMember(id: $id, userId: $u) }',
    variables: (f) => ({ id: f.id, u: f.victimModerator }),
    public: 'U F F F F ok ok',
    private: 'U NF F F F ok ok',
  },
  {
    name: 'updateGroupMemberRole grant moderator',
    mutates: true,
    query: 'mutation ($id: ID!, $u: Int!) { updateGroupMemberRole(id: $id, userId: $u, role: "moderator") }',
    variables: (f) => ({ id: f.id, u: f.victimMember }),
    public: 'U F F F F ok ok',
    private: 'U NF F F F ok ok',
  },
  {
    name: 'updateGroupMemberRole grant admin',
    mutates: true,
    query: 'mutation ($id: ID!, $u: Int!) { updateGroupMemberRole(id: $id, userId: $u, role: "admin") }',
    variables: (f) => ({ id: f.id, u: f.victimMember }),
    public: 'U F F F F F ok',
    private: 'U NF F F F F ok',
  },
  {
    name: 'updateGroupMemberRole revoke moderator',
    mutates: true,
    query:
      'mutation ($id: ID!, $u: Int!) { updateGroupMemberRole(id: $id, userId: $u, role: "moderator", revoke: true) }',
    variables: (f) => ({ id: f.id, u: f.victimModerator }),
    public: 'U F F F F ok ok',
    private: 'U NF F F F ok ok',
  },
  {
    name: 'inviteToGroup',
    mutates: true,
    query:
      'mutation ($id: ID!, $u: ID) { inviteToGroup(id: $id, invitees: [{ id: $u }]) { id invitedUsers } }',
    variables: (f) => ({ id: f.id, u: f.outsider }),
    public: 'U F F ok ok ok ok',
    private: 'U NF F ok ok ok ok',
  },
  {
    name: 'removeGroupPlan',
    mutates: true,
    query: 'mutation ($id: ID!, $p: Int!) { removeGroupPlan(id: $id, planId: $p) }',
    variables: (f) => ({ id: f.id, p: f.planId }),
    public: 'U F F F ok ok ok',
    private: 'U NF F F ok ok ok',
  },
  {
    name: 'sendGroupPlan',
    mutates: true,
    query: 'mutation ($id: ID!, $p: Int!) { sendGroupPlan(id: $id, planId: $p) }',
    variables: (f) => ({ id: f.id, p: f.ownPlanId ?? f.planId }),
    public: 'U F F ok ok ok ok',
    private: 'U NF F ok ok ok ok',
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

async function buildFixture(kind: 'public' | 'private', actor: Actor): Promise<Fixture> {
  const [victimMember, victimModerator, victimRequester, outsider] = await Promise.all(
    ['Vim', 'Vmo', 'Vre', 'Out'].map((first) => buildUser(db(), first)),
  );
  const { group } = await buildGroup(
    db(),
    people.owner.userId,
    [
      { userId: people.admin.userId, role: 'admin' },
      { userId: people.moderator.userId, role: 'moderator' },
      { userId: people.member.userId },
      { userId: people.requester.userId, status: 'requested' },
      { userId: victimMember!.id },
      { userId: victimModerator!.id, role: 'moderator' },
      { userId: victimRequester!.id, status: 'requested' },
    ],
    { isPublic: kind === 'public', hasJoinRequests: kind === 'private' },
  );
  const { plan } = await buildPlan(db(), victimMember!.id, [], { groupId: group.id });
  const own = actor === 'visitor' ? null : (await buildPlan(db(), people[actor].userId)).plan.id;
  return {
    id: group.id,
    key: group.key,
    victimMember: victimMember!.id,
    victimModerator: victimModerator!.id,
    victimRequester: victimRequester!.id,
    outsider: outsider!.id,
    planId: plan.id,
    ownPlanId: own,
  };
}

const shared = new Map<string, Fixture>();

for (const kind of ['public', 'private'] as const) {
  describe(`on a ${kind} group`, () => {
    for (const operation of OPERATIONS) {
      const expected = operation[kind].split(' ');
      it(`${operation.name}: ${ACTORS.map((a, i) => `${a} ${expected[i]}`).join(', ')}`, async () => {
        expect(expected).toHaveLength(ACTORS.length);
        const answers: string[] = [];
        for (const actor of ACTORS) {
          let fixture = shared.get(kind);
          if (operation.mutates || !fixture) {
            fixture = await buildFixture(kind, actor);
            if (!operation.mutates) shared.set(kind, fixture);
          }
          const headers = actor === 'visitor' ? {} : people[actor].headers;
          const res = await t.gql(operation.query, operation.variables(fixture), headers);
          const code = res.errors?.[0]?.extensions?.code ?? null;
          const short = Object.entries(CODES).find(([, value]) => value === code)?.[0] ?? String(code);
          answers.push(short === 'ok' && res.errors ? `?${res.errors[0]?.message}` : short);
        }
        expect(answers.join(' ')).toBe(operation[kind]);
      });
    }
  });
}
