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

interface InvitablesAnswer {
  people: { invitables: Array<InvitablePerson | Record<string, never>> } | null;
  contacts: { invitables: Array<InvitableContact | Record<string, never>> } | null;
}

const INVITABLES = `query Invitables($q: String) {
  people: myContacts(type: "USERS", searchText: $q) { invitables { ... on User { id username fullName image } } }
  contacts: myContacts(type: "CONTACTS", searchText: $q) { invitables { ... on Contact { key fullName email phone } } }
}`;

/** Data for the invite dialog's search: people the viewer knows on Plaza and their imported contacts. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams.get('q')?.trim() ?? '';
  const result = await context.get(plazaContext).graphql<InvitablesAnswer>(INVITABLES, { q: q || null });
  return {
    q,
    people: (result.data?.people?.invitables ?? []).filter((p): p is InvitablePerson => 'id' in p),
    contacts: (result.data?.contacts?.invitables ?? []).filter((c): c is InvitableContact => 'key' in c),
  };
}
