import { Link, useFetcher, useLoaderData } from 'react-router';
import { buttonClass } from '../components/button-styles.ts';
import { plazaContext } from '../context.ts';
import { groupHref } from '../features/groups/group-data.ts';
import { priceLabel } from '../features/groups/paid-content.ts';
import { pageMeta } from '../features/meta/page-meta.ts';
import { mutationOutcome } from '../graphql/mutation-outcome.ts';
import type { Route } from './+types/subscriptions';

export const meta = pageMeta({ title: 'Subscriptions', path: '/profile/subscriptions', noIndex: true });

interface Subscription {
  id: number;
  status: string;
  price: number;
  recurrence: string | null;
  createdAt: string;
  group: { id: number; key: string; slug: string; title: string; image: string | null };
}

const SUBSCRIPTIONS = `query Subscriptions {
  myGroupSubscriptions { id status price recurrence createdAt group { id key slug title image } }
}`;
const CANCEL = `mutation Cancel($id: ID!) { cancelSubscription(id: $id) }`;

export async function loader({ context }: Route.LoaderArgs) {
  const result = await context
    .get(plazaContext)
    .graphql<{ myGroupSubscriptions: Subscription[] }>(SUBSCRIPTIONS);
  if (!result.data) throw new Response('Could not load your subscriptions', { status: 500 });
  return { subscriptions: result.data.myGroupSubscriptions };
}

export async function action({ request, context }: Route.ActionArgs) {
  const groupId = (await request.formData()).get('groupId');
  const result = await context.get(plazaContext).graphql(CANCEL, { id: String(groupId) });
  const outcome = mutationOutcome(result);
  return outcome.ok
    ? { ok: true, message: 'Canceled. You are no longer charged.' }
    : { ok: false, message: outcome.message };
}

function SubscriptionRow({ subscription }: { subscription: Subscription }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const { group } = subscription;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-center gap-3">
        {group.image ? (
          <img src={group.image} alt="" className="size-14 rounded-xl object-cover" />
        ) : (
          <span className="size-14 rounded-xl bg-lilac-soft" aria-hidden="true" />
        )}
        <div className="min-w-0">
          <Link to={groupHref(group)} className="block truncate font-bold hover:underline">
            {group.title}
          </Link>
          <p className="text-sm text-ink-soft">
            {priceLabel(subscription)} ·{' '}
            {subscription.status === 'pending'
              ? 'waiting for the payment to be confirmed'
              : `since ${new Date(subscription.createdAt).toLocaleDateString('en', { dateStyle: 'medium' })}`}
          </p>
        </div>
      </div>
      {subscription.status === 'active' && subscription.recurrence ? (
        <fetcher.Form data-submit-after-hydration="" method="post">
          <input type="hidden" name="groupId" value={group.id} />
          <button type="submit" className={buttonClass('secondary')} disabled={fetcher.state !== 'idle'}>
            Cancel<span className="sr-only"> {group.title}</span>
          </button>
        </fetcher.Form>
      ) : null}
      {fetcher.data && !fetcher.data.ok ? (
        <p role="alert" className="text-sm font-semibold text-coral-strong">
          {fetcher.data.message}
        </p>
      ) : null}
    </li>
  );
}

/** /profile/subscriptions (spec 2.1): the paid groups one belongs to, and a way out of each. */
export default function Subscriptions() {
  const { subscriptions } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-16">
      <h1 className="font-display text-3xl font-extrabold tracking-tight sm:text-4xl">Subscriptions</h1>
      <p className="mt-2 text-ink-soft">
        Paid groups you belong to. Canceling ends your membership and the payments.
      </p>
      {subscriptions.length === 0 ? (
        <p className="mt-8 rounded-3xl border border-line bg-white p-8 text-center text-ink-soft">
          You do not pay for any group.
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-line">
          {subscriptions.map((subscription) => (
            <SubscriptionRow key={subscription.id} subscription={subscription} />
          ))}
        </ul>
      )}
    </div>
  );
}
