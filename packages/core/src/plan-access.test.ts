import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ACCESS_LEVEL } from './access-mask.ts';
import {
  NO_PLAN_FACTS,
  defaultPlanAccessLevels,
  hasOpenInvites,
  planPermissions,
  planViewerMask,
  planViewerRoles,
  type PlanViewerFacts,
} from './plan-access.ts';

const facts = (over: Partial<PlanViewerFacts>): PlanViewerFacts => ({ ...NO_PLAN_FACTS, ...over });
const VIEWERS: Record<string, PlanViewerFacts> = {
  stranger: NO_PLAN_FACTS,
  invited: facts({ isInvited: true }),
  attending: facts({ responses: ['ATTENDING'] }),
  interested: facts({ responses: ['INTERESTED'] }),
  declined: facts({ responses: ['UNATTENDING'] }),
  member: facts({ isGroupMember: true }),
  follower: facts({ followsCreator: true }),
  colleague: facts({ sameOrganization: true }),
  creator: facts({ isCreator: true }),
};

function viewable(levels: ReturnType<typeof defaultPlanAccessLevels>) {
  return Object.entries(VIEWERS)
    .filter(([, f]) => planPermissions({ levels, facts: f, signedIn: true, chatEnabled: true }).view)
    .map(([name]) => name);
}

describe('plan viewer masks (spec 4 and 6)', () => {
  it('gives each fact its bit, and everyone public', () => {
    expect(planViewerMask(NO_PLAN_FACTS)).toBe(ACCESS_LEVEL.public);
    expect(planViewerMask(VIEWERS.invited!)).toBe(1 | 2);
    expect(planViewerMask(facts({ responses: ['ATTENDING', 'NEXT_TIME'] }))).toBe(1 | 4 | 32);
    expect(planViewerMask(VIEWERS.interested!)).toBe(1 | 16);
    expect(planViewerMask(VIEWERS.declined!)).toBe(1);
    expect(planViewerMask(VIEWERS.follower!)).toBe(1 | 8);
    expect(planViewerMask(VIEWERS.creator!)).toBe(1 | 64);
    expect(planViewerMask(VIEWERS.member!)).toBe(1 | 128);
  });

  it('derives the viewer roles creator, invited, attending and member from the mask', () => {
    expect(planViewerRoles(1 | 2 | 4 | 64 | 128)).toEqual(['creator', 'invited', 'attending', 'member']);
    expect(planViewerRoles(1 | 16)).toEqual([]);
  });
});

describe('plan permissions', () => {
  it('lets anyone view a public plan, only the creator modify it', () => {
    const levels = defaultPlanAccessLevels({ isPublic: true, inGroup: false });
    expect(viewable(levels)).toEqual(Object.keys(VIEWERS));
    const modify = Object.entries(VIEWERS).filter(
      ([, f]) => planPermissions({ levels, facts: f, signedIn: true, chatEnabled: true }).modify,
    );
    expect(modify.map(([n]) => n)).toEqual(['creator']);
  });

  it('shows a private plan to those taking part and to the same organization only', () => {
    const levels = defaultPlanAccessLevels({ isPublic: false, inGroup: false });
    expect(viewable(levels)).toEqual(['invited', 'attending', 'interested', 'colleague', 'creator']);
  });

  it('adds group members to a private plan in a group', () => {
    const levels = defaultPlanAccessLevels({ isPublic: false, inGroup: true });
    expect(viewable(levels)).toEqual([
      'invited',
      'attending',
      'interested',
      'member',
      'colleague',
      'creator',
    ]);
  });

  it('offers chat only with the chat flag on and view', () => {
    const levels = defaultPlanAccessLevels({ isPublic: false, inGroup: false });
    const base = { levels, signedIn: true };
    expect(planPermissions({ ...base, facts: VIEWERS.attending!, chatEnabled: true }).chat).toBe(true);
    expect(planPermissions({ ...base, facts: VIEWERS.attending!, chatEnabled: false }).chat).toBe(false);
    expect(planPermissions({ ...base, facts: VIEWERS.stranger!, chatEnabled: true }).chat).toBe(false);
  });

  it('hides a plan blocked from explore from everyone but its creator', () => {
    const levels = defaultPlanAccessLevels({ isPublic: true, inGroup: false });
    const shown = Object.entries(VIEWERS).filter(
      ([, f]) =>
        planPermissions({ levels, facts: f, signedIn: true, chatEnabled: true, exploreBlocked: true }).view,
    );
    expect(shown.map(([n]) => n)).toEqual(['creator']);
  });

  it('hides a plan from someone a block separates from its creator, whatever their role', () => {
    const levels = defaultPlanAccessLevels({ isPublic: true, inGroup: true });
    for (const facts of Object.values(VIEWERS).filter((f) => !f.isCreator)) {
      const blocked = { ...facts, blockedWithCreator: true };
      expect(planPermissions({ levels, facts: blocked, signedIn: true, chatEnabled: true }).view).toBe(false);
    }
  });

  it('has open invites unless sharing is creator-only', () => {
    expect(hasOpenInvites(ACCESS_LEVEL.creator)).toBe(false);
    expect(hasOpenInvites(ACCESS_LEVEL.creator | ACCESS_LEVEL.attending)).toBe(true);
    expect(hasOpenInvites(0)).toBe(false);
  });

  it('never grants anything but view to a signed-out visitor, and never more than view allows', () => {
    fc.assert(
      fc.property(
        fc.record({
          view: fc.integer({ min: 0, max: 255 }),
          modify: fc.integer({ min: 0, max: 255 }),
          share: fc.integer({ min: 0, max: 255 }),
          createChatImage: fc.integer({ min: 0, max: 255 }),
          createChatMessage: fc.integer({ min: 0, max: 255 }),
          createChatPoll: fc.integer({ min: 0, max: 255 }),
          createChatVideo: fc.integer({ min: 0, max: 255 }),
        }),
        fc.constantFrom(...Object.values(VIEWERS)),
        fc.boolean(),
        fc.boolean(),
        (levels, f, signedIn, chatEnabled) => {
          const p = planPermissions({ levels, facts: f, signedIn, chatEnabled });
          if (!p.view) expect(p.modify || p.share || p.chat || p.respond || p.createChatMessage).toBe(false);
          if (!signedIn) expect(p.modify || p.share || p.respond || p.delete || p.chat).toBe(false);
        },
      ),
    );
  });
});
