import {
  groupPermissions,
  type GroupAccessLevels,
  type GroupPermissions,
  type GroupRole,
  type GroupRules,
  type GroupViewer,
} from '@plaza/core/group-roles';
import type { RequestContext } from '../../graphql/context.ts';
import { plazaError } from '../../graphql/errors.ts';
import { groupLoaders, type GroupRow, type Membership } from './group-loaders.ts';

/** Where the viewer stands with one group, and what that lets them do (decision 0007). */
export interface GroupAccess {
  group: GroupRow;
  membership: Membership | null;
  /** The viewer's role when they are a member, else null. */
  role: GroupRole | null;
  viewer: GroupViewer;
  rules: GroupRules;
  permissions: GroupPermissions;
}

export function accessLevelsOf(group: GroupRow): GroupAccessLevels {
  return {
    view: group.viewMask,
    join: group.joinMask,
    createChatImage: group.createChatImageMask,
    createChatMessage: group.createChatMessageMask,
    createChatPoll: group.createChatPollMask,
    createChatVideo: group.createChatVideoMask,
    createPlan: group.createPlanMask,
  };
}

export function groupRules(group: GroupRow): GroupRules {
  return {
    levels: accessLevelsOf(group),
    hasJoinRequests: group.hasJoinRequests,
    isPaid: (group.priceCents ?? 0) > 0,
  };
}

export async function loadGroupAccess(context: RequestContext, group: GroupRow): Promise<GroupAccess> {
  const loaders = groupLoaders(context);
  const [membership, invitedByContact] = await Promise.all([
    loaders.membership.load(group.id),
    loaders.invitedByContact.load(group.id),
  ]);
  const viewer: GroupViewer = {
    signedIn: context.viewer !== null,
    status: membership?.status ?? null,
    role: membership?.role ?? null,
    invitedByContact,
  };
  const rules = groupRules(group);
  const permissions = groupPermissions(rules, viewer);
  // A group a moderator hid (decision 0018) lets nobody but its creator in: no chat, plans or members.
  const isHidden = group.hiddenAt !== null && group.creatorId !== context.viewer?.id;
  return {
    group,
    membership,
    role: membership?.status === 'member' ? membership.role : null,
    viewer,
    rules,
    permissions: isHidden ? noPermissions(permissions) : permissions,
  };
}

function noPermissions(permissions: GroupPermissions): GroupPermissions {
  const none = Object.fromEntries(Object.keys(permissions).map((name) => [name, false]));
  return none as unknown as GroupPermissions;
}

/** A refusal: sign in first when signed out, else FORBIDDEN. */
export function denied(context: RequestContext, message: string) {
  return context.viewer
    ? plazaError('FORBIDDEN', message)
    : plazaError('UNAUTHENTICATED', 'Please sign in first.');
}

export function requirePermission(
  context: RequestContext,
  access: GroupAccess,
  permission: keyof GroupPermissions,
  message: string,
): void {
  if (!access.permissions[permission]) throw denied(context, message);
}

/** Members, plans and chat of a group are for those its view mask admits. */
export function requireGroupContent(context: RequestContext, access: GroupAccess): void {
  requirePermission(context, access, 'view', 'Only members can see inside this group.');
}
