import type { PlazaServerContext } from '../../context.ts';
import { mutationOutcome } from '../../graphql/mutation-outcome.ts';
import {
  SMS_CONSENT_VALUE,
  SMS_EMPTY_MESSAGE,
  smsFormResult,
  type SmsFormResult,
} from './sms-form-result.ts';

const SEND_DOWNLOAD_LINK = /* GraphQL */ `
  mutation SendDownloadLink($phone: String!, $consent: Boolean) {
    sendDownloadLink(phone: $phone, consent: $consent)
  }
`;

/** The /sms form's action: texts the download link, with the asker's consent, and says how it went. */
export async function sendDownloadLinkFromForm(
  server: PlazaServerContext,
  form: FormData,
): Promise<SmsFormResult> {
  const phone = String(form.get('phone') ?? '').trim();
  const consent = form.get('consent') === SMS_CONSENT_VALUE;
  if (!phone) return { status: 'invalid', phone, consent, field: 'phone', fieldError: SMS_EMPTY_MESSAGE };
  const result = await server.graphql(SEND_DOWNLOAD_LINK, { phone, consent });
  return smsFormResult({ phone, consent }, mutationOutcome(result));
}
