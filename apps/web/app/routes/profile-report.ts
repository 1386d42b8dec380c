import { REPORT_THANKS, isReportModelType } from '@plaza/core/moderation';
import { redirect } from 'react-router';
import { plazaContext } from '../context.ts';
import { mutationOutcome } from '../graphql/mutation-outcome.ts';
import type { ReportAnswer } from '../features/moderation/report-dialog.tsx';
import type { Route } from './+types/profile-report';

const REPORT = `mutation ReportModel($type: ReportModelType!, $key: String!, $reasonId: Int!, $details: String) {
  reportModel(type: $type, key: $key, reasonId: $reasonId, details: $details) { id }
}`;

/** Only answers the report dialog's form: an address typed or reloaded here goes to /profile. */
export function loader() {
  return redirect('/profile');
}

/** The report dialog's form (issue 10): reportModel as the signed-in visitor. */
export async function action({ request, context }: Route.ActionArgs): Promise<ReportAnswer> {
  const form = await request.formData();
  const type = form.get('type');
  const key = String(form.get('key') ?? '').trim();
  const reasonId = Number(form.get('reasonId'));
  if (!isReportModelType(type) || !key) return { ok: false, message: 'That did not work. Please try again.' };
  if (!Number.isInteger(reasonId) || reasonId < 1)
    return { ok: false, message: 'Choose a reason.', field: 'reasonId' };
  const details = String(form.get('details') ?? '');
  const outcome = mutationOutcome(
    await context.get(plazaContext).graphql(REPORT, { type, key, reasonId, details }),
  );
  if (outcome.ok) return { ok: true, message: REPORT_THANKS };
  if (outcome.code === 'UNAUTHENTICATED') return { ok: false, message: 'Please sign in first.' };
  return { ok: false, message: outcome.message, field: outcome.field };
}
