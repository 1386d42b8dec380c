import { useEffect } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import { buttonClass } from '../components/button-styles.ts';
import { plazaContext } from '../context.ts';
import { groupHref } from '../features/groups/group-data.ts';
import { pageMeta } from '../features/meta/page-meta.ts';
import type { Route } from './+types/stripe-signup';

export const meta = pageMeta({ title: 'Payment received', path: '/profile/stripe-signup', noIndex: true });

interface SignupAnswer {
  group: {
    key: string;
    slug: string;
    title: string;
    image: string | null;
    viewerStatus: string | null;
  } | null;
}

const GROUP = `query StripeSignup($key: String!) { group(key: $key) { key slug title image viewerStatus } }`;
const RECHECK_MS = 2000;
const RECHECKS = 15;

/**
 * /profile/stripe-signup (spec 2.1): where the payment page sends people back after paying. Access
 * follows the provider's signed confirmation (decision 0008), which may come a moment later, so
 * the page checks again for half a minute.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const key = new URL(request.url).searchParams.get('group');
  if (!key) return { group: null };
  const result = await context.get(plazaContext).graphql<SignupAnswer>(GROUP, { key });
  return { group: result.data?.group ?? null };
}

export default function StripeSignup() {
  const { group } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const isIn = group?.viewerStatus === 'member';

  useEffect(() => {
    if (!group || isIn) return;
    let count = 0;
    const timer = window.setInterval(() => {
      count += 1;
      if (count > RECHECKS) window.clearInterval(timer);
      else void revalidator.revalidate();
    }, RECHECK_MS);
    return () => window.clearInterval(timer);
    // The revalidator object changes on every check; the interval is set once per page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [group?.key, isIn]);

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-16 text-center">
      {!group ? (
        <>
          <h1 className="font-display text-3xl font-extrabold tracking-tight">Nothing to confirm here</h1>
          <p className="mt-3 text-ink-soft">
            This page follows a payment for a group. Your groups are in one place:
          </p>
          <Link to="/community" className={`mt-6 ${buttonClass('primary', 'lg')}`}>
            Your groups
          </Link>
        </>
      ) : isIn ? (
        <>
          <p className="text-sm font-bold tracking-widest text-coral-strong uppercase">Payment received</p>
          <h1 className="mt-2 font-display text-3xl font-extrabold tracking-tight">
            Welcome to {group.title}
          </h1>
          <p className="mt-3 text-ink-soft">
            You are a member now. Say hi in the group and see what is planned.
          </p>
          <Link to={groupHref(group)} className={`mt-6 ${buttonClass('primary', 'lg')}`}>
            Open the group
          </Link>
        </>
      ) : (
        <>
          <p className="text-sm font-bold tracking-widest text-coral-strong uppercase">Almost there</p>
          <h1 className="mt-2 font-display text-3xl font-extrabold tracking-tight">
            Confirming your payment…
          </h1>
          <p className="mt-3 text-ink-soft" aria-live="polite">
            We let you into {group.title} as soon as the payment provider confirms it, usually within a few
            seconds.
          </p>
          <Link to="/profile/subscriptions" className={`mt-6 ${buttonClass('secondary', 'lg')}`}>
            See your subscriptions
          </Link>
        </>
      )}
    </div>
  );
}
