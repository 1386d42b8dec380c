import {
  planPermissions,
  planViewerMask,
  type PlanAccessLevels,
  type PlanPermissions,
  type PlanViewerFacts,
} from '@plaza/core/plan-access';
import type { RequestContext } from '../../graphql/context.ts';
import { plazaError } from '../../graphql/errors.ts';
import { viewerIsAdmin } from '../moderation/site-admins.ts';
import { planLoaders, type PlanRow } from './plan-loaders.ts';
import { keptOn } from '../../once-per.ts';

/** Where the viewer stands with one plan, and what that lets them do (decision 0009). */
export interface PlanAccess {
  plan: PlanRow;
  facts: PlanViewerFacts;
  /** The viewer's access bits toward the plan (spec 4). */
  mask: number;
  levels: PlanAccessLevels;
  permissions: PlanPermissions;
}

export function planAccessLevels(plan: PlanRow): PlanAccessLevels {
  return {
    view: plan.viewMask,
    modify: plan.modifyMask,
    share: plan.shareMask,
    createChatImage: plan.createChatImageMask,
    createChatMessage: plan.createChatMessageMask,
    createChatPoll: plan.createChatPollMask,
    createChatVideo: plan.createChatVideoMask,
  };
}

/** Plans whose invite link (invite_key) this request carried: the holder counts as invited. */
const unlockedByLink = keptOn<RequestContext, Set<number>>();

export function unlockWithInviteKey(
  context: RequestContext,
  plan: PlanRow,
  inviteKey: string | null | undefined,
) {
  if (!inviteKey || inviteKey !== plan.inviteKey) return;
  let unlocked = unlockedByLink.get(context);
  if (!unlocked) unlockedByLink.set(context, (unlocked = new Set()));
  unlocked.add(plan.id);
}

/** Whether this request opened the plan with its invite link (so links made for it carry the key). */
export function unlockedByLinkIn(context: RequestContext, planId: number): boolean {
  return unlockedByLink.get(context)?.has(planId) ?? false;
}

export async function loadPlanAccess(context: RequestContext, plan: PlanRow): Promise<PlanAccess> {
  const known = await planLoaders(context).facts.load(plan.id);
  const facts = unlockedByLink.get(context)?.has(plan.id) ? { ...known, isInvited: true } : known;
  const levels = planAccessLevels(plan);
  // A plan a moderator hid (decision 0018) is gone, like a BLOCKED one, for all but its creator and
  // site administrators.
  const isHidden = plan.hiddenAt !== null && !(await viewerIsAdmin(context));
  return {
    plan,
    facts,
    mask: planViewerMask(facts),
    levels,
    permissions: planPermissions({
      levels,
      facts,
      signedIn: context.viewer !== null,
      chatEnabled: plan.chatEnabled,
      exploreBlocked: plan.exploreStatus === 'BLOCKED' || isHidden,
    }),
  };
}

/** The one answer for a plan the viewer may not see: it does not exist for them. */
export const planNotFound = () => plazaError('NOT_FOUND', 'This plan could not be found.');

/** A refusal on a plan the viewer may see: sign in first when signed out, else FORBIDDEN. */
export function planDenied(context: RequestContext, message: string) {
  return context.viewer
    ? plazaError('FORBIDDEN', message)
    : plazaError('UNAUTHENTICATED', 'Please sign in first.');
}
