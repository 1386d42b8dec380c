import type { PlazaServerContext } from '../../context.ts';
import { mutationOutcome } from '../../graphql/mutation-outcome.ts';
import {
  UNSUBSCRIBE_INCOMPLETE_MESSAGE,
  unsubscribeResult,
  type UnsubscribeResult,
} from './unsubscribe-result.ts';

const UNSUBSCRIBE_EMAIL = /* GraphQL */ `
  mutation UnsubscribeEmail($email: String!, $token: String!) {
    unsubscribeEmail(email: $email, token: $token)
  }
`;

/**
 * The /unsubscribe action. Reads the form, or the link's own query: mail apps that offer one-click
 * unsubscribe (RFC 8058) POST to the link with only `List-Unsubscribe=One-Click` in the body.
 */
export async function unsubscribeFromRequest(
  server: PlazaServerContext,
  request: Request,
): Promise<UnsubscribeResult> {
  const query = new URL(request.url).searchParams;
  const form = await request.formData();
  const email = String(form.get('email') ?? query.get('email') ?? '').trim();
  const token = String(form.get('token') ?? query.get('token') ?? '').trim();
  if (!email || !token) return { status: 'invalid-link', message: UNSUBSCRIBE_INCOMPLETE_MESSAGE };
  const result = await server.graphql(UNSUBSCRIBE_EMAIL, { email, token });
  return unsubscribeResult(email, mutationOutcome(result));
}
