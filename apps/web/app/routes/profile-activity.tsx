import { useEffect, useRef, useState } from 'react';
import { Link, useFetcher, useRevalidator, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/profile-activity';
import { buttonClass } from '../components/button-styles.ts';
import { plazaContext } from '../context.ts';
import {
  ACTIVITY_FIELDS,
  NOTIFICATIONS_HREF,
  activityPeriod,
  type ActivityPage,
  type ActivityView,
} from '../features/activity/activity-data.ts';
import { ActivityItem } from '../features/activity/activity-item.tsx';
import { setUnreadActivityCount, useActivityLive } from '../features/activity/activity-live.ts';
import { pageMeta } from '../features/meta/page-meta.ts';

export const meta = pageMeta({ title: 'Activity', path: '/profile/activity', noIndex: true });

const MY_ACTIVITIES = `query MyActivities($marker: String) {
  myActivities(marker: $marker) { unreadCount lastChecked nextMarker activities { ${ACTIVITY_FIELDS} } }
}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const marker = new URL(request.url).searchParams.get('before');
  const result = await context
    .get(plazaContext)
    .graphql<{ myActivities: ActivityPage }>(MY_ACTIVITIES, { marker: marker || null });
  const page = result.data?.myActivities;
  if (!page)
    throw new Response(result.errors?.[0]?.message ?? 'Could not load your activity', { status: 500 });
  return { page, isOlderPage: Boolean(marker) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const plaza = context.get(plazaContext);
  if (form.get('intent') === 'read') {
    const id = Number(form.get('id'));
    if (!Number.isInteger(id)) return { unreadCount: null };
    const result = await plaza.graphql<{ markActivityRead: number }>(
      'mutation ($id: Int!) { markActivityRead(id: $id) }',
      { id },
    );
    return { unreadCount: result.data?.markActivityRead ?? null };
  }
  const result = await plaza.graphql<{ clearNotifications: number }>(
    'mutation { clearNotifications(type: ALL) }',
  );
  return { unreadCount: result.data?.clearNotifications ?? null };
}

/** Clearing changes only what the server counts; the page keeps showing what was new this visit. */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction?.startsWith('/profile/activity')) return false;
  return defaultShouldRevalidate;
}

const PERIODS = ['Today', 'Yesterday', 'This week', 'Earlier'] as const;

/** The activity feed (spec 3 "Activity"): newest first, what was new on arrival marked, cleared on open. */
export default function ProfileActivity({ loaderData }: Route.ComponentProps) {
  const { page, isOlderPage } = loaderData;
  const clear = useFetcher();
  const revalidator = useRevalidator();
  const live = useActivityLive(true);
  // What was unread when it reached this page stays marked "new" for the visit.
  const [newIds, setNewIds] = useState(
    () => new Set(page.activities.filter((a) => a.highlighted).map((a) => a.id)),
  );
  const [seenSource, setSeenSource] = useState(page);
  if (seenSource !== page) {
    setSeenSource(page);
    const fresh = page.activities.filter((a) => a.highlighted && !newIds.has(a.id));
    if (fresh.length > 0) setNewIds(new Set([...newIds, ...fresh.map((a) => a.id)]));
  }

  // Opening the feed clears the badge, on this tab at once and on the others through the server.
  const clearRef = useRef(clear.submit);
  useEffect(() => {
    clearRef.current = clear.submit;
  });
  useEffect(() => {
    if (page.unreadCount === 0) return;
    setUnreadActivityCount(0);
    void clearRef.current({ intent: 'clear' }, { method: 'post', action: '/profile/activity' });
  }, [page]);

  // Something new while the page is open: read the feed again (it then clears itself).
  const firstVersion = useRef(live.version);
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });
  useEffect(() => {
    if (live.version === firstVersion.current) return;
    if ((live.unreadCount ?? 0) > 0) void revalidate.current();
  }, [live.version, live.unreadCount]);

  const now = new Date();
  const groups = PERIODS.map((period) => ({
    period,
    items: page.activities.filter((a: ActivityView) => activityPeriod(a.createdAt, now) === period),
  })).filter((group) => group.items.length > 0);

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-extrabold tracking-tight sm:text-4xl">Activity</h1>
          <p className="mt-1 text-ink-soft">
            {newIds.size > 0
              ? `${newIds.size} new since you last looked`
              : 'Requests, invitations, answers and mentions, as they happen'}
          </p>
        </div>
        <Link to={NOTIFICATIONS_HREF} className={buttonClass('secondary')}>
          Notification settings
        </Link>
      </div>

      {page.activities.length === 0 ? (
        <div className="mt-10 rounded-[2rem] bg-white p-8 text-center shadow-sm ring-1 ring-line">
          <p aria-hidden="true" className="text-5xl">
            🔔
          </p>
          <h2 className="mt-3 font-display text-2xl font-bold">
            {isOlderPage ? 'Nothing older' : 'Nothing here yet'}
          </h2>
          <p className="mx-auto mt-2 max-w-md text-ink-soft">
            When someone asks to be your friend, invites you to a plan or group, answers your plans or
            mentions you, it shows up here.
          </p>
          <Link to="/profile/friends" className={`${buttonClass('primary')} mt-5`}>
            Find friends
          </Link>
        </div>
      ) : (
        <div className="mt-6 space-y-6">
          {groups.map((group) => (
            <section key={group.period} aria-labelledby={`period-${group.period}`}>
              <h2
                id={`period-${group.period}`}
                className="px-3 text-sm font-bold tracking-wide text-ink-soft uppercase"
              >
                {group.period}
              </h2>
              <ul className="mt-1">
                {group.items.map((activity) => (
                  <ActivityItem key={activity.id} activity={activity} isNew={newIds.has(activity.id)} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}

      {page.nextMarker ? (
        <div className="mt-6 text-center">
          <Link to={`?before=${encodeURIComponent(page.nextMarker)}`} className={buttonClass('secondary')}>
            Older activity
          </Link>
        </div>
      ) : null}
      {isOlderPage ? (
        <div className="mt-4 text-center">
          <Link
            to="/profile/activity"
            className="font-semibold text-coral-strong underline underline-offset-2"
          >
            Back to the newest
          </Link>
        </div>
      ) : null}
    </div>
  );
}
