import type { ReactNode } from 'react';
import { Form, Link, data, useNavigation } from 'react-router';
import type { Route } from './+types/unsubscribe';
import { buttonClass } from '../components/button-styles.ts';
import { CheckIcon } from '../components/icons.tsx';
import { plazaContext } from '../context.ts';
import { pageMeta } from '../features/meta/page-meta.ts';
import { contactEmailFor } from '../features/session/contact-email.ts';
import {
  checkUnsubscribeLink,
  unsubscribeFromRequest,
} from '../features/unsubscribe/unsubscribe-email.server.ts';
import {
  NOTIFICATION_SETTINGS_PATH,
  isNotificationScope,
  stoppedMailsPhrase,
  type UnsubscribeFailure,
} from '../features/unsubscribe/unsubscribe-result.ts';
import { useRootData } from '../root-data.ts';

export const meta = pageMeta({ title: 'Unsubscribe', path: '/unsubscribe', noIndex: true });

/** Reads the link (what it would stop, or why it no longer works) but never uses it: only the POST does. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const email = query.get('email')?.trim() ?? '';
  const token = query.get('token')?.trim() ?? '';
  const check = email && token ? await checkUnsubscribeLink(context.get(plazaContext), email, token) : null;
  return { email, token, check };
}

/** The button's POST, and mail apps' one-click POST (RFC 8058) to the link itself. */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await unsubscribeFromRequest(context.get(plazaContext), request);
  return data(result, {
    status: result.status === 'unsubscribed' ? 200 : result.status === 'invalid-link' ? 400 : 502,
  });
}

const linkClass = 'font-semibold text-coral-strong underline underline-offset-2';

function Card({ children }: { children: ReactNode }) {
  return (
    <div className="mt-8 rounded-[2rem] bg-white p-6 shadow-sm ring-1 ring-line sm:p-10">{children}</div>
  );
}

function SettingsLinks() {
  return (
    <div className="mt-6 flex flex-wrap gap-3">
      <Link to={NOTIFICATION_SETTINGS_PATH} className={buttonClass('secondary')}>
        Notification settings
      </Link>
      <Link to="/" className={buttonClass('secondary')}>
        Back to Plaza home
      </Link>
    </div>
  );
}

function RefusedLink({ failure }: { failure: Extract<UnsubscribeFailure, { status: 'invalid-link' }> }) {
  return (
    <Card>
      <h2 className="font-display text-2xl font-bold">
        {failure.reason === 'used' ? 'This link was already used' : 'This link does not work'}
      </h2>
      <p role="alert" className="mt-4 rounded-2xl bg-coral-soft px-4 py-3 font-medium">
        {failure.message}
      </p>
      <p className="mt-4 text-lg text-ink-soft">
        Signed in, you can choose which e-mails reach you on your notification settings page.
      </p>
      <SettingsLinks />
    </Card>
  );
}

/** E-mail unsubscribe (spec 2.1, alias /unsubscribe-email): one click with the link from the e-mail. */
export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { email, token, check } = loaderData;
  const isSubmitting = useNavigation().state === 'submitting';
  const contactEmail = contactEmailFor(useRootData());
  const refused =
    actionData?.status === 'invalid-link'
      ? actionData
      : !actionData && check?.status === 'invalid-link'
        ? check
        : null;
  const failedMessage =
    actionData?.status === 'failed'
      ? actionData.message
      : !actionData && check?.status === 'failed'
        ? check.message
        : null;

  return (
    <div className="mx-auto max-w-2xl px-4 py-14 sm:px-6 sm:py-20">
      <h1 className="font-display text-4xl font-extrabold tracking-tight sm:text-5xl">
        Unsubscribe from Plaza <span className="whitespace-nowrap">e-mails</span>
      </h1>
      {actionData?.status === 'unsubscribed' ? (
        <Card>
          <div role="status">
            <span className="grid size-12 place-items-center rounded-full bg-mint-soft text-ink">
              <CheckIcon className="size-6" />
            </span>
            <h2 className="mt-4 font-display text-2xl font-bold">You're unsubscribed</h2>
            <p className="mt-2 text-lg text-ink-soft">
              We won't send {stoppedMailsPhrase(actionData)} to{' '}
              <strong className="break-all text-ink">{actionData.email}</strong> any more. Sign-in codes still
              arrive when you ask for one.
            </p>
          </div>
          {isNotificationScope(actionData.scope) ? (
            <p className="mt-4 text-lg text-ink-soft">
              Changed your mind? Turn them back on in your{' '}
              <Link to={NOTIFICATION_SETTINGS_PATH} className={linkClass}>
                notification settings
              </Link>
              .
            </p>
          ) : null}
          <Link to="/" className={`${buttonClass('secondary')} mt-6`}>
            Back to Plaza home
          </Link>
        </Card>
      ) : email && token && refused ? (
        <RefusedLink failure={refused} />
      ) : email && token ? (
        <Card>
          <p className="text-lg">
            {check?.status === 'ready' ? (
              <>
                Stop sending {stoppedMailsPhrase(check)} to <strong className="break-all">{email}</strong>?
              </>
            ) : (
              <>
                Stop these e-mails to <strong className="break-all">{email}</strong>?
              </>
            )}
          </p>
          {failedMessage ? (
            <p role="alert" className="mt-4 rounded-2xl bg-coral-soft px-4 py-3 font-medium">
              {failedMessage}
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
              Every e-mail from Plaza ends with an unsubscribe link made just for your address. Open it and
              press one button; no password or sign-in needed.
            </p>
            <p>
              Signed in, you choose which notifications reach you, and how, in your{' '}
              <Link to={NOTIFICATION_SETTINGS_PATH} className={linkClass}>
                notification settings
              </Link>
              . Sign-in codes are only sent when you ask for one.
            </p>
            <p>
              Lost the e-mail, or still hearing from us? Write to{' '}
              <a href={`mailto:${contactEmail}`} className={linkClass}>
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
