import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organizationDomains, organizations } from '../../db/schema/index.ts';
import { domainsOfAddress } from './organization-input.ts';
import type { OrganizationRow } from './organization-loaders.ts';

/**
 * The organization that verifies an address: the one whose domain is nearest to the address's own
 * (dept.uni.example before uni.example), or null when none does.
 */
export async function organizationOfAddress(db: Database, email: string): Promise<OrganizationRow | null> {
  const candidates = domainsOfAddress(email);
  if (candidates.length === 0) return null;
  const found = await db
    .select({ domain: organizationDomains.domain, organization: organizations })
    .from(organizationDomains)
    .innerJoin(organizations, eq(organizations.id, organizationDomains.organizationId))
    .where(inArray(organizationDomains.domain, candidates));
  const nearest = candidates.find((domain) => found.some((row) => row.domain === domain));
  return found.find((row) => row.domain === nearest)?.organization ?? null;
}
