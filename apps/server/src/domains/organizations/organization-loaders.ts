import DataLoader from 'dataloader';
import { asc, sql } from 'drizzle-orm';
import { organizationAccounts, organizationDomains, organizations } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { BATCHING, requestScoped } from '../../graphql/request-scoped.ts';
import { anyOf, idArray } from '../../db/id-array.ts';
import { rows } from '../social/social-sql.ts';

export type OrganizationRow = typeof organizations.$inferSelect;
export type OrganizationAccountRow = typeof organizationAccounts.$inferSelect;

/** A person's account with one organization, and that organization. */
export interface Membership {
  account: OrganizationAccountRow;
  organization: OrganizationRow;
}

function createOrganizationLoaders(context: RequestContext) {
  const db = context.store.db;
  return {
    row: new DataLoader<number, OrganizationRow | null>(async (ids) => {
      const found = await db.select().from(organizations).where(anyOf(organizations.id, ids));
      const byId = new Map(found.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    }, BATCHING),

    /** Each person's organizations, oldest account first: the first is their primary one. */
    ofUser: new DataLoader<number, Membership[]>(async (userIds) => {
      const found = await db
        .select({ account: organizationAccounts, organization: organizations })
        .from(organizationAccounts)
        .innerJoin(organizations, sql`${organizations.id} = ${organizationAccounts.organizationId}`)
        .where(anyOf(organizationAccounts.userId, userIds))
        .orderBy(asc(organizationAccounts.createdAt), asc(organizationAccounts.id));
      return userIds.map((id) => found.filter((row) => row.account.userId === id));
    }, BATCHING),

    /**
     * Whether each person has an account with any organization (which verifies them, decision
     * 0019); people's rows read with the viewer's ties come with it (group-loaders.ts).
     */
    inAny: new DataLoader<number, boolean>(async (userIds) => {
      const found = await rows<{ user_id: number }>(
        db,
        sql`SELECT DISTINCT user_id FROM organization_accounts WHERE user_id = ANY(${idArray(userIds)})`,
      );
      const members = new Set(found.map((row) => Number(row.user_id)));
      return userIds.map((id) => members.has(id));
    }, BATCHING),

    memberCount: new DataLoader<number, number>(async (ids) => {
      const found = await db
        .select({ id: organizationAccounts.organizationId, n: sql<number>`count(*)::int` })
        .from(organizationAccounts)
        .where(anyOf(organizationAccounts.organizationId, ids))
        .groupBy(organizationAccounts.organizationId);
      const byId = new Map(found.map((row) => [row.id, Number(row.n)]));
      return ids.map((id) => byId.get(id) ?? 0);
    }, BATCHING),

    domains: new DataLoader<number, string[]>(async (ids) => {
      const found = await db
        .select()
        .from(organizationDomains)
        .where(anyOf(organizationDomains.organizationId, ids))
        .orderBy(asc(organizationDomains.domain));
      return ids.map((id) => found.filter((row) => row.organizationId === id).map((row) => row.domain));
    }, BATCHING),
  };
}

export type OrganizationLoaders = ReturnType<typeof createOrganizationLoaders>;

export const organizationLoaders: (context: RequestContext) => OrganizationLoaders =
  requestScoped(createOrganizationLoaders);

/** The viewer's role in an organization, or null when they have no account with it. */
export async function viewerRoleIn(
  context: RequestContext,
  organizationId: number,
): Promise<'MEMBER' | 'ADMIN' | null> {
  if (!context.viewer) return null;
  const memberships = await organizationLoaders(context).ofUser.load(context.viewer.id);
  return memberships.find((m) => m.organization.id === organizationId)?.account.role ?? null;
}

/** Forgets what the request loaded about a person's organizations, after a change in the same request. */
export function forgetMemberships(context: RequestContext, userId: number, organizationId: number): void {
  const loaders = organizationLoaders(context);
  loaders.ofUser.clear(userId);
  loaders.inAny.clear(userId);
  loaders.memberCount.clear(organizationId);
}
