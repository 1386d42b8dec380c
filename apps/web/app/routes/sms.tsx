import { data } from 'react-router';
import type { Route } from './+types/sms';
import { plazaContext } from '../context.ts';
import { pageMeta } from '../features/meta/page-meta.ts';
import { sendDownloadLinkFromForm } from '../features/sms/send-download-link.server.ts';
import { SmsLinkForm } from '../features/sms/sms-link-form.tsx';
import type { SmsFormResult } from '../features/sms/sms-form-result.ts';

export const meta = pageMeta({
  title: 'Text me the app',
  description: 'Get a link to the Plaza app by text message, then install it on your phone.',
  path: '/sms',
});

const STATUS_CODES: Record<SmsFormResult['status'], number> = {
  sent: 200,
  invalid: 400,
  'rate-limited': 429,
  failed: 502,
};

export async function action({ request, context }: Route.ActionArgs) {
  const result = await sendDownloadLinkFromForm(context.get(plazaContext), await request.formData());
  return data(result, { status: STATUS_CODES[result.status] });
}

/** /sms (spec 1): sends a download link to a phone by text message. */
export default function Sms({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 pt-10 pb-24 sm:px-6 sm:pt-20">
      <p className="text-sm font-bold tracking-widest text-sun uppercase">Get the app</p>
      <h1 className="mt-3 font-display text-4xl leading-tight font-extrabold tracking-tight text-balance sm:text-5xl">
        We'll text you a link to Plaza
      </h1>
      <p className="mt-5 text-lg leading-relaxed text-on-plum-soft">
        Type your number, tick the box and tap the button. Open the text on your phone, pick your app store,
        and your plans and chats are a tap away.
      </p>
      <div className="mt-10">
        <SmsLinkForm result={actionData} />
      </div>
    </div>
  );
}
