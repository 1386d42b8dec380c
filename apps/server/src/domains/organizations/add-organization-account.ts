import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organizationAccounts, type OrganizationRole } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badUserInput, plazaError } from '../../graphql/errors.ts';
import type { OrganizationAccountRow, OrganizationRow } from './organization-loaders.ts';

export interface NewOrganizationAccount {
  organization: OrganizationRow;
  userId: number;
  /** The proven address, or null when an admin (or the operator) adds the person. */
  email: string | null;
  role?: OrganizationRole;
  addedById?: number | null;
}

/**
 * Gives a person an account with an organization. Someone already in it: CONFLICT; an address
 * already proven by someone else: BAD_USER_INPUT on email.
 */
export async function addOrganizationAccount(
  db: Database,
  input: NewOrganizationAccount,
): Promise<OrganizationAccountRow> {
  const [existing] = await db
    .select({ id: organizationAccounts.id })
    .from(organizationAccounts)
    .where(
      and(
        eq(organizationAccounts.organizationId, input.organization.id),
        eq(organizationAccounts.userId, input.userId),
      ),
    );
  if (existing) throw alreadyIn(input.organization);
  if (input.email) await assertAddressFree(db, input.email, input.userId);
  try {
    const [account] = await db
      .insert(organizationAccounts)
      .values({
        organizationId: input.organization.id,
        userId: input.userId,
        email: input.email,
        role: input.role ?? 'MEMBER',
        addedById: input.addedById ?? null,
      })
      .returning();
    return account!;
  } catch (error) {
    // Another request made the same account, or proved the same address, in the meantime.
    if (isUniqueViolation(error)) throw input.email ? addressTaken() : alreadyIn(input.organization);
    throw error;
  }
}

const alreadyIn = (organization: OrganizationRow) =>
  plazaError('CONFLICT', `This person is already in ${organization.name}.`);

const addressTaken = () => badUserInput('email', 'That e-mail address belongs to another account.');

/** Refuses an address another person already proved for an organization. */
export async function assertAddressFree(db: Database, email: string, userId: number): Promise<void> {
  const [other] = await db
    .select({ userId: organizationAccounts.userId })
    .from(organizationAccounts)
    .where(sql`lower(${organizationAccounts.email}) = ${email.toLowerCase()}`);
  if (other && other.userId !== userId) throw addressTaken();
}
