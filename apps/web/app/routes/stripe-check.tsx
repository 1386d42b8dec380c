import { Link, useLoaderData } from 'react-router';
import { loadPaidContentCheck } from '../features/groups/paid-content.ts';
import { pageMeta } from '../features/meta/page-meta.ts';
import type { Route } from './+types/stripe-check';

export const meta = pageMeta({ title: 'Payments check', path: '/stripe-check', noIndex: true });

/**
 * Technical page (spec 2.1): whether card payments are set up on this Plaza. The paid-content
 * check names a next step (sign in, verify) only when a provider is configured (decision 0008).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const check = await loadPaidContentCheck(context);
  return { isConfigured: check.canCreatePaidEntities || check.action !== null };
}

export default function StripeCheck() {
  const { isConfigured } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
      <p className="text-sm font-semibold tracking-widest text-ink-soft uppercase">Technical page</p>
      <h1 className="mt-2 font-display text-3xl font-extrabold tracking-tight">Payments check</h1>
      <p data-testid="payments-status" className="mt-6 rounded-2xl bg-sand px-5 py-4 text-lg">
        {isConfigured
          ? 'Payments are configured on this Plaza: card payments go through Stripe.'
          : 'Payments are not configured on this Plaza.'}
      </p>
      <p className="mt-6 text-ink-soft">
        {isConfigured
          ? 'Verified creators can sell group memberships; members pay on Stripe’s own page and join once Stripe confirms.'
          : 'Paid groups need a card payment provider: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET. See '}
        {isConfigured ? null : (
          <>
            <Link to="/creators" className="font-semibold text-coral-strong underline underline-offset-2">
              Creators
            </Link>{' '}
            for what it offers.
          </>
        )}
      </p>
    </div>
  );
}
