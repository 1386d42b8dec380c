import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A verified body people belong to: a university, a company, a club federation (spec 1: id, name,
 * slug, image, accounts; decision 0019). Made by the operator (`npm run org:create`).
 */
export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Lower-case letters, digits and hyphens with at least one letter, so it never reads as an id. */
  slug: text('slug').notNull().unique(),
  /** Media path of the logo, or null. */
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An e-mail domain the operator checked belongs to the organization: an address on it (or on one
 * of its subdomains), proven with a code, makes its holder a member. A domain has one organization.
 */
export const organizationDomains = pgTable(
  'organization_domains',
  {
    domain: text('domain').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
  },
  (t) => [index('organization_domains_organization').on(t.organizationId)],
);

export type OrganizationRole = 'MEMBER' | 'ADMIN';

/**
 * A person's account with an organization (spec 3 accounts: id, type, email, organizationId):
 * proven by a code sent to an address on one of its domains, or added by one of its admins.
 */
export const organizationAccounts = pgTable(
  'organization_accounts',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The proven address on the organization's domain; null when an admin added the person. */
    email: text('email'),
    role: text('role').$type<OrganizationRole>().notNull().default('MEMBER'),
    /** The admin who added the person; null when they proved an address themselves. */
    addedById: integer('added_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('organization_accounts_member').on(t.organizationId, t.userId),
    // One address proves one person.
    uniqueIndex('organization_accounts_email').on(sql`lower(${t.email})`),
    index('organization_accounts_user').on(t.userId),
  ],
);
