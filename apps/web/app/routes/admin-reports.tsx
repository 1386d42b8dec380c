import { Link, useLoaderData } from 'react-router';
import { MODERATION_ACTIONS, isReportModelType, type ModerationAction } from '@plaza/core/moderation';
import { useBrowserTimeZone } from '../components/browser-values.ts';
import { buttonClass } from '../components/button-styles.ts';
import { CheckIcon } from '../components/icons.tsx';
import { plazaContext } from '../context.ts';
import { mutationOutcome } from '../graphql/mutation-outcome.ts';
import { pageMeta } from '../features/meta/page-meta.ts';
import {
  MODERATE_MUTATION,
  QUEUE_QUERY,
  QUEUE_TABS,
  statusFromSearch,
  type ModerationItem,
} from '../features/moderation/moderation-data.ts';
import { ModerationHeader } from '../features/moderation/moderation-header.tsx';
import { ModerationItemCard, type ModerateAnswer } from '../features/moderation/moderation-item.tsx';
import { refuseNonAdmins } from '../features/moderation/refuse-non-admins.server.ts';
import type { Route } from './+types/admin-reports';

export const meta = pageMeta({ title: 'Moderation', path: '/admin/reports', noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const status = statusFromSearch(url.searchParams);
  const marker = url.searchParams.get('marker');
  const result = await context
    .get(plazaContext)
    .graphql<{ moderationQueue: { items: ModerationItem[]; nextMarker: string | null } }>(QUEUE_QUERY, {
      status,
      marker,
    });
  refuseNonAdmins(result, request);
  const queue = result.data?.moderationQueue;
  if (!queue) throw new Response('Could not load the moderation queue', { status: 500 });
  return { status, items: queue.items, nextMarker: queue.nextMarker, isLaterPage: marker !== null };
}

export async function action({ request, context }: Route.ActionArgs): Promise<ModerateAnswer> {
  const form = await request.formData();
  const type = form.get('type');
  const typeId = Number(form.get('typeId'));
  const chosen = form.get('action');
  if (
    !isReportModelType(type) ||
    !Number.isInteger(typeId) ||
    !(MODERATION_ACTIONS as readonly unknown[]).includes(chosen)
  ) {
    return { ok: false, message: 'That did not work. Please try again.' };
  }
  const result = await context.get(plazaContext).graphql(MODERATE_MUTATION, {
    type,
    typeId,
    action: chosen as ModerationAction,
    note: String(form.get('note') ?? ''),
  });
  refuseNonAdmins(result, request);
  const outcome = mutationOutcome(result);
  return outcome.ok ? { ok: true, message: 'Done.' } : { ok: false, message: outcome.message };
}

const EMPTY: Record<string, { title: string; text: string }> = {
  OPEN: {
    title: 'Nothing to review',
    text: 'When someone reports a plan, group, person or message, it shows up here.',
  },
  RESOLVED: { title: 'Nothing resolved yet', text: 'Reports you act on move here, with what was done.' },
  DISMISSED: { title: 'Nothing dismissed', text: 'Reports you dismiss without acting move here.' },
};

/** /admin/reports: the moderation queue (issue 10), one card per reported piece of content. */
export default function AdminReports() {
  const { status, items, nextMarker, isLaterPage } = useLoaderData<typeof loader>();
  const timeZone = useBrowserTimeZone();
  const empty = EMPTY[status]!;
  return (
    <div className="pb-16">
      <ModerationHeader lead="Review what people reported, act on it, and keep Plaza a place people want to meet in." />
      <div className="mx-auto max-w-4xl px-4 sm:px-6">
        <nav aria-label="Report status" className="mt-6">
          <ul className="inline-flex gap-1 rounded-full bg-white p-1 shadow-sm ring-1 ring-line">
            {QUEUE_TABS.map((tab) => (
              <li key={tab.status}>
                <Link
                  to={tab.path}
                  aria-current={tab.status === status ? 'page' : undefined}
                  className={`inline-block rounded-full px-4 py-2 text-[0.9375rem] font-bold ${tab.status === status ? 'bg-ink text-white' : 'text-ink-soft hover:bg-sand hover:text-ink'}`}
                >
                  {tab.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {items.length === 0 ? (
          <div className="mt-8 rounded-3xl border-2 border-dashed border-line px-6 py-14 text-center">
            <p className="mx-auto grid size-14 place-items-center rounded-2xl bg-mint-soft">
              <CheckIcon className="size-7" />
            </p>
            <h2 className="mt-3 font-display text-2xl font-extrabold">{empty.title}</h2>
            <p className="mx-auto mt-2 max-w-md text-ink-soft">{empty.text}</p>
          </div>
        ) : (
          <ul className="mt-6 flex flex-col gap-5">
            {items.map((item) => (
              <li key={`${item.type}:${item.typeId}`}>
                <ModerationItemCard item={item} timeZone={timeZone} />
              </li>
            ))}
          </ul>
        )}
        <div className="mt-8 flex justify-center gap-3">
          {isLaterPage ? (
            <Link
              to={QUEUE_TABS.find((tab) => tab.status === status)!.path}
              className={buttonClass('secondary')}
            >
              Back to the newest
            </Link>
          ) : null}
          {nextMarker ? (
            <Link
              to={`/admin/reports?status=${status.toLowerCase()}&marker=${encodeURIComponent(nextMarker)}`}
              className={buttonClass('secondary')}
            >
              Older reports
            </Link>
          ) : null}
        </div>
      </div>
    </div>
  );
}
