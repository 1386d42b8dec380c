import type { PlazaServerContext } from '../../context.ts';
import type { MyOrganization } from './organization-data.ts';

const MY_ORGANIZATIONS = `query MyOrganizations {
  myself { user { organizations { id name image viewerRole } } accounts { type email organizationId } }
}`;

interface MyOrganizationsAnswer {
  myself: {
    user: {
      organizations: Array<{ id: number; name: string; image: string | null; viewerRole: string | null }>;
    };
    accounts: Array<{ type: string; email: string | null; organizationId: number | null }>;
  } | null;
}

/** The viewer's organizations, first joined first, with the address each was proven with. */
export async function loadMyOrganizations(server: PlazaServerContext): Promise<MyOrganization[]> {
  const result = await server.graphql<MyOrganizationsAnswer>(MY_ORGANIZATIONS);
  const myself = result.data?.myself;
  if (!myself) return [];
  return myself.user.organizations.map((organization) => ({
    id: organization.id,
    name: organization.name,
    image: organization.image,
    role: organization.viewerRole === 'ADMIN' ? 'ADMIN' : 'MEMBER',
    email:
      myself.accounts.find(
        (account) => account.type === 'ORGANIZATION' && account.organizationId === organization.id,
      )?.email ?? null,
  }));
}
