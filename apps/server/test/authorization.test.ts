import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphQLObjectType } from 'graphql';
import { schema } from '../src/graphql/schema.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';

/**
 * Deny by default: every root field must state who may call it. Operations open to everyone say
 * so with `authScopes: { public: true }`; a new field without a rule fails here.
 */
const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter(
  (type): type is GraphQLObjectType => type instanceof GraphQLObjectType,
);

function authScopesOf(field: { extensions?: unknown }): Record<string, unknown> | undefined {
  return (field.extensions as { pothosOptions?: { authScopes?: Record<string, unknown> } }).pothosOptions
    ?.authScopes;
}

describe('authorization rules', () => {
  it('finds the root fields to check', () => {
    const names = roots.flatMap((root) => Object.keys(root.getFields()));
    expect(names).toEqual(expect.arrayContaining(['healthcheck', 'tracking', 'sendDownloadLink', 'myself']));
  });

  for (const root of roots) {
    for (const field of Object.values(root.getFields())) {
      it(`${root.name}.${field.name} has an authorization rule`, () => {
        expect(authScopesOf(field), `${root.name}.${field.name} needs authScopes`).toBeDefined();
      });
    }
  }
});

/** One operation per root field that needs a signed-in caller, with valid arguments. */
const SIGNED_IN_OPERATIONS: Record<string, string> = {
  'Query.myself': '{ myself { user { id } } }',
  'Query.checkUsername': '{ checkUsername(username: "someone") { isAvailable } }',
  'Query.mySmsOptIn': '{ mySmsOptIn { smsContactsOptin } }',
  'Mutation.updateProfile': 'mutation { updateProfile(user: { first: "Eve" }) { id } }',
  'Mutation.verifyEmailChange':
    'mutation { verifyEmailChange(email: "eve@example.org", code: "123456") { id } }',
  'Mutation.verifyPhoneChange':
    'mutation { verifyPhoneChange(phone: "+14155552671", code: "123456") { id } }',
  'Mutation.updateProfilePrivate': 'mutation { updateProfilePrivate(user: { isPublic: false }) { channel } }',
  'Mutation.confirmProfilePrivate':
    'mutation { confirmProfilePrivate(user: { isPublic: false }, code: 123456) { id } }',
  'Mutation.updateProfileConsent': 'mutation { updateProfileConsent(optInSms: true) { smsContactsOptin } }',
  'Mutation.deleteMyAccount': 'mutation { deleteMyAccount(confirm: "eve") }',
  'Query.myFriends': '{ myFriends(withFriends: true, withRequests: true) { friends { total } } }',
  'Query.usersBasic': '{ usersBasic(ids: [1, 2]) { id } }',
  'Query.userProfile': '{ userProfile(id: 1) { id } }',
  'Query.myFollowSuggestions': '{ myFollowSuggestions { suggestedReason } }',
  'Query.mySubscriptions': '{ mySubscriptions { id } }',
  'Query.myContacts': '{ myContacts(type: "USERS") { nextMarker } }',
  'Mutation.updateFriendship':
    'mutation { updateFriendship(userId: 2, action: FOLLOW) { friendshipStatus } }',
  'Mutation.importContacts':
    'mutation { importContacts(format: CSV, text: "name,email\\nAna,ana@example.org") { imported } }',
  'Mutation.inviteContact': 'mutation { inviteContact(email: "ana@example.org") }',
  'Query.myGroups': '{ myGroups { id } }',
  'Query.groupSuggestions': '{ groupSuggestions { id title image } }',
  'Query.groupMemberCommon': '{ groupMemberCommon(id: 1, userId: 2) { id } }',
  'Query.groupAuditLog': '{ groupAuditLog(id: 1) { nextMarker } }',
  'Mutation.createGroup': 'mutation { createGroup(group: { title: "Hikers" }) { id } }',
  'Mutation.updateGroup': 'mutation { updateGroup(id: 1, group: { title: "Hikers" }) { id } }',
  'Mutation.deleteGroup': 'mutation { deleteGroup(id: 1) }',
  'Mutation.joinGroup': 'mutation { joinGroup(id: 1) { id } }',
  'Mutation.leaveGroup': 'mutation { leaveGroup(id: 1) }',
  'Mutation.inviteToGroup': 'mutation { inviteToGroup(id: 1, invitees: [{ id: 2 }]) { id } }',
  'Mutation.removeGroupMember': 'mutation { removeGroupMember(id: 1, userId: 2) }',
  'Mutation.updateGroupMemberJoinStatus':
    'mutation { updateGroupMemberJoinStatus(id: 1, userId: 2, status: true) }',
  'Mutation.updateGroupMemberRole': 'mutation { updateGroupMemberRole(id: 1, userId: 2, role: "admin") }',
  'Mutation.removeGroupPlan': 'mutation { removeGroupPlan(id: 1, planId: 2) }',
  'Mutation.sendGroupPlan': 'mutation { sendGroupPlan(id: 1, planId: 2) }',
  'Mutation.startGroupCheckout': 'mutation { startGroupCheckout(id: 1) { url } }',
  'Mutation.cancelSubscription': 'mutation { cancelSubscription(id: 1) }',
  'Query.myGroupSubscriptions': '{ myGroupSubscriptions { id } }',
  'Query.myPlans': '{ myPlans(page: 1, dateFilter: "upcoming") { hasMore } }',
  'Mutation.createPlan': 'mutation { createPlan(plan: { title: "Picnic" }) { key } }',
  'Mutation.updatePlan': 'mutation { updatePlan(key: "abcdefghij", plan: { title: "Picnic" }) { key } }',
  'Mutation.deletePlan': 'mutation { deletePlan(key: "abcdefghij") }',
  'Mutation.respondToPlan': 'mutation { respondToPlan(key: "abcdefghij", response: ATTENDING) { key } }',
  'Mutation.inviteToPlan': 'mutation { inviteToPlan(key: "abcdefghij", invitees: [{ id: 2 }]) { key } }',
  'Query.myCalendarFeed': '{ myCalendarFeed { active createdAt url webcalUrl } }',
  'Mutation.createCalendarFeed': 'mutation { createCalendarFeed { url webcalUrl } }',
  'Mutation.revokeCalendarFeed': 'mutation { revokeCalendarFeed }',
  'Query.myLocation': '{ myLocation { id name city coordinates { latitude longitude } } }',
  'Mutation.setMyLocation': 'mutation { setMyLocation(placeId: null) { id } }',
  'Query.myChats': '{ myChats { key unreadCount } }',
  'Query.chat': '{ chat(key: "abcdefghij") { key } }',
  'Mutation.openDirectChat': 'mutation { openDirectChat(userId: 2) { key } }',
  'Mutation.sendMessage':
    'mutation { sendMessage(chatKey: "abcdefghij", clientId: "c1", text: "hi") { key } }',
  'Mutation.editMessage': 'mutation { editMessage(key: "abcdefghij", text: "hi") { key } }',
  'Mutation.deleteMessage': 'mutation { deleteMessage(key: "abcdefghij") { key } }',
  'Mutation.markChatSeen': 'mutation { markChatSeen(key: "abcdefghij", seq: 1) { key } }',
  'Mutation.hideChat': 'mutation { hideChat(key: "abcdefghij", hidden: true) { key } }',
  'Mutation.muteChat': 'mutation { muteChat(key: "abcdefghij", until: null) { key } }',
  'Subscription.chatEvents': 'subscription { chatEvents(key: "abcdefghij", afterRev: 0) { kind } }',
  'Query.searchChats': '{ searchChats(text: "ana") { key } }',
  'Mutation.createPoll':
    'mutation { createPoll(chatKey: "abcdefghij", clientId: "c1", title: "t", options: ["a", "b"]) { key } }',
  'Mutation.createPrompt':
    'mutation { createPrompt(chatKey: "abcdefghij", clientId: "c1", question: "q?") { key } }',
  'Mutation.votePoll': 'mutation { votePoll(messageKey: "abcdefghij", optionIds: [1]) { key } }',
  'Mutation.markThreadSeen': 'mutation { markThreadSeen(messageKey: "abcdefghij") { key } }',
  'Mutation.markThreadTabSeen': 'mutation { markThreadTabSeen(chatKey: "abcdefghij") { key } }',
  'Mutation.removeChat': 'mutation { removeChat(key: "abcdefghij") }',
  'Mutation.setChatRateLimit': 'mutation { setChatRateLimit(key: "abcdefghij", seconds: 10) { key } }',
  'Subscription.myChatEvents': 'subscription { myChatEvents { kind } }',
  'Query.chatMedia': '{ chatMedia(chatKey: "abcdefghij") { nextBefore items { key } } }',
  'Query.getOpenGraph': '{ getOpenGraph(urls: ["https://example.org/"]) { url status } }',
  'Query.myActivities': '{ myActivities(since: 0) { unreadCount } }',
  'Query.notificationSettings': '{ notificationSettings { emailDigest } }',
  'Mutation.clearNotifications': 'mutation { clearNotifications(type: ALL) }',
  'Mutation.markActivityRead': 'mutation { markActivityRead(id: 1) }',
  'Mutation.updateNotificationPreference':
    'mutation { updateNotificationPreference(type: MENTION, channel: PUSH, enabled: false) { emailDigest } }',
  'Mutation.updateNotificationSettings':
    'mutation { updateNotificationSettings(settings: { emailDigest: false }) { emailDigest } }',
  'Mutation.muteNotifications': 'mutation { muteNotifications(type: PLAN, key: "abcdefghij") }',
  'Mutation.unmuteNotifications': 'mutation { unmuteNotifications(type: GROUP, key: "abcdefghij") }',
  'Subscription.myActivityEvents': 'subscription { myActivityEvents { unreadCount } }',
  'Mutation.subscribePush':
    'mutation { subscribePush(subscription: { endpoint: "https://push.example.com/x", keys: { p256dh: "x", auth: "y" } }) }',
  'Mutation.unsubscribePush': 'mutation { unsubscribePush(endpoint: "https://push.example.com/x") }',
  'Mutation.registerFirebaseToken': 'mutation { registerFirebaseToken(token: "t") }',
  'Mutation.unregisterFirebaseToken': 'mutation { unregisterFirebaseToken(token: "t") }',
  'Mutation.reportModel': 'mutation { reportModel(type: EVENT, typeId: 1, reasonId: 1) { id } }',
  'Mutation.joinOrganization': 'mutation { joinOrganization(email: "ana@uni.example") { codeSent } }',
  'Mutation.verifyOrganizationEmail':
    'mutation { verifyOrganizationEmail(email: "ana@uni.example", code: "123456") { id } }',
  'Mutation.leaveOrganization': 'mutation { leaveOrganization(id: 1) }',
  'Mutation.setOrganizationMember':
    'mutation { setOrganizationMember(id: 1, userId: 2, role: ADMIN) { id } }',
  'Mutation.removeOrganizationMember': 'mutation { removeOrganizationMember(id: 1, userId: 2) }',
  'Mutation.confirmCompliance': 'mutation { confirmCompliance(version: "v1") }',
};

