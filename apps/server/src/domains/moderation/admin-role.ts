import { eq } from 'drizzle-orm';
import { BOT_USER_ID } from '@plaza/core/constants';
import { fullName } from '@plaza/core/profile';
import type { Database } from '../../db/client.ts';
import { DELETED_USER_KEY, moderationActions, siteAdmins, users } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { plazaError } from '../../graphql/errors.ts';
import { adminSourceOf, listAdminIds } from './site-admins.ts';
import type { UserRow } from '../users/find-user.ts';

const personNotFound = () => plazaError('NOT_FOUND', 'This person could not be found.');

async function findPerson(db: Database, userId: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || user.id === BOT_USER_ID || user.key === DELETED_USER_KEY || user.onboardedAt === null)
    throw personNotFound();
  return user;
}

function logRoleChange(
  db: Database,
  actorId: number,
  user: UserRow,
  action: 'GRANT_ADMIN' | 'REVOKE_ADMIN',
  note: string,
) {
  return db.insert(moderationActions).values({
    actorId,
    action,
    type: 'USER',
    contentId: user.id,
    subjectUserId: user.id,
    label: fullName(user.first, user.last, user.username),
    note,
  });
}

/** grantAdmin: an administrator makes another person one (decision 0018). */
export async function grantAdmin(context: RequestContext, actorId: number, userId: number): Promise<UserRow> {
  const db = context.store.db;
  const user = await findPerson(db, userId);
  if (user.suspendedAt !== null)
    throw plazaError('CONFLICT', 'A suspended account cannot be an administrator.');
  if ((await adminSourceOf(db, context.config.admins, user.id)) !== null)
    throw plazaError('CONFLICT', 'This person is already an administrator.');
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await t.insert(siteAdmins).values({ userId: user.id, grantedById: actorId });
    await logRoleChange(t, actorId, user, 'GRANT_ADMIN', '');
  });
  return user;
}

/**
 * revokeAdmin: an administrator takes the role from someone granted it in the app. Those named by
 * PLAZA_ADMINS keep it (change the configuration instead), and the last administrator stays.
 */
export async function revokeAdmin(
  context: RequestContext,
  actorId: number,
  userId: number,
): Promise<UserRow> {
  const db = context.store.db;
  const user = await findPerson(db, userId);
  const source = await adminSourceOf(db, context.config.admins, user.id);
  if (source === null) throw plazaError('CONFLICT', 'This person is not an administrator.');
  if (source === 'CONFIGURATION')
    throw plazaError(
      'CONFLICT',
      'This person is an administrator by configuration (PLAZA_ADMINS). Change the configuration to remove them.',
    );
  const admins = await listAdminIds(db, context.config.admins);
  if (admins.length <= 1) throw plazaError('CONFLICT', 'Plaza needs at least one administrator.');
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await t.delete(siteAdmins).where(eq(siteAdmins.userId, user.id));
    await logRoleChange(t, actorId, user, 'REVOKE_ADMIN', '');
  });
  return user;
}
