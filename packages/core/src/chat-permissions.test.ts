import { describe, expect, it } from 'vitest';
import {
  CHAT_PERMISSION_NAMES,
  directChatPermissions,
  groupChatPermissions,
  mayChangeMessage,
  planChatPermissions,
  type ChatPermissionName,
  type ChatPermissions,
} from './chat-permissions.ts';
import {
  defaultGroupAccessLevels,
  groupPermissions,
  type GroupMemberStatus,
  type GroupRole,
} from './group-roles.ts';
import { ACCESS_LEVEL } from './access-mask.ts';
import {
  NO_PLAN_FACTS,
  defaultPlanAccessLevels,
  planPermissions,
  type PlanViewerFacts,
} from './plan-access.ts';

/** The permissions that hold, in CHAT_PERMISSION_NAMES order, so a table row reads as a list. */
function held(permissions: ChatPermissions): ChatPermissionName[] {
  return CHAT_PERMISSION_NAMES.filter((name) => permissions[name]);
}

const WRITER: ChatPermissionName[] = [
  'read',
  'sendMessage',
  'threadMessage',
  'image',
  'memix',
  'video',
  'audio',
  'promptCreate',
  'pollCreate',
  'pollVote',
  'threadImage',
  'threadMemix',
  'threadVideo',
  'threadAudio',
  'threadPollCreate',
  'deleteOwn',
  'updateOwn',
];
const MODERATOR: ChatPermissionName[] = [...WRITER, 'deleteOthers', 'slowmodeBypass'];
const NOTHING: ChatPermissionName[] = [];

describe('group chat permissions, every role', () => {
  const cases: Array<{
    who: string;
    signedIn: boolean;
    status: GroupMemberStatus | null;
    role: GroupRole | null;
    isPublic: boolean;
    expected: ChatPermissionName[];
  }> = [
    { who: 'owner', signedIn: true, status: 'member', role: 'owner', isPublic: false, expected: MODERATOR },
    { who: 'admin', signedIn: true, status: 'member', role: 'admin', isPublic: false, expected: MODERATOR },
    {
      who: 'moderator',
      signedIn: true,
      status: 'member',
      role: 'moderator',
      isPublic: false,
      expected: MODERATOR,
    },
    { who: 'member', signedIn: true, status: 'member', role: 'member', isPublic: false, expected: WRITER },
    {
      who: 'member of a public group',
      signedIn: true,
      status: 'member',
      role: 'member',
      isPublic: true,
      expected: WRITER,
    },
    {
      who: 'join requester',
      signedIn: true,
      status: 'requested',
      role: null,
      isPublic: false,
      expected: NOTHING,
    },
    { who: 'invitee', signedIn: true, status: 'invited', role: null, isPublic: false, expected: NOTHING },
    {
      who: 'stranger at a public group',
      signedIn: true,
      status: null,
      role: null,
      isPublic: true,
      expected: NOTHING,
    },
    {
      who: 'signed-out visitor',
      signedIn: false,
      status: null,
      role: null,
      isPublic: true,
      expected: NOTHING,
    },
  ];
  it.each(cases)('$who', ({ signedIn, status, role, isPublic, expected }) => {
    const rules = { levels: defaultGroupAccessLevels(isPublic), hasJoinRequests: false, isPaid: false };
    const permissions = groupPermissions(rules, { signedIn, status, role });
    expect(held(groupChatPermissions({ permissions, isMember: status === 'member', role }))).toEqual(
      expected,
    );
  });

  it('follows the createChat* masks: a group where only the owner may post images', () => {
    const levels = { ...defaultGroupAccessLevels(false), createChatImage: ACCESS_LEVEL.creator };
    const rules = { levels, hasJoinRequests: false, isPaid: false };
    const member = groupPermissions(rules, { signedIn: true, status: 'member', role: 'member' });
    const owner = groupPermissions(rules, { signedIn: true, status: 'member', role: 'owner' });
    const forMember = groupChatPermissions({ permissions: member, isMember: true, role: 'member' });
    const forOwner = groupChatPermissions({ permissions: owner, isMember: true, role: 'owner' });
    expect([forMember.sendMessage, forMember.image, forMember.memix, forMember.threadImage]).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect([forOwner.image, forOwner.memix, forOwner.threadImage]).toEqual([true, true, true]);
  });

  it('a member whose message mask excludes them reads, votes and deletes their own, but writes nothing', () => {
    const levels = { ...defaultGroupAccessLevels(false), createChatMessage: ACCESS_LEVEL.creator };
    const rules = { levels, hasJoinRequests: false, isPaid: false };
    const permissions = groupPermissions(rules, { signedIn: true, status: 'member', role: 'member' });
    expect(held(groupChatPermissions({ permissions, isMember: true, role: 'member' }))).toEqual([
      'read',
      'pollVote',
      'deleteOwn',
    ]);
  });
});

