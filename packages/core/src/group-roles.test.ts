import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ACCESS_LEVEL } from './access-mask.ts';
import {
  GRANTABLE_GROUP_ROLES,
  GROUP_ROLES,
  canChangeRole,
  canRemoveMember,
  defaultGroupAccessLevels,
  groupPermissions,
  groupViewerMask,
  joinOutcome,
  roleCan,
  roleRank,
  type GroupRules,
} from './group-roles.ts';

const role = fc.constantFrom(...GROUP_ROLES);
const open: GroupRules = { levels: defaultGroupAccessLevels(true), hasJoinRequests: false, isPaid: false };
const closed: GroupRules = { levels: defaultGroupAccessLevels(false), hasJoinRequests: false, isPaid: false };

describe('roles', () => {
  it('gives each ability to its lowest role and everyone above', () => {
    expect(GROUP_ROLES.filter((r) => roleCan(r, 'removeMembers'))).toEqual(['owner', 'admin', 'moderator']);
    expect(GROUP_ROLES.filter((r) => roleCan(r, 'manageRoles'))).toEqual(['owner', 'admin']);
    expect(GROUP_ROLES.filter((r) => roleCan(r, 'delete'))).toEqual(['owner']);
    expect(roleCan(null, 'update')).toBe(false);
  });

  it('never lets anyone remove or re-role someone ranked at or above them', () => {
    fc.assert(
      fc.property(role, role, fc.constantFrom(...GRANTABLE_GROUP_ROLES), (actor, target, given) => {
        if (roleRank(actor) <= roleRank(target)) {
          expect(canRemoveMember(actor, target)).toBe(false);
          expect(canChangeRole(actor, target, given)).toBe(false);
        }
        if (canChangeRole(actor, target, given)) expect(roleRank(actor)).toBeGreaterThan(roleRank(given));
      }),
    );
  });

  it('lets an admin name moderators and only the owner name admins', () => {
    expect(canChangeRole('admin', 'member', 'moderator')).toBe(true);
    expect(canChangeRole('admin', 'member', 'admin')).toBe(false);
    expect(canChangeRole('owner', 'moderator', 'admin')).toBe(true);
    expect(canChangeRole('moderator', 'member', 'moderator')).toBe(false);
  });
});

describe('groupViewerMask', () => {
  it('sets public for everyone, invited for invitees, member and creator for members', () => {
    expect(groupViewerMask({ status: null, role: null })).toBe(ACCESS_LEVEL.public);
    expect(groupViewerMask({ status: 'requested', role: 'member' })).toBe(ACCESS_LEVEL.public);
    expect(groupViewerMask({ status: 'invited', role: 'member' })).toBe(
      ACCESS_LEVEL.public | ACCESS_LEVEL.invited,
    );
    expect(groupViewerMask({ status: 'member', role: 'owner' })).toBe(
      ACCESS_LEVEL.public | ACCESS_LEVEL.member | ACCESS_LEVEL.creator,
    );
  });
});

describe('joinOutcome', () => {
  const stranger = { signedIn: true, status: null, role: null } as const;
  it('opens a public group, takes requests when asked, keeps a private one for invitees', () => {
    expect(joinOutcome(open, stranger)).toBe('member');
    expect(joinOutcome({ ...open, hasJoinRequests: true }, stranger)).toBe('requested');
    expect(joinOutcome(closed, stranger)).toBe('forbidden');
    expect(joinOutcome(closed, { ...stranger, status: 'invited' })).toBe('member');
    expect(joinOutcome(closed, { ...stranger, invitedByContact: true })).toBe('member');
    expect(joinOutcome({ ...open, isPaid: true }, { ...stranger, status: 'invited' })).toBe('checkout');
    expect(joinOutcome(open, { signedIn: false, status: null, role: null })).toBe('forbidden');
    expect(joinOutcome(open, { signedIn: true, status: 'member', role: 'member' })).toBe('already');
  });
});

describe('groupPermissions', () => {
  it('shows a private group’s inside to members only', () => {
    expect(groupPermissions(closed, { signedIn: true, status: null, role: null }).view).toBe(false);
    expect(groupPermissions(closed, { signedIn: true, status: 'member', role: 'member' }).view).toBe(true);
    expect(groupPermissions(open, { signedIn: false, status: null, role: null }).view).toBe(true);
  });

  it('gives a requester no role abilities, and lets them withdraw', () => {
    const p = groupPermissions(closed, { signedIn: true, status: 'requested', role: 'admin' });
    expect(p).toMatchObject({ leave: true, update: false, manageRequests: false, invite: false });
  });

  it('never grants more to a lower role than to a higher one', () => {
    fc.assert(
      fc.property(role, role, fc.boolean(), (a, b, isPublic) => {
        if (roleRank(a) > roleRank(b)) return;
        const rules = { ...(isPublic ? open : closed) };
        const low = groupPermissions(rules, { signedIn: true, status: 'member', role: a });
        const high = groupPermissions(rules, { signedIn: true, status: 'member', role: b });
        for (const key of [
          'manageRequests',
          'removeMembers',
          'removePlans',
          'update',
          'manageRoles',
          'readAudit',
          'delete',
        ] as const)
          if (low[key]) expect(high[key]).toBe(true);
      }),
    );
  });
});
