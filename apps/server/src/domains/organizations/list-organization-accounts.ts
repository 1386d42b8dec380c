import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organizationAccounts, users } from '../../db/schema/index.ts';
import type { UserRow } from '../users/find-user.ts';
import { checkPageRequest } from './list-organizations.ts';
import type { OrganizationAccountRow } from './organization-loaders.ts';

export interface OrganizationMember {
  account: OrganizationAccountRow;
  user: UserRow;
}

/** One page of an organization's accounts: admins first, then by when they joined. */
export async function listOrganizationAccounts(
  db: Database,
  organizationId: number,
  page: number,
  perPage: number,
): Promise<OrganizationMember[]> {
  checkPageRequest(page, perPage);
  return db
    .select({ account: organizationAccounts, user: users })
    .from(organizationAccounts)
    .innerJoin(users, eq(users.id, organizationAccounts.userId))
    .where(eq(organizationAccounts.organizationId, organizationId))
    .orderBy(
      sql`${organizationAccounts.role} = 'ADMIN' DESC`,
      asc(organizationAccounts.createdAt),
      asc(organizationAccounts.id),
    )
    .limit(perPage)
    .offset((page - 1) * perPage);
}
