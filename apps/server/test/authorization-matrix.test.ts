import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GraphQLObjectType,
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isLeafType,
  isNonNullType,
  isObjectType,
  isInterfaceType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
} from 'graphql';
import { eq } from 'drizzle-orm';
import { chatMembers, groupMembers, groups, messages, planResponses, plans } from '../src/db/schema/index.ts';
import { schema } from '../src/graphql/schema.ts';
import { startTestPlaza, type GraphQLResponse, type TestPlaza } from './harness.ts';
import { buildGroup, buildMessage, buildPlan } from './support/factories.ts';
import { newPerson, type Person } from './support/people.ts';

/**
 * Issue 12 point 2: every root field, called by every kind of caller on public, private and
 * direct-message objects. The operation of each field is generated from the schema (its required
 * arguments filled from the seeded world, every scalar of its answer two levels deep selected), so
 * the table below says only which object a field takes; a root field missing from it fails.
 *
 * What fails: a field other than the public ones answering a signed-out visitor; an administrators'
 * field answering anyone else; an answer carrying the secret words of a private plan, a private
 * group or a direct message to a caller who may not see them; a refused mutation that changed a
 * row of plans, responses, groups, members, chats or messages. Who may do what among those allowed
 * (a member versus the owner) is the domain matrices' part (plans-, groups-authorization).
 */

const CALLERS = ['visitor', 'stranger', 'blocked', 'member', 'moderator', 'admin', 'owner'] as const;
type Caller = (typeof CALLERS)[number];

/** The object a root field acts on; '-' for none (the caller's own things, or public lists). */
type Target = '-' | 'plan' | 'group' | 'chat' | 'message' | 'user';

const TARGETS: Record<string, Target> = {};
const T = (target: Target, names: string) => {
  for (const name of names.split(/\s+/).filter(Boolean)) TARGETS[name] = target;
};
T(
  'plan',
  `Query.plan Query.planAttendees Query.planOccurrences
   Query.groupPlans Mutation.updatePlan Mutation.deletePlan Mutation.respondToPlan
   Mutation.inviteToPlan Mutation.muteNotifications Mutation.unmuteNotifications`,
);
T(
  'group',
  `Query.group Query.groupMembers Query.groupMemberCommon Query.groupAuditLog
   Mutation.updateGroup Mutation.deleteGroup Mutation.joinGroup
   Mutation.leaveGroup Mutation.inviteToGroup Mutation.removeGroupMember Mutation.updateGroupMemberJoinStatus
   Mutation.updateGroupMemberRole Mutation.removeGroupPlan Mutation.sendGroupPlan Mutation.startGroupCheckout
   Mutation.cancelSubscription`,
);
T(
  'chat',
  `Query.chat Query.chatPublicPage Query.chatMedia Subscription.chatEvents Mutation.sendMessage Mutation.markChatSeen Mutation.hideChat
   Mutation.muteChat Mutation.createPoll Mutation.createPrompt Mutation.markThreadTabSeen Mutation.removeChat
   Mutation.setChatRateLimit`,
);
T('group', `Mutation.quickJoinGroup Query.relatedGroups Query.searchGroupMembers`);
T('message', `Mutation.editMessage Mutation.deleteMessage Mutation.votePoll Mutation.markThreadSeen`);
T(
  'user',
  `Query.userProfile Query.usersBasic Mutation.updateFriendship Mutation.openDirectChat Query.publicProfile`,
);

const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter(
  (type): type is GraphQLObjectType => type instanceof GraphQLObjectType,
);
const allFields = roots.flatMap((root) =>
  Object.values(root.getFields()).map((field) => ({ root, field, name: `${root.name}.${field.name}` })),
);

/** Fields whose target is not named above take no object: the caller's own things or public ones. */
function targetOf(name: string): Target {
  return TARGETS[name] ?? '-';
}

