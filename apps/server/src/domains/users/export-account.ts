import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  chats,
  complianceConfirmations,
  contactInvitations,
  contacts,
  follows,
  groupMembers,
  groups,
  messages,
  organizationAccounts,
  organizations,
  planResponses,
  plans,
  users,
} from '../../db/schema/index.ts';
import type { Platform } from '../../graphql/context.ts';
import { listSignInAccounts } from './list-sign-in-accounts.ts';

/**
 * Everything a person made on Plaza, as one JSON document (`GET /api/me/export`): profile,
 * sign-in methods, group memberships, groups and plans created, RSVPs, messages, the person's own
 * follows, requests and blocks, imported contacts and invitations sent, organizations and the
 * compliance messages confirmed.
 */
export async function exportAccount(platform: Platform, userId: number) {
  const { db } = platform.store;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error('no such user');
  const [signInMethods, memberships, groupsCreated, plansCreated, rsvps, sent] = await Promise.all([
    listSignInAccounts(db, user),
    db
      .select({
        key: groups.key,
        slug: groups.slug,
        title: groups.title,
        role: groupMembers.role,
        status: groupMembers.status,
        joinedAt: groupMembers.joinedAt,
      })
      .from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.groupId))
      .where(eq(groupMembers.userId, userId))
      .orderBy(asc(groupMembers.joinedAt)),
    db
      .select({
        key: groups.key,
        slug: groups.slug,
        title: groups.title,
        description: groups.description,
        isPublic: groups.isPublic,
        createdAt: groups.createdAt,
      })
      .from(groups)
      .where(eq(groups.creatorId, userId))
      .orderBy(asc(groups.createdAt)),
    db
      .select({
        key: plans.key,
        slug: plans.slug,
        title: plans.title,
        description: plans.description,
        link: plans.link,
        timezone: plans.timezone,
        allDay: plans.allDay,
        startsAt: plans.startsAt,
        endsAt: plans.endsAt,
        locationName: plans.locationName,
        address: plans.address,
        city: plans.city,
        recurrence: plans.recurrence,
        createdAt: plans.createdAt,
      })
      .from(plans)
      .where(eq(plans.creatorId, userId))
      .orderBy(asc(plans.createdAt)),
    db
      .select({
        planKey: plans.key,
        planTitle: plans.title,
        response: planResponses.response,
        updatedAt: planResponses.updatedAt,
      })
      .from(planResponses)
      .innerJoin(plans, eq(plans.id, planResponses.planId))
      .where(eq(planResponses.userId, userId))
      .orderBy(asc(planResponses.updatedAt)),
    db
      .select({
        key: messages.key,
        chatKey: chats.key,
        chatType: chats.type,
        text: messages.text,
        attachments: messages.attachments,
        createdAt: messages.createdAt,
        editedAt: messages.editedAt,
      })
      .from(messages)
      .innerJoin(chats, eq(chats.id, messages.chatId))
      .where(and(eq(messages.senderId, userId), isNull(messages.deletedAt)))
      .orderBy(asc(messages.createdAt)),
  ]);
  const [ties, addressBook, invitationsSent] = await Promise.all([
    db
      .select({ username: users.username, status: follows.status, since: follows.createdAt })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.targetId))
      .where(eq(follows.userId, userId))
      .orderBy(asc(follows.createdAt)),
    db
      .select({ fullName: contacts.fullName, email: contacts.email, phone: contacts.phone })
      .from(contacts)
      .where(eq(contacts.ownerId, userId))
      .orderBy(asc(contacts.id)),
    db
      .select({
        channel: contactInvitations.channel,
        to: contactInvitations.target,
        sentAt: contactInvitations.createdAt,
      })
      .from(contactInvitations)
      .where(eq(contactInvitations.inviterId, userId))
      .orderBy(asc(contactInvitations.createdAt)),
  ]);
  const [organizationsJoined, confirmations] = await Promise.all([
    db
      .select({
        name: organizations.name,
        slug: organizations.slug,
        email: organizationAccounts.email,
        role: organizationAccounts.role,
        joinedAt: organizationAccounts.createdAt,
      })
      .from(organizationAccounts)
      .innerJoin(organizations, eq(organizations.id, organizationAccounts.organizationId))
      .where(eq(organizationAccounts.userId, userId))
      .orderBy(asc(organizationAccounts.createdAt)),
    db
      .select({ version: complianceConfirmations.version, confirmedAt: complianceConfirmations.confirmedAt })
      .from(complianceConfirmations)
      .where(eq(complianceConfirmations.userId, userId))
      .orderBy(asc(complianceConfirmations.confirmedAt)),
  ]);
  return {
    format: 'plaza-account-export/1',
    exportedAt: new Date().toISOString(),
    profile: {
      id: user.id,
      key: user.key,
      username: user.username,
      first: user.first,
      last: user.last,
      bio: user.bio,
      image: user.image,
      email: user.email,
      phone: user.phone,
      birthday: user.birthday,
      isPublic: user.isPublic,
      isVerified: user.isVerified,
      smsContactsOptin: user.smsContactsOptin,
      city: user.locationCity,
      signupDate: user.createdAt.toISOString(),
    },
    signInMethods: signInMethods
      .filter(({ type }) => type !== 'ORGANIZATION')
      .map(({ type, email }) => ({ type, email })),
    groupMemberships: memberships,
    groupsCreated,
    plans: plansCreated,
    rsvps,
    messages: sent,
    follows: ties,
    contacts: addressBook,
    invitationsSent,
    organizations: organizationsJoined,
    complianceConfirmations: confirmations,
  };
}
