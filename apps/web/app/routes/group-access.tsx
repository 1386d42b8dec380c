import { uploadedImageSrcSet } from '@plaza/core/avatar';
import {
  Form,
  Link,
  data,
  redirect,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
} from 'react-router';
import { buttonClass } from '../components/button-styles.ts';
import { plazaContext } from '../context.ts';
import { GROUP_PAGE_FIELDS, groupHref, type GroupPage } from '../features/groups/group-data.ts';
import { priceLabel } from '../features/groups/paid-content.ts';
import { buildPageMeta } from '../features/meta/page-meta.ts';
import { viewerContext } from '../features/session/viewer.server.ts';
import { mutationOutcome } from '../graphql/mutation-outcome.ts';
import { rootDataFromMatches } from '../root-data.ts';
import type { Route } from './+types/group-access';

const GROUP = `query GroupAccess($key: String!) { group(key: $key) { ${GROUP_PAGE_FIELDS} } }`;
const CHECKOUT = `mutation Checkout($id: ID!) { startGroupCheckout(id: $id) { url } }`;

async function loadGroup(context: Route.LoaderArgs['context'], key: string): Promise<GroupPage> {
  const result = await context.get(plazaContext).graphql<{ group: GroupPage | null }>(GROUP, { key });
  if (!result.data?.group)
    throw data(null, { status: result.errors?.[0]?.extensions?.code === 'FORBIDDEN' ? 403 : 404 });
  return result.data.group;
}

/**
 * /group/<slug>/<key>/access and …/checkout (spec 2.1): what a paid group costs and the way to
 * pay; checkout is where the payment page sends people back when they leave it unpaid.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const group = await loadGroup(context, params.key);
  if (group.viewerStatus === 'member' || !group.payment) throw redirect(groupHref(group));
  return { group, isSignedIn: context.get(viewerContext) !== null };
}

export async function action({ params, context }: Route.ActionArgs) {
  const group = await loadGroup(context, params.key);
  const result = await context.get(plazaContext).graphql<{ startGroupCheckout: { url: string } }>(CHECKOUT, {
    id: String(group.id),
  });
  const url = result.data?.startGroupCheckout?.url;
  // The provider's own page takes the card; Plaza never sees it.
  if (url) throw redirect(url);
  const outcome = mutationOutcome(result);
  return { message: outcome.ok ? 'The payment could not start. Please try again.' : outcome.message };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const publicUrl = rootDataFromMatches(matches)?.publicUrl ?? '';
  return buildPageMeta(
    {
      title: loaderData ? `Join ${loaderData.group.title}` : 'Join',
      path: loaderData ? groupHref(loaderData.group, 'access') : '/',
      noIndex: true,
    },
    publicUrl,
  );
}

export default function GroupAccess() {
  const { group, isSignedIn } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const isReturn = pathname.endsWith('/checkout');
  const price = group.payment ? priceLabel(group.payment) : '';
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:py-16">
      <div className="overflow-hidden rounded-3xl border border-line bg-white">
        {group.image ? (
          <img
            src={group.image}
            srcSet={uploadedImageSrcSet(group.image)}
            alt=""
            className="aspect-[3/1] w-full object-cover"
          />
        ) : (
          <div className="aspect-[3/1] bg-gradient-to-br from-lilac-soft to-sun-soft" aria-hidden="true" />
        )}
        <div className="p-6 sm:p-8">
          <p className="text-sm font-bold tracking-widest text-coral-strong uppercase">
            {isReturn ? 'Payment not finished' : 'Members-only group'}
          </p>
          <h1 className="mt-1 font-display text-3xl font-extrabold tracking-tight">{group.title}</h1>
          <p className="mt-3 text-ink-soft">
            {isReturn
              ? 'You left the payment page before paying. Nothing was charged. You can try again whenever you like.'
              : `Membership is ${price}. You join as soon as the payment goes through${group.payment?.recurrence ? ', and you can cancel any time from your subscriptions' : ''}.`}
          </p>
          <p className="mt-6 font-display text-4xl font-extrabold">{price}</p>
          {answer?.message ? (
            <p role="alert" className="mt-4 text-sm font-semibold text-coral-strong">
              {answer.message}
            </p>
          ) : null}
          <div className="mt-6 flex flex-wrap gap-3">
            {isSignedIn ? (
              <Form method="post">
                <button
                  type="submit"
                  className={buttonClass('primary', 'lg')}
                  disabled={navigation.state !== 'idle'}
                >
                  {isReturn ? 'Try again' : 'Pay and join'}
                </button>
              </Form>
            ) : (
              <Link
                to={`?signin=1&return=${encodeURIComponent(pathname)}`}
                className={buttonClass('primary', 'lg')}
              >
                Log in to join
              </Link>
            )}
            <Link to={groupHref(group)} className={buttonClass('secondary', 'lg')}>
              Back to the group
            </Link>
          </div>
          <p className="mt-6 text-sm text-ink-soft">
            Card payments are handled by Stripe. Plaza never sees your card.
          </p>
        </div>
      </div>
    </div>
  );
}
