import { ACCESS_LEVEL, accessLevelNames, hasAccess } from './access-mask.ts';
import type { PlanResponseValue } from './plan-response.ts';

/** A plan's access levels of spec 3: the mask each action requires (spec 4 bits). */
export interface PlanAccessLevels {
  view: number;
  modify: number;
  share: number;
  createChatImage: number;
  createChatMessage: number;
  createChatPoll: number;
  createChatVideo: number;
}

/** What is known of the viewer toward one plan; every field false for a signed-out visitor. */
export interface PlanViewerFacts {
  isCreator: boolean;
  /** Invited by someone, or arrived through the plan's invite link. */
  isInvited: boolean;
  /** The viewer's responses to the plan (to any occurrence of a repeating plan). */
  responses: readonly PlanResponseValue[];
  /** The viewer follows the plan's creator. */
  followsCreator: boolean;
  /** The viewer is a member of the plan's group. */
  isGroupMember: boolean;
  /** The viewer belongs to the plan's organization (spec 6: same-organization viewing). */
  sameOrganization: boolean;
  /** A block stands between the viewer and the plan's creator, either way. */
  blockedWithCreator: boolean;
}

export const NO_PLAN_FACTS: PlanViewerFacts = {
  isCreator: false,
  isInvited: false,
  responses: [],
  followsCreator: false,
  isGroupMember: false,
  sameOrganization: false,
  blockedWithCreator: false,
};

const RESPONSE_BIT: Partial<Record<PlanResponseValue, number>> = {
  ATTENDING: ACCESS_LEVEL.attending,
  INTERESTED: ACCESS_LEVEL.interested,
  NEXT_TIME: ACCESS_LEVEL.nexttime,
};

/** The viewer's access mask toward a plan: everyone holds public; the rest follow from the facts. */
export function planViewerMask(facts: PlanViewerFacts): number {
  let mask = ACCESS_LEVEL.public;
  if (facts.isInvited) mask |= ACCESS_LEVEL.invited;
  for (const response of facts.responses) mask |= RESPONSE_BIT[response] ?? 0;
  if (facts.followsCreator) mask |= ACCESS_LEVEL.following;
  if (facts.isCreator) mask |= ACCESS_LEVEL.creator;
  if (facts.isGroupMember) mask |= ACCESS_LEVEL.member;
  return mask;
}

export const PLAN_VIEWER_ROLES = ['creator', 'invited', 'attending', 'member'] as const;
export type PlanViewerRole = (typeof PLAN_VIEWER_ROLES)[number];

/** Spec 6: the viewer roles on a plan, derived from the viewer's access mask. */
export function planViewerRoles(viewerMask: number): PlanViewerRole[] {
  const names = accessLevelNames(viewerMask);
  return PLAN_VIEWER_ROLES.filter((role) => (names as string[]).includes(role));
}

const ATTENDEES =
  ACCESS_LEVEL.invited | ACCESS_LEVEL.attending | ACCESS_LEVEL.interested | ACCESS_LEVEL.nexttime;

/**
 * Masks of a new plan. A public plan is seen by anyone; a private one by its creator, the people
 * invited or responding, and (in a group) the group's members. Only the creator modifies. Anyone
 * who may see a public plan may share it; a private plan is shared by those taking part.
 */
export function defaultPlanAccessLevels(input: { isPublic: boolean; inGroup: boolean }): PlanAccessLevels {
  const participants = ACCESS_LEVEL.creator | ATTENDEES | (input.inGroup ? ACCESS_LEVEL.member : 0);
  const view = input.isPublic ? ACCESS_LEVEL.public | participants : participants;
  return {
    view,
    modify: ACCESS_LEVEL.creator,
    share: input.isPublic ? ACCESS_LEVEL.public | participants : participants,
    createChatImage: participants,
    createChatMessage: participants,
    createChatPoll: participants,
    createChatVideo: participants,
  };
}

export function isPublicPlanMask(viewMask: number): boolean {
  return hasAccess(ACCESS_LEVEL.public, viewMask);
}

/** Spec 6: open invites are on when the share level is not creator-only. */
export function hasOpenInvites(shareMask: number): boolean {
  return (shareMask & ~ACCESS_LEVEL.creator & 0xff) !== 0;
}

/** What the viewer may do with a plan, computed by the server and sent to the client. */
export interface PlanPermissions {
  view: boolean;
  modify: boolean;
  share: boolean;
  /** Only the creator deletes a plan. */
  delete: boolean;
  /** Set an RSVP: anyone who may view, once signed in. */
  respond: boolean;
  /** Invite people: those who may share. */
  invite: boolean;
  chat: boolean;
  createChatMessage: boolean;
  createChatImage: boolean;
  createChatPoll: boolean;
  createChatVideo: boolean;
  openInvites: boolean;
}

/**
 * Spec 6: view holds when the view mask matches the viewer's level or the viewer belongs to the
 * plan's organization; modify, share and createChat* are checked the same way against their masks
 * (and need view). Chat needs the plan's chat flag and view. A signed-out visitor only views. A
 * plan blocked from explore is seen by its creator alone, and a block between the viewer and the
 * creator hides the plan whatever the masks say.
 */
export function planPermissions(input: {
  levels: PlanAccessLevels;
  facts: PlanViewerFacts;
  signedIn: boolean;
  chatEnabled: boolean;
  /** Explore status BLOCKED: the plan is hidden from everyone but its creator. */
  exploreBlocked?: boolean;
}): PlanPermissions {
  const mask = planViewerMask(input.facts);
  const view =
    (hasAccess(mask, input.levels.view) || input.facts.sameOrganization) &&
    (!input.exploreBlocked || input.facts.isCreator) &&
    !input.facts.blockedWithCreator;
  const can = (required: number) => input.signedIn && view && hasAccess(mask, required);
  const chat = input.chatEnabled && view && input.signedIn;
  return {
    view,
    modify: can(input.levels.modify),
    share: can(input.levels.share),
    delete: input.signedIn && input.facts.isCreator,
    respond: input.signedIn && view,
    invite: can(input.levels.share),
    chat,
    createChatMessage: chat && hasAccess(mask, input.levels.createChatMessage),
    createChatImage: chat && hasAccess(mask, input.levels.createChatImage),
    createChatPoll: chat && hasAccess(mask, input.levels.createChatPoll),
    createChatVideo: chat && hasAccess(mask, input.levels.createChatVideo),
    openInvites: hasOpenInvites(input.levels.share),
  };
}
