import type { PlazaServerContext } from '../../context.ts';
import { mutationOutcome } from '../../graphql/mutation-outcome.ts';
import { SMS_EMPTY_MESSAGE, smsFormResult, type SmsFormResult } from './sms-form-result.ts';

const SEND_DOWNLOAD_LINK = /* GraphQL */ `
  mutation SendDownloadLink($phone: String!) {
    sendDownloadLink(phone: $phone)
  }
`;

/** The /sms form's action: texts the download link and says how it went. */
export async function sendDownloadLinkFromForm(
  server: PlazaServerContext,
  form: FormData,
): Promise<SmsFormResult> {
  const phone = String(form.get('phone') ?? '').trim();
  if (!phone) return { status: 'invalid', phone, fieldError: SMS_EMPTY_MESSAGE };
  const result = await server.graphql(SEND_DOWNLOAD_LINK, { phone });
  return smsFormResult(phone, mutationOutcome(result));
}
