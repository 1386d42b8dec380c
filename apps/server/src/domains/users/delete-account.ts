import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  DELETED_USER_KEY,
  downloadLinkRequests,
  emailSubscriptions,
  groupMembers,
  groups,
  messages,
  plans,
  uploads,
  users,
} from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput } from '../../graphql/errors.ts';
import type { UserRow } from './find-user.ts';

/**
 * Deletes a person's account, as the privacy policy says: the account, profile, sign-in methods,
 * sessions, RSVPs, memberships and uploaded pictures go; the plans they created go with their
 * chats; each group they created passes to its longest-standing admin, else its longest-standing
 * member, and is deleted when nobody else is in it; messages they sent in chats that stay are kept
 * but shown as from the "Deleted user" placeholder, so nothing links them to the person.
 * The person confirms by typing their username.
 */
export async function deleteAccount(context: RequestContext, user: UserRow, confirm: string): Promise<void> {
  if (confirm.trim().replace(/^@/, '').toLowerCase() !== user.username.toLowerCase()) {
    throw badUserInput('confirm', 'Type your username to confirm.');
  }
  const { db } = context.store;
  const pictures = await db
    .select({ blobKeys: uploads.blobKeys })
    .from(uploads)
    .where(eq(uploads.userId, user.id));
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [placeholder] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.key, DELETED_USER_KEY));
    if (!placeholder) throw new Error('the deleted-user placeholder is missing (migration 0001)');
    await tx.update(messages).set({ senderId: placeholder.id }).where(eq(messages.senderId, user.id));

    for (const group of await tx
      .select({ id: groups.id })
      .from(groups)
      .where(eq(groups.creatorId, user.id))) {
      const [heir] = await tx
        .select({ userId: groupMembers.userId })
        .from(groupMembers)
        .where(
          and(
            eq(groupMembers.groupId, group.id),
            ne(groupMembers.userId, user.id),
            eq(groupMembers.status, 'member'),
          ),
        )
        .orderBy(sql`${groupMembers.role} = 'admin' desc`, asc(groupMembers.joinedAt))
        .limit(1);
      if (heir) {
        await tx
          .update(groups)
          .set({ creatorId: heir.userId, updatedAt: new Date() })
          .where(eq(groups.id, group.id));
        await tx
          .update(groupMembers)
          .set({ role: 'owner' })
          .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, heir.userId)));
      } else {
        await tx.delete(groups).where(eq(groups.id, group.id));
      }
    }
    await tx.delete(plans).where(eq(plans.creatorId, user.id));
    if (user.email) await tx.delete(emailSubscriptions).where(eq(emailSubscriptions.email, user.email));
    if (user.phone) await tx.delete(downloadLinkRequests).where(eq(downloadLinkRequests.phone, user.phone));
    // Sessions, sign-in accounts, refresh tokens, memberships, RSVPs, chat memberships, pending
    // codes and upload records go with the row (ON DELETE CASCADE).
    await tx.delete(users).where(eq(users.id, user.id));
  });
  await Promise.all(pictures.flatMap((picture) => picture.blobKeys.map((key) => context.blobs.delete(key))));
}
