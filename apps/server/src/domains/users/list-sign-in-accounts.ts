import { asc, eq } from 'drizzle-orm';
import { accounts, organizationAccounts } from '../../db/schema/index.ts';
import type { Database } from '../../db/client.ts';
import type { UserRow } from './find-user.ts';

/**
 * One way the person signs in, or their account with an organization (spec 3: myself.accounts has
 * id, type, email, organizationId).
 */
export interface SignInAccount {
  id: string;
  /** EMAIL (code by e-mail), PHONE (code by text), OIDC (the configured provider) or ORGANIZATION. */
  type: 'EMAIL' | 'PHONE' | 'OIDC' | 'ORGANIZATION';
  email: string | null;
  organizationId: number | null;
}

export async function listSignInAccounts(db: Database, user: UserRow): Promise<SignInAccount[]> {
  const list: SignInAccount[] = [];
  if (user.email && user.emailVerified) {
    list.push({ id: `email:${user.id}`, type: 'EMAIL', email: user.email, organizationId: null });
  }
  if (user.phone && user.phoneVerified) {
    list.push({ id: `phone:${user.id}`, type: 'PHONE', email: null, organizationId: null });
  }
  const linked = await db
    .select({ id: accounts.id, providerId: accounts.providerId })
    .from(accounts)
    .where(eq(accounts.userId, user.id));
  for (const account of linked) {
    list.push({
      id: `${account.providerId}:${account.id}`,
      type: 'OIDC',
      email: user.email,
      organizationId: null,
    });
  }
  const memberships = await db
    .select({
      id: organizationAccounts.id,
      email: organizationAccounts.email,
      organizationId: organizationAccounts.organizationId,
    })
    .from(organizationAccounts)
    .where(eq(organizationAccounts.userId, user.id))
    .orderBy(asc(organizationAccounts.createdAt), asc(organizationAccounts.id));
  for (const membership of memberships) {
    list.push({
      id: `organization:${membership.id}`,
      type: 'ORGANIZATION',
      email: membership.email,
      organizationId: membership.organizationId,
    });
  }
  return list;
}