describe('fields for signed-in people', () => {
  let t: TestPlaza;
  beforeAll(async () => {
    t = await startTestPlaza();
  });
  afterAll(() => t.close());

  it('each have an operation below, so none is left untested', () => {
    const signedIn = roots.flatMap((root) =>
      Object.values(root.getFields())
        .filter((field) => authScopesOf(field)?.signedIn === true)
        .map((field) => `${root.name}.${field.name}`),
    );
    expect(Object.keys(SIGNED_IN_OPERATIONS).sort()).toEqual(signedIn.sort());
  });

  for (const [name, operation] of Object.entries(SIGNED_IN_OPERATIONS)) {
    it(`${name} refuses a signed-out caller with UNAUTHENTICATED`, async () => {
      const res = await t.gql(operation);
      expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect(res.data?.[name.split('.')[1]!] ?? null).toBeNull();
    });

    it(`${name} refuses a forged bearer token`, async () => {
      const res = await t.gql(operation, {}, { authorization: 'Bearer forged-token-forged-token-forged' });
      expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    });
  }
});

/**
 * One operation per root field for site administrators only (decision 0018). Signed-in people who
 * are not administrators are refused with FORBIDDEN in moderation.test.ts.
 */
const ADMIN_OPERATIONS: Record<string, string> = {
  'Query.moderationQueue': '{ moderationQueue(status: OPEN) { nextMarker } }',
  'Query.moderationLog': '{ moderationLog { nextMarker } }',
  'Query.siteAdmins': '{ siteAdmins { source } }',
  'Mutation.moderateContent': 'mutation { moderateContent(type: EVENT, typeId: 1, action: HIDE) { id } }',
  'Mutation.grantAdmin': 'mutation { grantAdmin(userId: 2) { id } }',
  'Mutation.revokeAdmin': 'mutation { revokeAdmin(userId: 2) { id } }',
  'Mutation.createOrganization':
    'mutation { createOrganization(name: "Uni", domains: ["uni.example"]) { id } }',
};

describe('fields for site administrators', () => {
  let t: TestPlaza;
  beforeAll(async () => {
    t = await startTestPlaza();
  });
  afterAll(() => t.close());

  it('each have an operation below, so none is left untested', () => {
    const adminOnly = roots.flatMap((root) =>
      Object.values(root.getFields())
        .filter((field) => authScopesOf(field)?.admin === true)
        .map((field) => `${root.name}.${field.name}`),
    );
    expect(Object.keys(ADMIN_OPERATIONS).sort()).toEqual(adminOnly.sort());
  });

  for (const [name, operation] of Object.entries(ADMIN_OPERATIONS)) {
    it(`${name} refuses a signed-out caller with UNAUTHENTICATED`, async () => {
      const res = await t.gql(operation);
      expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect(res.data?.[name.split('.')[1]!] ?? null).toBeNull();
    });
  }
});
