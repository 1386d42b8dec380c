import { redirect } from 'react-router';
import { plazaContext } from '../context.ts';
import {
  runOrganizationAction,
  type OrganizationActionResult,
} from '../features/organizations/organization-action.server.ts';
import type { Route } from './+types/profile-organization';

/** Only answers the form of /profile: an address typed or reloaded here goes to /profile. */
export function loader() {
  return redirect('/profile');
}

/** The Organization section of /profile: join with a work or school address, confirm the code, leave. */
export async function action({ request, context }: Route.ActionArgs): Promise<OrganizationActionResult> {
  return runOrganizationAction(await request.formData(), context.get(plazaContext));
}
