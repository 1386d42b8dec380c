import { Link } from 'react-router';
import { pageMeta } from '../features/meta/page-meta.ts';

export const meta = pageMeta({ title: 'Payments check', path: '/stripe-check', noIndex: true });

/** Technical page (spec 2.1): whether card payments are set up on this Plaza. None can be yet. */
export default function StripeCheck() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
      <p className="text-sm font-semibold tracking-widest text-ink-soft uppercase">Technical page</p>
      <h1 className="mt-2 font-display text-3xl font-extrabold tracking-tight">Payments check</h1>
      <p data-testid="payments-status" className="mt-6 rounded-2xl bg-sand px-5 py-4 text-lg">
        Payments are not configured on this Plaza.
      </p>
      <p className="mt-6 text-ink-soft">
        Paid groups and creator subscriptions need a card payment provider. They are not available yet; see{' '}
        <Link to="/creators" className="font-semibold text-coral-strong underline underline-offset-2">
          Creators
        </Link>{' '}
        for what is planned.
      </p>
    </div>
  );
}
