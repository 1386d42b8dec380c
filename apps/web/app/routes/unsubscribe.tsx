import type { ReactNode } from 'react';
import { Form, Link, data, useNavigation } from 'react-router';
import type { Route } from './+types/unsubscribe';
import { buttonClass } from '../components/button-styles.ts';
import { CheckIcon } from '../components/icons.tsx';
import { plazaContext } from '../context.ts';
import { pageMeta } from '../features/meta/page-meta.ts';
import { contactEmailFor } from '../features/session/contact-email.ts';
import { unsubscribeFromRequest } from '../features/unsubscribe/unsubscribe-email.server.ts';
import { useRootData } from '../root-data.ts';

export const meta = pageMeta({ title: 'Unsubscribe', path: '/unsubscribe', noIndex: true });

export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  return { email: query.get('email')?.trim() ?? '', token: query.get('token')?.trim() ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await unsubscribeFromRequest(context.get(plazaContext), request);
  return data(result, {
    status: result.status === 'unsubscribed' ? 200 : result.status === 'invalid-link' ? 400 : 502,
  });
}

function Card({ children }: { children: ReactNode }) {
  return (
    <div className="mt-8 rounded-[2rem] bg-white p-6 shadow-sm ring-1 ring-line sm:p-10">{children}</div>
  );
}

/** E-mail unsubscribe (spec 2.1, alias /unsubscribe-email): one click with the link from the e-mail. */
export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { email, token } = loaderData;
  const isSubmitting = useNavigation().state === 'submitting';
  const contactEmail = contactEmailFor(useRootData());

  return (
    <div className="mx-auto max-w-2xl px-4 py-14 sm:px-6 sm:py-20">
      <h1 className="font-display text-4xl font-extrabold tracking-tight sm:text-5xl">
        Unsubscribe from Plaza e-mails
      </h1>
      {actionData?.status === 'unsubscribed' ? (
        <Card>
          <div role="status">
            <span className="grid size-12 place-items-center rounded-full bg-mint-soft text-ink">
              <CheckIcon className="size-6" />
            </span>
            <h2 className="mt-4 font-display text-2xl font-bold">You're unsubscribed</h2>
            <p className="mt-2 text-lg text-ink-soft">
              We won't send Plaza news to <strong className="text-ink">{actionData.email}</strong> any more.
              Sign-in codes still arrive when you ask for one.
            </p>
          </div>
          <Link to="/" className={`${buttonClass('secondary')} mt-6`}>
            Back to Plaza home
          </Link>
        </Card>
      ) : email && token ? (
        <Card>
          <p className="text-lg">
            Stop sending Plaza news to <strong className="break-all">{email}</strong>?
          </p>
          {actionData ? (
            <p role="alert" className="mt-4 rounded-2xl bg-coral-soft px-4 py-3 font-medium">
              {actionData.message}
            </p>
          ) : null}
          <Form method="post" className="mt-6">
            <input type="hidden" name="email" value={email} />
            <input type="hidden" name="token" value={token} />
            <button type="submit" className={buttonClass('primary', 'lg')} disabled={isSubmitting}>
              {isSubmitting ? 'Unsubscribing…' : 'Unsubscribe'}
            </button>
          </Form>
        </Card>
      ) : (
        <Card>
          <h2 className="font-display text-2xl font-bold">How to unsubscribe</h2>
          <div className="mt-3 space-y-3 text-lg leading-relaxed text-ink-soft">
            {actionData ? (
              <p role="alert" className="rounded-2xl bg-coral-soft px-4 py-3 text-base font-medium text-ink">
                {actionData.message}
              </p>
            ) : null}
            <p>
              Every Plaza news e-mail ends with an unsubscribe link made just for your address. Open it and
              press one button; no password or sign-in needed.
            </p>
            <p>
              Notifications about your plans and groups can be turned off in your account settings. Sign-in
              codes are only sent when you ask for one.
            </p>
            <p>
              Lost the e-mail, or still hearing from us? Write to{' '}
              <a
                href={`mailto:${contactEmail}`}
                className="font-semibold text-coral-strong underline underline-offset-2"
              >
                {contactEmail}
              </a>{' '}
              and we'll take you off the list by hand.
            </p>
          </div>
        </Card>
      )}
    </div>
  );
}
