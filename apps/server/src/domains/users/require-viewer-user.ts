import type { RequestContext } from '../../graphql/context.ts';
import { plazaError } from '../../graphql/errors.ts';
import { findUser, type UserRow } from './find-user.ts';

/** The signed-in person's row; a session whose account is gone counts as signed out. */
export async function requireViewerUser(context: RequestContext): Promise<UserRow> {
  const user = context.viewer ? await findUser(context.store.db, context.viewer.id) : null;
  if (!user) throw plazaError('UNAUTHENTICATED', 'Please sign in first.');
  return user;
}
