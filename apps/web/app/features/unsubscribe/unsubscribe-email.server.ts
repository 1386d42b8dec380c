import type { PlazaServerContext } from '../../context.ts';
import {
  UNSUBSCRIBE_INCOMPLETE_MESSAGE,
  unsubscribeLinkCheck,
  unsubscribeResult,
  type UnsubscribeLinkCheck,
  type UnsubscribeResult,
} from './unsubscribe-result.ts';

const UNSUBSCRIBE_EMAIL = /* GraphQL */ `
  mutation UnsubscribeEmail($email: String!, $token: String!) {
    unsubscribeEmail(email: $email, token: $token) {
      email
      scope
      label
    }
  }
`;

const CHECK_UNSUBSCRIBE_LINK = /* GraphQL */ `
  query CheckUnsubscribeLink($email: String!, $token: String!) {
    checkUnsubscribeLink(email: $email, token: $token) {
      email
      scope
      label
    }
  }
`;

/** The /unsubscribe loader: what the link in the address would stop, without using it. */
export async function checkUnsubscribeLink(
  server: PlazaServerContext,
  email: string,
  token: string,
): Promise<UnsubscribeLinkCheck> {
  return unsubscribeLinkCheck(await server.graphql(CHECK_UNSUBSCRIBE_LINK, { email, token }));
}

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
  if (!email || !token)
    return { status: 'invalid-link', reason: 'invalid', message: UNSUBSCRIBE_INCOMPLETE_MESSAGE };
  return unsubscribeResult(await server.graphql(UNSUBSCRIBE_EMAIL, { email, token }));
}
