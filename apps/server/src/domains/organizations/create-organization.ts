import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organizationDomains, organizations } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { checkDomain, checkOrganizationName, checkOrganizationSlug } from './organization-input.ts';
import type { OrganizationRow } from './organization-loaders.ts';

export class OrganizationInputError extends Error {}

export interface NewOrganization {
  name: string;
  /** Made from the name when absent. */
  slug?: string | null;
  /** E-mail domains the operator checked belong to the organization. */
  domains: string[];
  image?: string | null;
}

function checked<T>(result: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!result.ok) throw new OrganizationInputError(result.message);
  return result.value;
}

/** Makes an organization and its verified domains (the operator's tool, decision 0019). */
export async function createOrganization(db: Database, input: NewOrganization): Promise<OrganizationRow> {
  const name = checked(checkOrganizationName(input.name));
  const slug = checked(checkOrganizationSlug(input.slug, name));
  const domains = [...new Set(input.domains.map((domain) => checked(checkDomain(domain))))];
  if (domains.length > 0) {
    const taken = await db
      .select({ domain: organizationDomains.domain })
      .from(organizationDomains)
      .where(inArray(organizationDomains.domain, domains));
    if (taken.length > 0)
      throw new OrganizationInputError(
        `${taken.map((row) => row.domain).join(', ')} already belongs to an organization.`,
      );
  }
  try {
    return await db.transaction(async (tx) => {
      const [organization] = await tx
        .insert(organizations)
        .values({ name, slug, image: input.image ?? null })
        .returning();
      if (domains.length > 0)
        await tx
          .insert(organizationDomains)
          .values(domains.map((domain) => ({ domain, organizationId: organization!.id })));
      return organization!;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new OrganizationInputError(`The slug "${slug}" or one of the domains is taken; choose another.`);
    throw error;
  }
}
