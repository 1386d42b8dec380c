import { plazaContext } from '../context.ts';
import type { ComplianceMessage } from '../features/compliance/compliance-modal.tsx';
import { mutationOutcome } from '../graphql/mutation-outcome.ts';
import type { Route } from './+types/profile-compliance';

const MESSAGE = `query ComplianceMessage { getComplianceMessage { complianceMessage confirmMessage confirmRequired version } }`;
const CONFIRM = `mutation ConfirmCompliance($version: String!) { confirmCompliance(version: $version) }`;

/** The compliance message still to confirm (decision 0019), or null. */
export async function loader({ context }: Route.LoaderArgs): Promise<{ message: ComplianceMessage | null }> {
  const result = await context
    .get(plazaContext)
    .graphql<{ getComplianceMessage: ComplianceMessage | null }>(MESSAGE);
  return { message: result.data?.getComplianceMessage ?? null };
}

export async function action({
  request,
  context,
}: Route.ActionArgs): Promise<{ ok: boolean; message: string }> {
  const version = String((await request.formData()).get('version') ?? '');
  const outcome = mutationOutcome(await context.get(plazaContext).graphql(CONFIRM, { version }));
  return outcome.ok ? { ok: true, message: '' } : { ok: false, message: outcome.message };
}
