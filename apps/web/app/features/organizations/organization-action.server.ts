import type { PlazaServerContext } from '../../context.ts';
import { mutationOutcome } from '../../graphql/mutation-outcome.ts';

/** What the Organization section of /profile hears back from a step. */
export interface OrganizationActionResult {
  intent: 'join' | 'verify' | 'leave';
  ok: boolean;
  message: string;
  /** The address a code went to, while it waits to be typed in. */
  pendingEmail: string | null;
}

const JOIN = `mutation JoinOrganization($email: String!) {
  joinOrganization(email: $email) { codeSent email organization { name } }
}`;
const VERIFY = `mutation VerifyOrganizationEmail($email: String!, $code: String!) {
  verifyOrganizationEmail(email: $email, code: $code) { organizationId }
}`;
const LEAVE = `mutation LeaveOrganization($id: Int!) { leaveOrganization(id: $id) }`;

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/**
 * One step of joining an organization with a work or school address (decision 0019): ask for a
 * code (or join at once with the address one signs in with), confirm the code, or leave.
 */
export async function runOrganizationAction(
  form: FormData,
  server: PlazaServerContext,
): Promise<OrganizationActionResult> {
  const intent = text(form, 'intent');
  const email = text(form, 'email');
  if (intent === 'join') {
    const result = await server.graphql<{
      joinOrganization: { codeSent: boolean; email: string; organization: { name: string } } | null;
    }>(JOIN, { email });
    const outcome = mutationOutcome(result);
    const joined = result.data?.joinOrganization;
    if (!outcome.ok || !joined) {
      return {
        intent,
        ok: false,
        message: outcome.ok ? 'That did not work.' : outcome.message,
        pendingEmail: null,
      };
    }
    return joined.codeSent
      ? {
          intent,
          ok: true,
          message: `We sent a code to ${joined.email}. Enter it to join ${joined.organization.name}.`,
          pendingEmail: joined.email,
        }
      : { intent, ok: true, message: `You are now in ${joined.organization.name}.`, pendingEmail: null };
  }
  if (intent === 'verify') {
    const outcome = mutationOutcome(await server.graphql(VERIFY, { email, code: text(form, 'code') }));
    return outcome.ok
      ? { intent, ok: true, message: 'Address confirmed: you are in.', pendingEmail: null }
      : { intent, ok: false, message: outcome.message, pendingEmail: email };
  }
  if (intent === 'leave') {
    const outcome = mutationOutcome(
      await server.graphql(LEAVE, { id: Number(text(form, 'organizationId')) }),
    );
    return outcome.ok
      ? { intent, ok: true, message: 'You left the organization.', pendingEmail: null }
      : { intent, ok: false, message: outcome.message, pendingEmail: null };
  }
  return { intent: 'join', ok: false, message: 'Unknown action.', pendingEmail: null };
}
