/** An organization as profiles show it (spec 3 User.organizations: id, name, image). */
export interface OrganizationCard {
  id: number;
  name: string;
  image: string | null;
}

/** The fields of `User.organizations` the badges need. */
export const ORGANIZATION_CARD_FIELDS = 'organizations { id name image }';

/** One of the viewer's organizations, with the address that proved it (null when an admin added them). */
export interface MyOrganization extends OrganizationCard {
  email: string | null;
  role: 'MEMBER' | 'ADMIN';
}
