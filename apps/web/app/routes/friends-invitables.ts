import { plazaContext } from '../context.ts';
import type { Route } from './+types/friends-invitables';

export interface InvitableContact {
  key: string;
  fullName: string;
  email: string | null;
  phone: string | null;
}

export interface InvitablePerson {
  id: number;
  username: string;
  fullName: string;
  image: string | null;
}

export interface InvitableGroup {
  id: number;
  title: string;
  image: string | null;
  memberCount: number;
}

interface InvitablesAnswer {
  groups?: { invitables: Array<InvitableGroup | Record<string, never>> } | null;
  people: { invitables: Array<InvitablePerson | Record<string, never>> } | null;
  contacts: { invitables: Array<InvitableContact | Record<string, never>> } | null;
}

const INVITABLES = `query Invitables($q: String, $withGroups: Boolean!) {
  groups: myContacts(type: "GROUPS", searchText: $q) @include(if: $withGroups) { invitables { ... on Group { id title image memberCount } } }
  people: myContacts(type: "USERS", searchText: $q) { invitables { ... on User { id username fullName image } } }
  contacts: myContacts(type: "CONTACTS", searchText: $q) { invitables { ... on Contact { key fullName email phone } } }
}`;

/** Data for the invite dialog's search: people the viewer knows on Plaza and their imported contacts. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = params.get('q')?.trim() ?? '';
  // Plans invite whole groups too (?groups=1); friend invitations do not.
  const withGroups = params.get('groups') === '1';
  const result = await context
    .get(plazaContext)
    .graphql<InvitablesAnswer>(INVITABLES, { q: q || null, withGroups });
  return {
    q,
    people: (result.data?.people?.invitables ?? []).filter((p): p is InvitablePerson => 'id' in p),
    contacts: (result.data?.contacts?.invitables ?? []).filter((c): c is InvitableContact => 'key' in c),
    groups: (result.data?.groups?.invitables ?? []).filter((g): g is InvitableGroup => 'title' in g),
  };
}
