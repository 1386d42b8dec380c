import { Link, useLoaderData } from 'react-router';
import { buttonClass } from '../components/button-styles.ts';
import { loadPaidContentCheck } from '../features/groups/paid-content.ts';
import { pageMeta } from '../features/meta/page-meta.ts';
import type { Route } from './+types/creator-account';

export const meta = pageMeta({ title: 'Creator account', path: '/profile/creator-account', noIndex: true });

export async function loader({ context }: Route.LoaderArgs) {
  return { check: await loadPaidContentCheck(context) };
}

const NEXT_STEP: Record<string, { text: string; link: { to: string; label: string } | null }> = {
  VERIFY_EMAIL: {
    text: 'Add and confirm an e-mail address in your settings: payment notices go there.',
    link: { to: '/profile', label: 'Open your settings' },
  },
  VERIFY_ACCOUNT: {
    text: 'Creators are verified people, so members know who they pay. Write to the people who run this Plaza to get verified.',
    link: null,
  },
};

/** /profile/creator-account (spec 2.1): whether the person may sell memberships, and what is missing (decision 0008). */
export default function CreatorAccount() {
  const { check } = useLoaderData<typeof loader>();
  const next = check.action ? NEXT_STEP[check.action] : undefined;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-16">
      <h1 className="font-display text-3xl font-extrabold tracking-tight sm:text-4xl">Creator account</h1>
      <p className="mt-2 text-lg text-ink-soft">
        Run a paid group: members pay a monthly, yearly or one-time price to join, by card through Stripe.
      </p>
      <div
        className={`mt-8 rounded-3xl border-2 p-6 ${check.canCreatePaidEntities ? 'border-mint bg-mint-soft/60' : 'border-line bg-white'}`}
        data-testid="paid-content-check"
      >
        <h2 className="font-display text-xl font-extrabold">
          {check.canCreatePaidEntities ? 'You can run paid groups' : 'Not yet'}
        </h2>
        <p className="mt-1">{check.message}</p>
        {next ? <p className="mt-3 text-ink-soft">{next.text}</p> : null}
        <div className="mt-5 flex flex-wrap gap-3">
          {check.canCreatePaidEntities ? (
            <Link to="/community/create" className={buttonClass('primary')}>
              Create a paid group
            </Link>
          ) : null}
          {next?.link ? (
            <Link to={next.link.to} className={buttonClass('secondary')}>
              {next.link.label}
            </Link>
          ) : null}
          <Link to="/profile/subscriptions" className={buttonClass('ghost')}>
            Your subscriptions
          </Link>
        </div>
      </div>
    </div>
  );
}
