import type { RequestContext } from '../../graphql/context.ts';
import { plazaError } from '../../graphql/errors.ts';
import { isQueryContext } from '../../graphql/query-contexts.ts';
import { findUser, type UserRow } from './find-user.ts';
import { keptOn } from '../../once-per.ts';

/** The viewer's row as read once for a query operation (see viewerRow). */
const viewerRows = keptOn<RequestContext, Promise<UserRow | null>>();

/**
 * The viewer's row: in a query operation, the one read with the session (cookie-session.ts) or
 * else read once (a page's root query asked for it in three resolvers, three reads of the same
 * row); afresh each time in a mutation (its later resolvers must see what it changed) and in a
 * subscription (its context lives as long as the socket).
 */
function viewerRow(context: RequestContext, id: number): Promise<UserRow | null> {
  if (!isQueryContext(context)) return findUser(context.store.db, id);
  let row = viewerRows.get(context);
  if (!row) {
    const withSession = context.viewer?.user;
    row = withSession?.id === id ? Promise.resolve(withSession) : findUser(context.store.db, id);
    viewerRows.set(context, row);
  }
  return row;
}

/**
 * The viewer's row as read once for this query operation, or null outside a query (a mutation, a
 * subscription: their own loaders read it) or signed out: other domains' loaders share it.
 */
export function queryViewerRow(context: RequestContext): Promise<UserRow | null> | null {
  if (!context.viewer || !isQueryContext(context)) return null;
  return viewerRow(context, context.viewer.id);
}

/** The signed-in person's row; a session whose account is gone counts as signed out. */
export async function requireViewerUser(context: RequestContext): Promise<UserRow> {
  const user = context.viewer ? await viewerRow(context, context.viewer.id) : null;
  if (!user) throw plazaError('UNAUTHENTICATED', 'Please sign in first.');
  return user;
}