function scopesOf(field: GraphQLField<unknown, unknown>): Record<string, unknown> {
  return (
    (field.extensions as { pothosOptions?: { authScopes?: Record<string, unknown> } }).pothosOptions
      ?.authScopes ?? {}
  );
}

interface World {
  people: Record<Exclude<Caller, 'visitor'>, Person>;
  privatePlan: { id: number; key: string; chatKey: string };
  publicPlan: { id: number; key: string; chatKey: string };
  privateGroup: { id: number; key: string; chatKey: string };
  publicGroup: { id: number; key: string; chatKey: string };
  dm: { key: string; messageKey: string };
}

/** Words only those who may see each private object may ever read in an answer. */
const SECRET = {
  plan: 'SecretPlanWords',
  dm: 'SecretDirectWords',
  planChat: 'SecretPlanChatWords',
  groupChat: 'SecretGroupChatWords',
};

/** Who may read each secret. Administrators read what is reported to them, not private objects. */
const MAY_SEE: Record<keyof typeof SECRET, Caller[]> = {
  plan: ['member', 'owner'],
  dm: ['member', 'owner'],
  planChat: ['member', 'owner'],
  groupChat: ['member', 'moderator', 'owner'],
};

interface Variant {
  label: string;
  /** The values arguments take for this object. */
  values: {
    key?: string;
    id?: number;
    chatKey?: string;
    messageKey?: string;
    planKey?: string;
    userId?: number;
  };
}

function variantsOf(target: Target, w: World): Variant[] {
  switch (target) {
    case 'plan':
      return [
        {
          label: 'private plan',
          values: {
            key: w.privatePlan.key,
            planKey: w.privatePlan.key,
            id: w.privatePlan.id,
            userId: w.people.member.userId,
          },
        },
        {
          label: 'public plan',
          values: {
            key: w.publicPlan.key,
            planKey: w.publicPlan.key,
            id: w.publicPlan.id,
            userId: w.people.member.userId,
          },
        },
      ];
    case 'group':
      return [
        {
          label: 'private group',
          values: {
            key: w.privateGroup.key,
            id: w.privateGroup.id,
            userId: w.people.member.userId,
            planKey: w.privatePlan.key,
          },
        },
        {
          label: 'public group',
          values: {
            key: w.publicGroup.key,
            id: w.publicGroup.id,
            userId: w.people.member.userId,
            planKey: w.publicPlan.key,
          },
        },
      ];
    case 'chat':
      return [
        { label: 'direct chat', values: { key: w.dm.key, chatKey: w.dm.key } },
        {
          label: 'private plan chat',
          values: { key: w.privatePlan.chatKey, chatKey: w.privatePlan.chatKey },
        },
        {
          label: 'private group chat',
          values: { key: w.privateGroup.chatKey, chatKey: w.privateGroup.chatKey },
        },
      ];
    case 'message':
      return [{ label: 'direct message', values: { key: w.dm.messageKey, messageKey: w.dm.messageKey } }];
    case 'user':
      return [{ label: 'the owner', values: { id: w.people.owner.userId, userId: w.people.owner.userId } }];
    default:
      return [
        {
          label: 'no object',
          values: { id: w.privatePlan.id, key: w.privatePlan.key, userId: w.people.owner.userId },
        },
      ];
  }
}

