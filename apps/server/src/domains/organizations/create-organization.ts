import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organizationDomains, organizations } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { checkDomain, checkOrganizationName, checkOrganizationSlug } from './organization-input.ts';
import type { OrganizationRow } from './organization-loaders.ts';

/** A refused input, naming the argument at fault (name, slug or domains). */
export class OrganizationInputError extends Error {
  readonly field: 'name' | 'slug' | 'domains';

  constructor(field: 'name' | 'slug' | 'domains', message: string) {
    super(message);
    this.field = field;
  }
}

export interface NewOrganization {
  name: string;
  /** Made from the name when absent. */
  slug?: string | null;
  /** E-mail domains the operator checked belong to the organization. */
  domains: string[];
  image?: string | null;
}

function checked<T>(
  field: OrganizationInputError['field'],
  result: { ok: true; value: T } | { ok: false; message: string },
): T {
  if (!result.ok) throw new OrganizationInputError(field, result.message);
  return result.value;
}

/** Makes an organization and its verified domains (the operator's tool, decision 0019). */
export async function createOrganization(db: Database, input: NewOrganization): Promise<OrganizationRow> {
  const name = checked('name', checkOrganizationName(input.name));
  const slug = checked('slug', checkOrganizationSlug(input.slug, name));
  const domains = [...new Set(input.domains.map((domain) => checked('domains', checkDomain(domain))))];
  if (domains.length > 0) {
    const taken = await db
      .select({ domain: organizationDomains.domain })
      .from(organizationDomains)
      .where(inArray(organizationDomains.domain, domains));
    if (taken.length > 0)
      throw new OrganizationInputError(
        'domains',
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
      throw new OrganizationInputError(
        'slug',
        `The slug "${slug}" or one of the domains is taken; choose another.`,
      );
    throw error;
  }
}
