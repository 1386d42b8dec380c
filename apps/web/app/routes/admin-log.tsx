import type { ReactNode } from 'react';
import { Link, useLoaderData } from 'react-router';
import { Avatar } from '../components/avatar.tsx';
import { useBrowserTimeZone } from '../components/browser-values.ts';
import { buttonClass } from '../components/button-styles.ts';
import { CheckIcon, CompassIcon, EyeIcon, ShieldIcon, UsersIcon } from '../components/icons.tsx';
import { plazaContext } from '../context.ts';
import { pageMeta } from '../features/meta/page-meta.ts';
import {
  LOG_QUERY,
  shortWhen,
  typeLabel,
  type ModerationLogEntry,
  type ModerationPerson,
} from '../features/moderation/moderation-data.ts';
import { ModerationHeader } from '../features/moderation/moderation-header.tsx';
import { refuseNonAdmins } from '../features/moderation/refuse-non-admins.server.ts';
import type { Route } from './+types/admin-log';

export const meta = pageMeta({ title: 'Moderation log', path: '/admin/log', noIndex: true });

interface LogAnswer {
  moderationLog: { entries: ModerationLogEntry[]; nextMarker: string | null };
  siteAdmins: Array<{ source: string; user: ModerationPerson | null }>;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const marker = new URL(request.url).searchParams.get('marker');
  const result = await context.get(plazaContext).graphql<LogAnswer>(LOG_QUERY, { marker });
  refuseNonAdmins(result, request);
  if (!result.data?.moderationLog) throw new Response('Could not load the moderation log', { status: 500 });
  return {
    entries: result.data.moderationLog.entries,
    nextMarker: result.data.moderationLog.nextMarker,
    admins: result.data.siteAdmins.filter((admin) => admin.user !== null),
    isLaterPage: marker !== null,
  };
}

const ACTION_ICONS: Record<string, (props: { className?: string }) => ReactNode> = {
  HIDE: EyeIcon,
  UNHIDE: EyeIcon,
  BLOCK_EXPLORE: CompassIcon,
  ENABLE_EXPLORE: CompassIcon,
  SUSPEND_USER: UsersIcon,
  UNSUSPEND_USER: UsersIcon,
  DISMISS: CheckIcon,
  GRANT_ADMIN: ShieldIcon,
  REVOKE_ADMIN: ShieldIcon,
};

/** Taking something away is drawn in coral; giving it back or dismissing, in mint. */
const REMOVES = new Set(['HIDE', 'BLOCK_EXPLORE', 'SUSPEND_USER', 'REVOKE_ADMIN']);

function EntryRow({ entry, timeZone }: { entry: ModerationLogEntry; timeZone?: string }) {
  const path = entry.content?.path ?? null;
  const ActionIcon = ACTION_ICONS[entry.action] ?? CheckIcon;
  return (
    <li className="flex gap-4 px-5 py-4" data-testid="log-entry">
      <span
        className={`grid size-11 shrink-0 place-items-center rounded-2xl ${REMOVES.has(entry.action) ? 'bg-coral-soft text-[#7a2810]' : 'bg-mint-soft text-ink'}`}
      >
        <ActionIcon className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-bold">
          {entry.actionLabel}
          <span className="font-normal text-ink-soft"> · {typeLabel(entry.type).toLowerCase()} </span>
          {path ? (
            <Link to={path} className="underline-offset-2 hover:underline">
              {entry.label || `#${entry.typeId}`}
            </Link>
          ) : (
            <span>{entry.label || `#${entry.typeId}`}</span>
          )}
        </p>
        <p className="mt-0.5 text-sm text-ink-soft">
          by {entry.actor?.fullName ?? 'a former moderator'} ·{' '}
          <time dateTime={entry.createdAt}>{shortWhen(entry.createdAt, timeZone)}</time>
          {entry.reportCount > 0
            ? ` · closed ${entry.reportCount} ${entry.reportCount === 1 ? 'report' : 'reports'}`
            : ''}
        </p>
        {entry.note ? (
          <p className="mt-1.5 rounded-xl bg-cream px-3 py-2 text-[0.9375rem]">“{entry.note}”</p>
        ) : null}
      </div>
    </li>
  );
}

/** /admin/log: who did what, when, to what, and why (issue 10), newest first; and who moderates. */
export default function AdminLog() {
  const { entries, nextMarker, admins, isLaterPage } = useLoaderData<typeof loader>();
  const timeZone = useBrowserTimeZone();
  return (
    <div className="pb-16">
      <ModerationHeader lead="Every action taken by Plaza’s moderators, newest first, with the note they left." />
      <div className="mx-auto grid max-w-4xl gap-8 px-4 pt-6 sm:px-6 lg:max-w-5xl lg:grid-cols-[minmax(0,1fr)_16rem]">
        <section aria-labelledby="log-heading">
          <h2 id="log-heading" className="sr-only">
            Actions
          </h2>
          {entries.length === 0 ? (
            <div className="rounded-3xl border-2 border-dashed border-line px-6 py-14 text-center">
              <p className="mx-auto grid size-14 place-items-center rounded-2xl bg-lilac-soft">
                <ShieldIcon className="size-7" />
              </p>
              <p className="mt-3 font-display text-2xl font-extrabold">No actions yet</p>
              <p className="mx-auto mt-2 max-w-md text-ink-soft">
                What moderators do to reported content shows up here.
              </p>
            </div>
          ) : (
            <ol className="divide-y divide-line overflow-hidden rounded-3xl border border-line bg-white shadow-sm">
              {entries.map((entry) => (
                <EntryRow key={entry.id} entry={entry} timeZone={timeZone} />
              ))}
            </ol>
          )}
          <div className="mt-6 flex justify-center gap-3">
            {isLaterPage ? (
              <Link to="/admin/log" className={buttonClass('secondary')}>
                Back to the newest
              </Link>
            ) : null}
            {nextMarker ? (
              <Link
                to={`/admin/log?marker=${encodeURIComponent(nextMarker)}`}
                className={buttonClass('secondary')}
              >
                Older actions
              </Link>
            ) : null}
          </div>
        </section>
        <aside
          aria-labelledby="admins-heading"
          className="self-start rounded-3xl border border-line bg-white p-5"
        >
          <h2 id="admins-heading" className="font-bold">
            Administrators
          </h2>
          <ul className="mt-3 flex flex-col gap-3">
            {admins.map(({ user, source }) => (
              <li key={user!.id} className="flex items-center gap-2.5">
                <Avatar person={user!} size={2} />
                <div className="min-w-0">
                  <Link to={`/${user!.username}`} className="block truncate font-semibold hover:underline">
                    {user!.fullName}
                  </Link>
                  <p className="text-xs text-ink-soft">
                    {source === 'CONFIGURATION' ? 'By configuration' : 'Granted here'}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </div>
  );
}