/** A literal for a required input of type `type`, named `name`, for this object. */
function literalFor(name: string, type: GraphQLInputType, values: Variant['values'], depth = 0): string {
  const inner = getNullableType(type) as GraphQLInputType;
  if (isListType(inner)) return `[${literalFor(name, inner.ofType, values, depth)}]`;
  if (isEnumType(inner)) return inner.getValues()[0]!.name;
  if (isInputObjectType(inner)) {
    if (depth > 3) return '{}';
    const fields = Object.values(inner.getFields()).filter(
      (f) => isNonNullType(f.type) && f.defaultValue === undefined,
    );
    return `{ ${fields.map((f) => `${f.name}: ${literalFor(f.name, f.type, values, depth + 1)}`).join(', ')} }`;
  }
  const scalar = getNamedType(inner).name;
  const lower = name.toLowerCase();
  if (scalar === 'Int' || scalar === 'Float' || scalar === 'ID') {
    const id =
      lower === 'userid' || lower === 'userids' ? values.userId : lower === 'planid' ? undefined : values.id;
    const value = id ?? 1;
    return scalar === 'ID' ? JSON.stringify(String(value)) : String(value);
  }
  if (scalar === 'Boolean') return 'false';
  if (lower === 'chatkey') return JSON.stringify(values.chatKey ?? values.key ?? 'abcdefghij');
  if (lower === 'messagekey') return JSON.stringify(values.messageKey ?? values.key ?? 'abcdefghij');
  if (lower === 'plankey') return JSON.stringify(values.planKey ?? values.key ?? 'abcdefghij');
  if (lower === 'key' || lower === 'slugorid' || lower === 'keyorid')
    return JSON.stringify(values.key ?? 'abcdefghij');
  if (lower === 'clientid') return JSON.stringify(`c${Math.random().toString(36).slice(2)}`);
  if (lower === 'email') return '"nobody@example.org"';
  if (lower === 'phone') return '"+14155552671"';
  return '"x"';
}

function argumentsOf(args: readonly GraphQLArgument[], values: Variant['values']): string {
  const wanted = args.filter(
    (a) =>
      (isNonNullType(a.type) && a.defaultValue === undefined) ||
      ['key', 'id', 'chatKey', 'planKey', 'userId'].includes(a.name),
  );
  if (wanted.length === 0) return '';
  return `(${wanted.map((a) => `${a.name}: ${literalFor(a.name, a.type, values)}`).join(', ')})`;
}

/** Every scalar of an answer without required arguments, objects followed `levels` deep. */
function selectionOf(type: GraphQLOutputType, levels: number): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return '';
  if (!isObjectType(named) && !isInterfaceType(named)) return '{ __typename }';
  const parts = ['__typename'];
  for (const field of Object.values(named.getFields())) {
    if (field.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined)) continue;
    const fieldType = getNamedType(field.type);
    if (isLeafType(fieldType)) parts.push(field.name);
    else if (levels > 0) parts.push(`${field.name} ${selectionOf(field.type, levels - 1)}`);
  }
  return `{ ${parts.join(' ')} }`;
}

function operationFor(
  root: GraphQLObjectType,
  field: GraphQLField<unknown, unknown>,
  variant: Variant,
): string {
  const keyword = root.name === 'Query' ? 'query' : root.name === 'Mutation' ? 'mutation' : 'subscription';
  return `${keyword} { ${field.name}${argumentsOf(field.args, variant.values)} ${selectionOf(field.type, 1)} }`;
}

let t: TestPlaza;
let w: World;

async function call(caller: Caller, operation: string): Promise<GraphQLResponse> {
  const headers = caller === 'visitor' ? {} : w.people[caller].headers;
  const response = await t.plaza.yoga.fetch('http://plaza.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...headers },
    body: JSON.stringify({ query: operation }),
    signal: AbortSignal.timeout(3_000),
  });
  expect(response.status, `${caller}: ${operation}`).toBeLessThan(500);
  const text = await Promise.race([
    response.text(),
    new Promise<string>((resolve) => setTimeout(() => resolve('{"data":{"streaming":true}}'), 1_500)),
  ]);
  try {
    return { status: response.status, ...(JSON.parse(text) as object) };
  } catch {
    // A subscription answers as a stream: no refusal to read, its first bytes checked for secrets.
    return { status: response.status, data: { streaming: text } };
  }
}

