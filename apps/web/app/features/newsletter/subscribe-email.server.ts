import type { PlazaServerContext } from '../../context.ts';
import { mutationOutcome } from '../../graphql/mutation-outcome.ts';
import { SUBSCRIBE_EMPTY_MESSAGE, subscribeResult, type SubscribeResult } from './subscribe-result.ts';

const SUBSCRIBE_EMAIL = /* GraphQL */ `
  mutation SubscribeEmail($email: String!) {
    subscribeEmail(email: $email)
  }
`;

/** Signs an address up for Plaza news; the server mails a welcome with a one-click unsubscribe link. */
export async function subscribeEmailFromForm(
  server: PlazaServerContext,
  form: FormData,
): Promise<SubscribeResult> {
  const email = String(form.get('email') ?? '').trim();
  if (!email) return { status: 'invalid', email, fieldError: SUBSCRIBE_EMPTY_MESSAGE };
  return subscribeResult(email, mutationOutcome(await server.graphql(SUBSCRIBE_EMAIL, { email })));
}
