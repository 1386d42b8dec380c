import { ACCESS_LEVEL, hasAccess } from './access-mask.ts';

/**
 * Group member roles (decision 0007). The spec names no roles; these four rank from most to least
 * trusted, and a member may only act on people ranked below them.
 */
export const GROUP_ROLES = ['owner', 'admin', 'moderator', 'member'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];

/** Roles that can be granted with updateGroupMemberRole; ownership is not handed over this way. */
export const GRANTABLE_GROUP_ROLES = ['admin', 'moderator'] as const satisfies readonly GroupRole[];
export type GrantableGroupRole = (typeof GRANTABLE_GROUP_ROLES)[number];

/** Where a person stands with a group: a member, someone waiting for an answer, someone invited. */
export type GroupMemberStatus = 'member' | 'requested' | 'invited';

const RANK: Record<GroupRole, number> = { owner: 4, admin: 3, moderator: 2, member: 1 };

export function isGroupRole(value: unknown): value is GroupRole {
  return typeof value === 'string' && (GROUP_ROLES as readonly string[]).includes(value);
}

export function isGrantableGroupRole(value: unknown): value is GrantableGroupRole {
  return typeof value === 'string' && (GRANTABLE_GROUP_ROLES as readonly string[]).includes(value);
}

export function roleRank(role: GroupRole): number {
  return RANK[role];
}

/** What each role may do beyond what every member may (decision 0007's table). */
export const ROLE_ABILITIES = {
  manageRequests: 'moderator',
  removeMembers: 'moderator',
  removePlans: 'moderator',
  update: 'admin',
  manageRoles: 'admin',
  readAudit: 'admin',
  delete: 'owner',
} as const satisfies Record<string, GroupRole>;
export type RoleAbility = keyof typeof ROLE_ABILITIES;

/** Whether a member with `role` holds `ability`: their rank reaches the ability's lowest role. */
export function roleCan(role: GroupRole | null, ability: RoleAbility): boolean {
  return role !== null && RANK[role] >= RANK[ROLE_ABILITIES[ability]];
}

/** An actor may remove a member only when they may remove members and rank strictly above them. */
export function canRemoveMember(actor: GroupRole | null, target: GroupRole): boolean {
  return roleCan(actor, 'removeMembers') && RANK[actor!] > RANK[target];
}

/**
 * Granting `role` to a member (or revoking it, back to member): the actor manages roles, ranks
 * above the target's current role, and above the role given or taken. So an admin names
 * moderators, and only the owner names or removes admins.
 */
export function canChangeRole(actor: GroupRole | null, target: GroupRole, role: GrantableGroupRole): boolean {
  return roleCan(actor, 'manageRoles') && RANK[actor!] > RANK[target] && RANK[actor!] > RANK[role];
}

/** The viewer's access mask toward a group (spec 4 bits): everyone is public; then invited, creator, member. */
export function groupViewerMask(input: { status: GroupMemberStatus | null; role: GroupRole | null }): number {
  let mask = ACCESS_LEVEL.public;
  if (input.status === 'invited') mask |= ACCESS_LEVEL.invited;
  if (input.status === 'member') {
    mask |= ACCESS_LEVEL.member;
    if (input.role === 'owner') mask |= ACCESS_LEVEL.creator;
  }
  return mask;
}

/** A group's access levels of spec 3: the mask each action requires. */
export interface GroupAccessLevels {
  view: number;
  join: number;
  createChatImage: number;
  createChatMessage: number;
  createChatPoll: number;
  createChatVideo: number;
  createPlan: number;
}

/** Masks of a new group: a public group is seen and joined by anyone, a private one by members and invitees. */
export function defaultGroupAccessLevels(isPublic: boolean): GroupAccessLevels {
  const members = ACCESS_LEVEL.member | ACCESS_LEVEL.creator;
  return {
    view: isPublic ? ACCESS_LEVEL.public | members : members,
    join: isPublic ? ACCESS_LEVEL.public : ACCESS_LEVEL.invited,
    createChatImage: members,
    createChatMessage: members,
    createChatPoll: members,
    createChatVideo: members,
    createPlan: members,
  };
}

/** The abilities the server computes for a viewer and sends to the client (the UI never re-derives them). */
export interface GroupPermissions {
  view: boolean;
  join: boolean;
  requestToJoin: boolean;
  leave: boolean;
  invite: boolean;
  createPlan: boolean;
  createChatMessage: boolean;
  createChatImage: boolean;
  createChatPoll: boolean;
  createChatVideo: boolean;
  manageRequests: boolean;
  removeMembers: boolean;
  removePlans: boolean;
  update: boolean;
  manageRoles: boolean;
  readAudit: boolean;
  delete: boolean;
  /** Joining needs a paid checkout first. */
  checkout: boolean;
}

export interface GroupViewer {
  signedIn: boolean;
  status: GroupMemberStatus | null;
  role: GroupRole | null;
  /** Invited by e-mail or phone before having an account, or by link (quickJoinGroup). */
  invitedByContact?: boolean;
}

export interface GroupRules {
  levels: GroupAccessLevels;
  hasJoinRequests: boolean;
  isPaid: boolean;
}

export type JoinOutcome = 'already' | 'member' | 'requested' | 'checkout' | 'forbidden';

/**
 * What joining does (decision 0007): members stay; a paid group needs checkout; an invitee joins
 * at once; a group with join requests takes a request; otherwise the join mask decides.
 */
export function joinOutcome(group: GroupRules, viewer: GroupViewer): JoinOutcome {
  if (!viewer.signedIn) return 'forbidden';
  if (viewer.status === 'member') return 'already';
  const invited = viewer.status === 'invited' || viewer.invitedByContact === true;
  if (group.isPaid) return 'checkout';
  if (invited) return 'member';
  if (group.hasJoinRequests) return 'requested';
  return hasAccess(groupViewerMask(viewer), group.levels.join) ? 'member' : 'forbidden';
}

export function groupPermissions(group: GroupRules, viewer: GroupViewer): GroupPermissions {
  const mask = groupViewerMask({
    status: viewer.invitedByContact && viewer.status === null ? 'invited' : viewer.status,
    role: viewer.role,
  });
  const isMember = viewer.status === 'member';
  const role = isMember ? viewer.role : null;
  const outcome = joinOutcome(group, viewer);
  const can = (required: number) => viewer.signedIn && hasAccess(mask, required);
  return {
    view: hasAccess(mask, group.levels.view),
    join: outcome === 'member',
    requestToJoin: outcome === 'requested' && viewer.status !== 'requested',
    leave: (isMember && role !== 'owner') || viewer.status === 'requested',
    invite: isMember,
    createPlan: isMember && can(group.levels.createPlan),
    createChatMessage: isMember && can(group.levels.createChatMessage),
    createChatImage: isMember && can(group.levels.createChatImage),
    createChatPoll: isMember && can(group.levels.createChatPoll),
    createChatVideo: isMember && can(group.levels.createChatVideo),
    manageRequests: roleCan(role, 'manageRequests'),
    removeMembers: roleCan(role, 'removeMembers'),
    removePlans: roleCan(role, 'removePlans'),
    update: roleCan(role, 'update'),
    manageRoles: roleCan(role, 'manageRoles'),
    readAudit: roleCan(role, 'readAudit'),
    delete: roleCan(role, 'delete'),
    checkout: outcome === 'checkout',
  };
}