/** The rows a refused mutation must leave as they were. */
async function snapshot(): Promise<string> {
  const db = t.plaza.platform.store.db;
  const [p, r, g, m, c, msg] = await Promise.all([
    db.select().from(plans).orderBy(plans.id),
    db.select().from(planResponses).orderBy(planResponses.planId, planResponses.userId),
    db.select().from(groups).orderBy(groups.id),
    db.select().from(groupMembers).orderBy(groupMembers.groupId, groupMembers.userId),
    db.select().from(chatMembers).orderBy(chatMembers.chatId, chatMembers.userId),
    db.select().from(messages).orderBy(messages.id),
  ]);
  // Reading a chat may move one's own read marker; what others may change is compared.
  const members = c.map(({ chatId, userId, hidden, mutedUntil, role }: Record<string, unknown>) => ({
    chatId,
    userId,
    hidden,
    mutedUntil,
    role,
  }));
  return JSON.stringify([p, r, g, m, members, msg]);
}

beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1', PLAZA_ADMINS: 'matrix-admin@example.org' });
  const db = t.plaza.platform.store.db;
  const owner = await newPerson(t, 'Owner');
  const member = await newPerson(t, 'Member');
  const moderator = await newPerson(t, 'Moderator');
  const stranger = await newPerson(t, 'Stranger');
  const blocked = await newPerson(t, 'Blocked');
  const { signInWithEmail } = await import('./support/sign-in.ts');
  const adminSignedIn = await signInWithEmail(t, 'matrix-admin@example.org');
  const admin = { ...adminSignedIn, username: 'matrixadmin', email: 'matrix-admin@example.org' };
  const people = { owner, member, moderator, stranger, blocked, admin };

  const privateGroup = await buildGroup(db, owner.userId, [
    { userId: member.userId },
    { userId: moderator.userId, role: 'moderator' },
  ]);
  // A private group's title and description are shown to everyone (its page asks to join); its
  // chat, plans and members are not.
  await buildMessage(db, privateGroup.chat.id, owner.userId, SECRET.groupChat);
  const publicGroup = await buildGroup(db, owner.userId, [{ userId: member.userId }], { isPublic: true });
  const privatePlan = await buildPlan(
    db,
    owner.userId,
    [{ userId: member.userId, response: 'ATTENDING', invited: true }],
    {
      isPublic: false,
    },
  );
  await db
    .update(plans)
    .set({ title: SECRET.plan, description: SECRET.plan })
    .where(eq(plans.id, privatePlan.plan.id));
  await db
    .insert(chatMembers)
    .values([owner.userId, member.userId].map((userId) => ({ chatId: privatePlan.chat.id, userId })))
    .onConflictDoNothing();
  await buildMessage(db, privatePlan.chat.id, owner.userId, SECRET.planChat);
  const publicPlan = await buildPlan(db, owner.userId, [], { isPublic: true });

  const opened = await t.gql<{ openDirectChat: { key: string } }>(
    `mutation { openDirectChat(userId: ${member.userId}) { key } }`,
    {},
    owner.headers,
  );
  const dmKey = opened.data!.openDirectChat.key;
  const sent = await t.gql<{ sendMessage: { key: string } }>(
    `mutation { sendMessage(chatKey: "${dmKey}", clientId: "m1", text: "${SECRET.dm}") { key } }`,
    {},
    owner.headers,
  );
  expect(sent.errors).toBeUndefined();
  const blocking = await t.gql(
    `mutation { updateFriendship(userId: ${blocked.userId}, action: BLOCK) { friendshipStatus } }`,
    {},
    owner.headers,
  );
  expect(blocking.errors).toBeUndefined();

  w = {
    people,
    privatePlan: { id: privatePlan.plan.id, key: privatePlan.plan.key, chatKey: privatePlan.chat.key },
    publicPlan: { id: publicPlan.plan.id, key: publicPlan.plan.key, chatKey: publicPlan.chat.key },
    privateGroup: { id: privateGroup.group.id, key: privateGroup.group.key, chatKey: privateGroup.chat.key },
    publicGroup: { id: publicGroup.group.id, key: publicGroup.group.key, chatKey: publicGroup.chat.key },
    dm: { key: dmKey, messageKey: sent.data!.sendMessage.key },
  };
}, 120_000);
afterAll(() => t.close());