describe('plan chat permissions, every viewer role', () => {
  const facts = (over: Partial<PlanViewerFacts>): PlanViewerFacts => ({ ...NO_PLAN_FACTS, ...over });
  const cases: Array<{
    who: string;
    facts: PlanViewerFacts;
    signedIn?: boolean;
    isPublic?: boolean;
    inGroup?: boolean;
    chatEnabled?: boolean;
    expected: ChatPermissionName[];
  }> = [
    { who: 'creator', facts: facts({ isCreator: true }), expected: MODERATOR },
    { who: 'invited', facts: facts({ isInvited: true }), expected: WRITER },
    { who: 'attending', facts: facts({ responses: ['ATTENDING'] }), expected: WRITER },
    { who: 'interested', facts: facts({ responses: ['INTERESTED'] }), expected: WRITER },
    { who: 'group member', facts: facts({ isGroupMember: true }), inGroup: true, expected: WRITER },
    { who: 'stranger at a private plan', facts: NO_PLAN_FACTS, expected: NOTHING },
    {
      who: 'stranger at a public plan (reads, may not write)',
      facts: NO_PLAN_FACTS,
      isPublic: true,
      expected: ['read', 'pollVote', 'deleteOwn'],
    },
    {
      who: 'signed-out visitor at a public plan',
      facts: NO_PLAN_FACTS,
      isPublic: true,
      signedIn: false,
      expected: NOTHING,
    },
    {
      who: 'creator with the chat flag off',
      facts: facts({ isCreator: true }),
      chatEnabled: false,
      expected: NOTHING,
    },
    {
      who: 'attending, chat flag off',
      facts: facts({ responses: ['ATTENDING'] }),
      chatEnabled: false,
      expected: NOTHING,
    },
    {
      who: 'attending, blocked by the creator',
      facts: facts({ responses: ['ATTENDING'], blockedWithCreator: true }),
      expected: NOTHING,
    },
  ];
  it.each(cases)('$who', (c) => {
    const levels = defaultPlanAccessLevels({ isPublic: c.isPublic ?? false, inGroup: c.inGroup ?? false });
    const permissions = planPermissions({
      levels,
      facts: c.facts,
      signedIn: c.signedIn ?? true,
      chatEnabled: c.chatEnabled ?? true,
    });
    expect(held(planChatPermissions({ permissions, isCreator: c.facts.isCreator }))).toEqual(c.expected);
  });
});

describe('direct message permissions', () => {
  it.each([
    {
      who: 'participant who may message',
      input: { isParticipant: true, blocked: false, mayWrite: true },
      expected: WRITER.concat('slowmodeBypass'),
    },
    {
      who: 'participant who may not start (canDm false, nothing received)',
      input: { isParticipant: true, blocked: false, mayWrite: false },
      expected: ['read', 'deleteOwn'] as ChatPermissionName[],
    },
    {
      who: 'participant separated by a block',
      input: { isParticipant: true, blocked: true, mayWrite: true },
      expected: ['read'] as ChatPermissionName[],
    },
    {
      who: 'anyone else',
      input: { isParticipant: false, blocked: false, mayWrite: true },
      expected: NOTHING,
    },
  ])('$who', ({ input, expected }) => {
    expect(held(directChatPermissions(input))).toEqual(expected);
  });
});

describe('changing messages', () => {
  it('own messages by updateOwn/deleteOwn, others’ by updateOthers/deleteOthers', () => {
    const permissions = { ...directChatPermissions({ isParticipant: true, blocked: false, mayWrite: true }) };
    expect(mayChangeMessage(permissions, 'update', true)).toBe(true);
    expect(mayChangeMessage(permissions, 'delete', true)).toBe(true);
    expect(mayChangeMessage(permissions, 'update', false)).toBe(false);
    expect(mayChangeMessage(permissions, 'delete', false)).toBe(false);
    const moderator = { ...permissions, deleteOthers: true };
    expect(mayChangeMessage(moderator, 'delete', false)).toBe(true);
  });
});
