import { data, redirect } from 'react-router';
import { signInHref } from '@plaza/core/route-guard';
import type { GraphQLResult } from '../../context.ts';

/**
 * The moderation area is for site administrators only (decision 0018): a signed-out visitor is
 * sent to sign in, anyone else gets the 403 "Forbidden" error page.
 */
export function refuseNonAdmins(result: GraphQLResult<unknown>, request: Request): void {
  const code = result.errors?.[0]?.extensions?.code;
  if (code === 'UNAUTHENTICATED') {
    const url = new URL(request.url);
    throw redirect(signInHref(`${url.pathname}${url.search}`));
  }
  if (code === 'FORBIDDEN') throw data(null, { status: 403 });
}
