import { and, eq, sql } from 'drizzle-orm';
import { BATCH_MAX_KEYS } from '@plaza/core/constants';
import { contacts, groupMembers, users } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput, plazaError } from '../../graphql/errors.ts';
import { findVisibleUser } from '../social/find-visible-user.ts';
import { parseEmail, parsePhone } from '../users/contact-inputs.ts';
import type { UserRow } from '../users/find-user.ts';
import { findGroup } from './find-group.ts';

/** Spec 3 "Invitee". */
export interface InviteeInput {
  id?: string | number | null;
  key?: string | null;
  email?: string | null;
  phone?: string | null;
  isGroup?: boolean | null;
  isContact?: boolean | null;
}

/** An address with no verified account behind it: exactly one of the two is set. */
export interface InviteeAddress {
  email: string | null;
  phone: string | null;
}

/**
 * Who a list of invitees names, for group and plan invitations alike: a person (id or key), the
 * members of one of the inviter's groups (isGroup), an imported contact (isContact with its key),
 * or an e-mail address or phone number (spec 5: an address or number wins over id and key). An
 * address that belongs to a verified account names that account; the rest stay addresses. The
 * inviter is left out.
 */
export async function resolveInvitees(
  context: RequestContext,
  inviter: UserRow,
  invitees: InviteeInput[],
): Promise<{ userIds: Set<number>; addresses: InviteeAddress[] }> {
  const userIds = new Set<number>();
  const addresses: InviteeAddress[] = [];
  for (const invitee of invitees) {
    let email = invitee.email?.trim() ? parseEmail(invitee.email, 'invitees') : null;
    let phone = !email && invitee.phone?.trim() ? parsePhone(invitee.phone, 'invitees') : null;
    if (!email && !phone && invitee.isContact) {
      if (!invitee.key) throw badUserInput('invitees', 'A contact is picked by its key.');
      const [contact] = await context.store.db
        .select({ email: contacts.email, phone: contacts.phone })
        .from(contacts)
        .where(and(eq(contacts.key, invitee.key), eq(contacts.ownerId, inviter.id)));
      if (!contact) throw plazaError('NOT_FOUND', 'This contact could not be found.');
      email = contact.email;
      phone = email ? null : contact.phone;
    }
    if (email || phone) {
      const [account] = await context.store.db
        .select({ id: users.id })
        .from(users)
        .where(
          email
            ? and(sql`lower(${users.email}) = ${email}`, eq(users.emailVerified, true))
            : and(eq(users.phone, phone!), eq(users.phoneVerified, true)),
        );
      if (account) userIds.add(account.id);
      else addresses.push({ email, phone });
    } else if (invitee.isGroup) {
      const other = await findGroup(context, { id: invitee.id, key: invitee.key });
      if (other.membership?.status !== 'member')
        throw plazaError('FORBIDDEN', 'You can only invite the members of your own groups.');
      const found = await context.store.db
        .select({ id: groupMembers.userId })
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, other.group.id), eq(groupMembers.status, 'member')))
        .limit(BATCH_MAX_KEYS);
      for (const row of found) userIds.add(row.id);
    } else {
      const id = invitee.id == null ? null : Number(invitee.id);
      const person = await findVisibleUser(
        context,
        { id: Number.isInteger(id) ? id : null, key: invitee.key },
        { hideBlocked: true },
      );
      userIds.add(person.id);
    }
  }
  userIds.delete(inviter.id);
  return { userIds, addresses };
}
