import { paidContentCheck, type PaidContentCheck } from '@plaza/core/paid-content';
import type { RequestContext } from '../../graphql/context.ts';
import { findUser } from '../users/find-user.ts';

/** Spec 7.2 canCreatePaidContent for the viewer (rule: decision 0008, `paidContentCheck`). */
export async function canCreatePaidContent(context: RequestContext): Promise<PaidContentCheck> {
  const user = context.viewer ? await findUser(context.store.db, context.viewer.id) : null;
  return paidContentCheck({
    providerConfigured: context.config.stripe !== null,
    signedIn: user !== null,
    isVerified: user?.isVerified ?? false,
    emailVerified: user?.emailVerified ?? false,
  });
}
