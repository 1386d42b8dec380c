import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organizations } from '../../db/schema/index.ts';
import { plazaError } from '../../graphql/errors.ts';
import type { OrganizationRow } from './organization-loaders.ts';

export const organizationNotFound = () => plazaError('NOT_FOUND', 'This organization could not be found.');

/** An organization by its id (digits) or its slug (which always holds a letter), or NOT_FOUND. */
export async function findOrganization(db: Database, slugOrId: string): Promise<OrganizationRow> {
  const value = slugOrId.trim();
  const id = /^\d{1,9}$/.test(value) ? Number(value) : null;
  const [found] = await db
    .select()
    .from(organizations)
    .where(id !== null ? eq(organizations.id, id) : eq(organizations.slug, value.toLowerCase()));
  if (!found) throw organizationNotFound();
  return found;
}