describe('the authorization matrix', () => {
  it('names a target for every root field it knows of, and knows every root field', () => {
    const names = new Set(allFields.map((f) => f.name));
    const unknown = Object.keys(TARGETS).filter((name) => !names.has(name));
    expect(unknown, 'table rows for fields the schema does not have').toEqual([]);
    // Every field takes an object named in TARGETS or none; a new field taking an object
    // (an argument named like one) must be placed in the table.
    const objectLike = /^(key|chatKey|planKey|messageKey|groupId|planId|userId|id)$/;
    const unplaced = allFields
      .filter(({ name, field }) => !(name in TARGETS) && field.args.some((a) => objectLike.test(a.name)))
      .map(({ name }) => name);
    expect(unplaced.sort(), 'fields taking an object but missing from the table').toEqual(UNTARGETED.sort());
  });

  for (const { root, field, name } of allFields) {
    it(`${name}`, async () => {
      const scopes = scopesOf(field);
      const isPublic = scopes.public === true;
      const adminOnly = scopes.admin === true;
      const mutation = root.name === 'Mutation';
      for (const variant of variantsOf(targetOf(name), w)) {
        for (const caller of CALLERS) {
          // Mutations run only for callers who may change nothing here, so the world stays as seeded.
          const mayChange =
            caller === 'owner' || caller === 'admin' || caller === 'member' || caller === 'moderator';
          if (mutation && mayChange) continue;
          // Public objects take strangers' answers and joins; changes are checked on private ones,
          // and a person only by the one they blocked.
          if (mutation && /public/.test(variant.label)) continue;
          if (mutation && targetOf(name) === 'user' && caller !== 'blocked' && caller !== 'visitor') continue;
          if (mutation && targetOf(name) === '-' && (caller !== 'visitor' || isPublic)) continue;
          const before = mutation ? await snapshot() : '';
          const answer = await call(caller, operationFor(root, field, variant));
          const where = `${name} by ${caller} on ${variant.label}`;
          const code = answer.errors?.[0]?.extensions?.code;
          const value = (answer.data as Record<string, unknown> | null | undefined)?.[field.name] ?? null;
          if (caller === 'visitor' && !isPublic) {
            expect(code, where).toBe('UNAUTHENTICATED');
            expect(value, where).toBeNull();
          }
          if (adminOnly && caller !== 'admin' && caller !== 'visitor') {
            expect(code, where).toBe('FORBIDDEN');
            expect(value, where).toBeNull();
          }
          const text = JSON.stringify(answer);
          for (const [secret, words] of Object.entries(SECRET) as Array<[keyof typeof SECRET, string]>) {
            if (!MAY_SEE[secret].includes(caller))
              expect(text, `${where} reveals ${secret}`).not.toContain(words);
          }
          if (mutation) {
            expect(
              answer.errors?.length ?? 0,
              `${where} must be refused: ${text.slice(0, 300)}`,
            ).toBeGreaterThan(0);
            expect(await snapshot(), `${where} changed rows`).toBe(before);
          }
        }
      }
    });
  }
});

/** Fields with an object-like argument that take no object of the seeded world (ids of other kinds). */
const UNTARGETED: string[] = [
  'Mutation.grantAdmin',
  'Mutation.revokeAdmin',
  'Mutation.moderateContent',
  'Mutation.reportModel',
  'Mutation.leaveOrganization',
  'Mutation.removeOrganizationMember',
  'Mutation.setOrganizationMember',
  'Mutation.markActivityRead',
  'Query.getLocationDetails',
  'Query.myContacts',
];
