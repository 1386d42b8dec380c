import { Suspense, useState } from 'react';
import { uploadedImageSrcSet } from '@plaza/core/avatar';
import { Link, data, redirect, useFetcher, useLoaderData, useLocation, useNavigate } from 'react-router';
import { formatCount } from '@plaza/core/count-format';
import { exploreStatusToForm, isExploreStatus } from '@plaza/core/explore-status';
import { formatPlanWhen } from '@plaza/core/plan-when';
import { isPlanResponseValue, type PlanResponseValue } from '@plaza/core/plan-response';
import { Avatar } from '../components/avatar.tsx';
import { buttonClass } from '../components/button-styles.ts';
import { HashtagList } from '../components/hashtag-list.tsx';
import { LinkedText } from '../components/linked-text.tsx';
import { FriendSample } from '../components/friend-sample.tsx';
import { ShareButton } from '../components/share-button.tsx';
import { CalendarIcon, PinIcon, RepeatIcon, UsersIcon } from '../components/icons.tsx';
import { plazaContext } from '../context.ts';
import { mutationOutcome } from '../graphql/mutation-outcome.ts';
import { groupHref } from '../features/groups/group-data.ts';
import { buildPageMeta } from '../features/meta/page-meta.ts';
import {
  ATTENDEE_FIELDS,
  PLAN_PAGE_FIELDS,
  RESPONSE_CHOICES,
  planEditHash,
  planHref,
  repeatSentence,
  type PlanAttendee,
  type PlanPage,
} from '../features/plans/plan-data.ts';
import type { PlanFormValues } from '../features/plans/plan-form.tsx';
import { runPlanSave } from '../features/plans/plan-save.server.ts';
import { useBrowserTimeZone, useHydrated } from '../components/browser-values.ts';
import { viewerContext } from '../features/session/viewer.server.ts';
import { MuteButton } from '../features/activity/mute-button.tsx';
import { lazyPart } from '../features/errors/lazy-part.ts';
import { ReportButton } from '../features/moderation/report-button.tsx';
import { rootDataFromMatches } from '../root-data.ts';
import type { Route } from './+types/plan';

// Only the plan's hosts edit, invite and delete: those dialogs load when a pointer or the focus
// reaches their button (and the edit form when the page opens on its address).
const PlanEditDialog = lazyPart(
  async () => (await import('../features/plans/plan-edit-dialog.tsx')).PlanEditDialog,
);
const PlanDeleteDialog = lazyPart(
  async () => (await import('../features/plans/plan-delete-dialog.tsx')).PlanDeleteDialog,
);
const PlanInviteDialog = lazyPart(
  async () => (await import('../features/plans/plan-invite-dialog.tsx')).PlanInviteDialog,
);

const PLAN = `query PlanPage($key: String!, $inviteKey: String, $occurrence: String) {
  plan(key: $key, inviteKey: $inviteKey, occurrence: $occurrence) { ${PLAN_PAGE_FIELDS} }
}`;

const INSIDE = `query PlanInside($key: String!, $inviteKey: String, $occurrence: String, $from: String!, $to: String!, $repeats: Boolean!) {
  going: planAttendees(key: $key, inviteKey: $inviteKey, occurrence: $occurrence, responses: [ATTENDING]) { nextMarker attendees { ${ATTENDEE_FIELDS} } }
  interested: planAttendees(key: $key, inviteKey: $inviteKey, occurrence: $occurrence, responses: [INTERESTED]) { nextMarker attendees { ${ATTENDEE_FIELDS} } }
  dates: planOccurrences(key: $key, inviteKey: $inviteKey, from: $from, to: $to) @include(if: $repeats) { occurrence start { utc } end { utc } allDay timezone }
}`;

const RESPOND = `mutation RespondToPlan($key: String!, $response: PlanResponse!, $occurrence: String, $inviteKey: String) {
  respondToPlan(key: $key, response: $response, occurrence: $occurrence, inviteKey: $inviteKey) { key }
}`;

const INVITE = `mutation InviteToPlan($key: String!, $invitees: [PlanInviteeInput!]!) {
  inviteToPlan(key: $key, invitees: $invitees) { invitedUsers invitedContacts }
}`;

const DELETE = `mutation DeletePlan($key: String!, $applyTo: PlanApplyTo, $occurrence: String) {
  deletePlan(key: $key, applyTo: $applyTo, occurrence: $occurrence)
}`;

interface InsideAnswer {
  going: { nextMarker: string | null; attendees: PlanAttendee[] } | null;
  interested: { nextMarker: string | null; attendees: PlanAttendee[] } | null;
  dates?: Array<{
    occurrence: string;
    start: { utc: string };
    end: { utc: string };
    allDay: boolean;
    timezone: string;
  }> | null;
}

const DAY = 86_400_000;

function queryOf(request: Request) {
  const url = new URL(request.url);
  return {
    url,
    inviteKey: url.searchParams.get('invite_key'),
    occurrence: url.searchParams.get('occurrence'),
  };
}

async function loadPlan(
  context: Route.LoaderArgs['context'],
  key: string,
  inviteKey: string | null,
  occurrence: string | null,
): Promise<PlanPage> {
  const result = await context
    .get(plazaContext)
    .graphql<{ plan: PlanPage | null }>(PLAN, { key, inviteKey, occurrence });
  const code = result.errors?.[0]?.extensions?.code;
  if (code === 'NOT_FOUND' || code === 'BAD_USER_INPUT' || (!code && !result.data?.plan)) {
    throw data(null, { status: 404 });
  }
  if (code === 'FORBIDDEN') throw data(null, { status: 403 });
  if (!result.data?.plan) throw new Response('Could not load this plan', { status: 500 });
  return result.data.plan;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { url, inviteKey, occurrence } = queryOf(request);
  const plan = await loadPlan(context, params.key, inviteKey, occurrence);
  // The slug follows the title: an old or missing one leads to the current address.
  if (params.slug !== plan.slug) {
    throw redirect(`/${encodeURIComponent(plan.slug)}/${encodeURIComponent(plan.key)}${url.search}`, 301);
  }
  const now = Date.now();
  const inside = await context.get(plazaContext).graphql<InsideAnswer>(INSIDE, {
    key: plan.key,
    inviteKey,
    occurrence: plan.occurrence,
    from: new Date(now).toISOString(),
    to: new Date(now + 120 * DAY).toISOString(),
    repeats: plan.recurring !== null,
  });
  return {
    plan,
    going: inside.data?.going?.attendees ?? [],
    interested: inside.data?.interested?.attendees ?? [],
    dates: (inside.data?.dates ?? []).slice(0, 8),
    viewerId: context.get(viewerContext)?.id ?? null,
    inviteKey,
    // Back from a "still going?" e-mail link (/plan-reply): say what was recorded.
    replied: url.searchParams.get('replied'),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { inviteKey, occurrence } = queryOf(request);
  const form = await request.formData();
  const intent = form.get('intent');
  const server = context.get(plazaContext);
  if (intent === 'save') {
    const result = await runPlanSave(form, context, params.key);
    if (result.ok) throw redirect(planHref(result.plan));
    return result;
  }
  if (intent === 'respond') {
    const response = form.get('response');
    if (!isPlanResponseValue(response)) return { intent, ok: false, message: 'Choose an answer.' };
    const outcome = mutationOutcome(
      await server.graphql(RESPOND, { key: params.key, response, occurrence, inviteKey }),
    );
    return outcome.ok
      ? { intent, ok: true, message: RESPONSE_CHOICES.find((c) => c.value === response)?.label ?? 'Saved' }
      : { intent, ok: false, message: outcome.message };
  }
  if (intent === 'invite') {
    const id = String(form.get('id') ?? '').trim();
    const groupId = String(form.get('groupId') ?? '').trim();
    const to = String(form.get('to') ?? '').trim();
    if (!id && !groupId && !to)
      return { intent, ok: false, message: 'Type an e-mail address or a phone number.' };
    const invitee = groupId
      ? { id: groupId, isGroup: true }
      : id
        ? { id }
        : to.includes('@')
          ? { email: to }
          : { phone: to };
    const outcome = mutationOutcome(await server.graphql(INVITE, { key: params.key, invitees: [invitee] }));
    return outcome.ok
      ? {
          intent,
          ok: true,
          message: groupId ? 'The group is invited.' : id ? 'Invited.' : `Invitation sent to ${to}.`,
        }
      : { intent, ok: false, message: outcome.message };
  }
  if (intent === 'delete') {
    const applyTo = form.get('applyTo') === 'ONLY_THIS' ? 'ONLY_THIS' : 'ALL';
    const outcome = mutationOutcome(await server.graphql(DELETE, { key: params.key, applyTo, occurrence }));
    if (!outcome.ok) return { intent, ok: false, message: outcome.message };
    if (applyTo === 'ONLY_THIS') throw redirect(`/${params.slug}/${params.key}`);
    throw redirect('/profile');
  }
  return { intent: 'unknown', ok: false, message: 'That did not work. Please try again.' };
}

function placeText(plan: PlanPage): string | null {
  const place = plan.place;
  if (!place) return null;
  return (
    [place.name, place.address, place.city]
      .filter((part, i, all) => part && all.indexOf(part) === i)
      .join(', ') || null
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const publicUrl = rootDataFromMatches(matches)?.publicUrl ?? '';
  if (!loaderData) return buildPageMeta({ title: 'Page not found', path: '/', noIndex: true }, publicUrl);
  const { plan } = loaderData;
  const when = formatPlanWhen({
    start: plan.start.utc,
    end: plan.end.utc,
    timezone: plan.timezone,
    allDay: plan.allDay,
  });
  const where = placeText(plan);
  return buildPageMeta(
    {
      title: plan.title || 'Plan',
      description: plan.description || [when, where].filter(Boolean).join(' · '),
      path: `/${plan.slug}/${plan.key}`,
      isDetail: true,
      noIndex: !plan.isPublic,
      ...(plan.image ? { image: { url: plan.image, alt: `Picture of ${plan.title}` } } : {}),
    },
    publicUrl,
  );
}

/** Add to calendar (issue 6): the plan's .ics file, Google Calendar or Outlook, in a small menu. */
function CalendarMenu({ links }: { links: NonNullable<PlanPage['calendarLinks']> }) {
  return (
    <details className="group relative">
      <summary
        className={`${buttonClass('secondary')} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
      >
        <CalendarIcon className="size-4" />
        Add to calendar
      </summary>
      <ul className="absolute left-0 z-20 mt-2 w-56 rounded-2xl border border-line bg-white p-2 shadow-xl shadow-plum/10">
        {[
          { href: links.ics, label: 'Apple, Outlook app (.ics)', download: true },
          { href: links.google, label: 'Google Calendar', download: false },
          { href: links.outlook, label: 'Outlook.com', download: false },
        ].map((link) => (
          <li key={link.label}>
            <a
              href={link.href}
              {...(link.download ? { download: '' } : { target: '_blank', rel: 'noopener noreferrer' })}
              className="flex rounded-xl px-3 py-2.5 text-[0.9375rem] font-semibold hover:bg-sand"
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Going, interested, can't go (and next time on a repeating plan): the viewer's answer (spec 4). */
function ResponseButtons({ plan, isSignedIn }: { plan: PlanPage; isSignedIn: boolean }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const { pathname, search } = useLocation();
  const pending = fetcher.formData?.get('response');
  const current = (isPlanResponseValue(pending) ? pending : null) ?? responseOf(plan);
  const choices = RESPONSE_CHOICES.filter((c) => !c.repeatingOnly || plan.recurring !== null);
  if (!isSignedIn) {
    return (
      <Link
        to={`?signin=1&return=${encodeURIComponent(`${pathname}${search}`)}`}
        className={`${buttonClass('primary', 'lg')} w-full`}
      >
        Log in to answer
      </Link>
    );
  }
  if (!plan.permissions.respond) return null;
  return (
    <div>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap" role="group" aria-label="Your answer">
        {choices.map((choice) => {
          const isOn = current === choice.value;
          return (
            <button
              key={choice.value}
              type="button"
              aria-pressed={isOn}
              // Not `disabled` while saving: that would drop the keyboard focus on the page.
              aria-disabled={fetcher.state !== 'idle'}
              onClick={() => {
                if (fetcher.state !== 'idle') return;
                void fetcher.submit({ intent: 'respond', response: choice.value }, { method: 'post' });
              }}
              className={
                isOn
                  ? `${buttonClass('primary')} ring-2 ring-coral-strong ring-offset-2 ring-offset-white`
                  : buttonClass('secondary')
              }
            >
              {choice.label}
            </button>
          );
        })}
      </div>
      {fetcher.data && !fetcher.data.ok ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-coral-strong">
          {fetcher.data.message}
        </p>
      ) : null}
    </div>
  );
}

function responseOf(plan: PlanPage): PlanResponseValue | null {
  const names: Record<string, PlanResponseValue> = {
    attending: 'ATTENDING',
    notattending: 'UNATTENDING',
    nextTime: 'NEXT_TIME',
    interested: 'INTERESTED',
    uninterested: 'UNINTERESTED',
  };
  return names[plan.authorization.invitationStatus ?? ''] ?? null;
}

function AttendeeList({ title, people }: { title: string; people: PlanAttendee[] }) {
  if (people.length === 0) return null;
  return (
    <section aria-label={title} className="mt-6">
      <h3 className="text-sm font-bold tracking-wide text-ink-soft uppercase">
        {title} · {people.length}
      </h3>
      <ul className="mt-2 divide-y divide-line">
        {people.map(({ user }) => (
          <li key={user.id} className="flex items-center gap-3 py-2.5">
            <Avatar person={user} size={2} />
            <Link to={`/${user.username}`} className="min-w-0 truncate font-semibold hover:underline">
              {user.fullName}
            </Link>
            {user.friendshipStatus === 'FRIENDS' ? (
              <span className="ml-auto rounded-full bg-mint-soft px-2 py-0.5 text-xs font-bold">Friend</span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function DeleteButton({ plan }: { plan: PlanPage }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const [isAsking, setIsAsking] = useState(false);
  const remove = (applyTo: 'ALL' | 'ONLY_THIS') => {
    setIsAsking(false);
    void fetcher.submit({ intent: 'delete', applyTo }, { method: 'post' });
  };
  return (
    <>
      <button
        type="button"
        className={buttonClass('ghost')}
        onPointerEnter={PlanDeleteDialog.preload}
        onFocus={PlanDeleteDialog.preload}
        onClick={() => setIsAsking(true)}
      >
        Delete
      </button>
      {isAsking ? (
        <Suspense fallback={null}>
          <PlanDeleteDialog
            isRecurring={plan.recurring !== null}
            onChoose={remove}
            onClose={() => setIsAsking(false)}
          />
        </Suspense>
      ) : null}
      {fetcher.data && !fetcher.data.ok ? (
        <p role="alert" className="text-sm font-semibold text-coral-strong">
          {fetcher.data.message}
        </p>
      ) : null}
    </>
  );
}

/** The edit form's values from the plan as it is (an all-day end is exclusive; the form shows the last day). */
function formValuesOf(plan: PlanPage): PlanFormValues {
  const lastDay = new Date(Date.parse(`${plan.end.date}T00:00:00Z`) - DAY).toISOString().slice(0, 10);
  return {
    title: plan.title,
    description: plan.description,
    image: plan.image,
    link: plan.link ?? '',
    outUrl: plan.outUrl ?? '',
    isPublic: plan.isPublic,
    organizationId: plan.organization?.id ?? null,
    allDay: plan.allDay,
    start: plan.allDay ? plan.start.date : plan.start.local.slice(0, 16),
    end: plan.allDay ? lastDay : plan.end.local.slice(0, 16),
    place: {
      placeId: null,
      name: plan.place?.name ?? plan.place?.city ?? '',
      address: plan.place?.address ?? '',
      city: plan.place?.city ?? '',
      state: plan.place?.state ?? '',
      latitude: plan.place?.coordinates?.latitude ?? null,
      longitude: plan.place?.coordinates?.longitude ?? null,
      timezone: plan.timezone,
    },
    hashtags: plan.hashtags.map((t) => t.name).join(', '),
    frequency: plan.recurring?.frequency ?? '',
    byDay: plan.recurring?.byDay ?? [],
    monthly: plan.recurring?.monthly ?? 'DAY_OF_MONTH',
    endDate: plan.recurring?.endDate ?? '',
    chat: plan.flags.chat,
    groupId: '',
    explore: isExploreStatus(plan.exploreStatus) ? exploreStatusToForm(plan.exploreStatus) : true,
  };
}

/** /<slug>/<key> (spec 2.1): the plan page, rendered on the server for everyone who may view it. */
export default function Plan() {
  const { plan, going, interested, dates, viewerId, replied } = useLoaderData<typeof loader>();
  const [isInviting, setIsInviting] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  // The reader's own zone is known only in the browser: the server's render (what a visitor reads
  // until the page's scripts run, decision 0033) names the plan's zone.
  const readerZone = useBrowserTimeZone() ?? null;
  const editHash = planEditHash(plan.key);
  const hydrated = useHydrated();
  const isEditing = hydrated && location.hash === editHash && plan.permissions.modify;
  const closeEdit = () => void navigate(`${location.pathname}${location.search}`, { replace: true });
  const when = formatPlanWhen(
    { start: plan.start.utc, end: plan.end.utc, timezone: plan.timezone, allDay: plan.allDay },
    { readerZone },
  );
  const where = placeText(plan);
  const group = plan.groups[0] ?? null;
  const friends = plan.pivot.friendSample;
  const counts = plan.attendeesCount;
  const mapQuery = plan.place?.coordinates
    ? `${plan.place.coordinates.latitude},${plan.place.coordinates.longitude}`
    : where;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 pb-16 sm:px-6">
      {replied === 'yes' || replied === 'no' ? (
        <p role="status" className="mt-4 rounded-2xl bg-mint-soft px-4 py-3 font-semibold">
          {replied === 'yes'
            ? 'Thanks! You’re still going. See you there.'
            : 'Got it, you can’t make it this time.'}
        </p>
      ) : null}
      {plan.hiddenByModerator ? (
        <p role="status" className="mt-4 rounded-2xl bg-coral-soft px-4 py-3 font-semibold text-[#7a2810]">
          A moderator hid this plan: only its host and Plaza’s moderators can see it.
        </p>
      ) : null}
      <div className="mt-4 grid gap-8 sm:mt-8 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="flex flex-col gap-6">
          <div className="overflow-hidden rounded-3xl bg-gradient-to-br from-sun-soft via-coral-soft to-lilac-soft shadow-sm">
            {plan.image ? (
              <img
                src={plan.image}
                srcSet={uploadedImageSrcSet(plan.image)}
                alt=""
                fetchPriority="high"
                className="aspect-[4/3] w-full object-cover md:aspect-square"
              />
            ) : (
              <div className="grid aspect-[3/1] w-full place-items-center md:aspect-square">
                <CalendarIcon className="size-16 text-ink/30" />
              </div>
            )}
          </div>
          {plan.creator ? (
            <div className="flex items-center gap-3">
              <Avatar person={plan.creator} size={3} />
              <div className="min-w-0">
                <p className="text-sm text-ink-soft">Hosted by</p>
                <Link to={`/${plan.creator.username}`} className="font-bold hover:underline">
                  {plan.creator.fullName}
                </Link>
              </div>
            </div>
          ) : null}
          <div className="hidden md:block">
            <AttendeeList title="Going" people={going} />
            <AttendeeList title="Interested" people={interested} />
          </div>
        </div>

        <div className="min-w-0">
          <p className="text-sm font-bold tracking-widest text-coral-strong uppercase">
            {plan.isPublic
              ? 'Public plan'
              : plan.organization
                ? `People in ${plan.organization.name}`
                : 'Invite only'}
            {plan.soon ? ' · Soon' : ''}
          </p>
          <h1 className="mt-1 font-display text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
            {plan.title}
          </h1>
          {group ? (
            <p className="mt-2 text-ink-soft">
              in{' '}
              <Link to={groupHref(group)} className="font-semibold text-ink hover:underline">
                {group.title}
              </Link>
            </p>
          ) : null}

          <dl className="mt-6 flex flex-col gap-4">
            <div className="flex gap-3">
              <dt className="grid size-11 shrink-0 place-items-center rounded-2xl border border-line bg-white">
                <CalendarIcon className="size-5" />
                <span className="sr-only">When</span>
              </dt>
              <dd className="min-w-0 self-center">
                <p className="font-bold" data-testid="plan-when">
                  {when}
                </p>
                {plan.recurring ? (
                  <p className="flex items-center gap-1 text-sm text-ink-soft">
                    <RepeatIcon className="size-4" />{' '}
                    {repeatSentence(plan.recurring, { utc: plan.start.utc, timezone: plan.timezone })}
                  </p>
                ) : null}
              </dd>
            </div>
            {where ? (
              <div className="flex gap-3">
                <dt className="grid size-11 shrink-0 place-items-center rounded-2xl border border-line bg-white">
                  <PinIcon className="size-5" />
                  <span className="sr-only">Where</span>
                </dt>
                <dd className="min-w-0 self-center">
                  <p className="font-bold">{plan.place?.name ?? where}</p>
                  {mapQuery ? (
                    <a
                      href={`https://www.openstreetmap.org/search?query=${encodeURIComponent(mapQuery)}`}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="text-sm text-ink-soft underline underline-offset-2 hover:text-ink"
                    >
                      {[plan.place?.address, plan.place?.city, plan.place?.state]
                        .filter(Boolean)
                        .join(', ') || 'Open map'}
                    </a>
                  ) : null}
                </dd>
              </div>
            ) : null}
            <div className="flex gap-3">
              <dt className="grid size-11 shrink-0 place-items-center rounded-2xl border border-line bg-white">
                <UsersIcon className="size-5" />
                <span className="sr-only">Who</span>
              </dt>
              <dd className="min-w-0 self-center">
                <p className="font-bold" data-testid="plan-count">
                  {formatCount(plan.attendingOrInterestedCount)} going or interested
                </p>
                {counts ? (
                  <p className="text-sm text-ink-soft">
                    {counts.attending} going · {counts.interested} interested · {counts.invited} invited
                  </p>
                ) : null}
                <FriendSample
                  friends={friends}
                  count={plan.pivot.friendCount}
                  what="going"
                  className="mt-1"
                />
              </dd>
            </div>
          </dl>

          <section
            aria-label="Your answer"
            className="mt-6 rounded-3xl border border-line bg-white p-4 sm:p-5"
          >
            <h2 className="mb-3 font-bold">
              {plan.recurring ? 'Are you going this time?' : 'Are you going?'}
            </h2>
            <ResponseButtons plan={plan} isSignedIn={viewerId !== null} />
          </section>

          <div className="mt-4 flex flex-wrap gap-2">
            {plan.chatKey && viewerId !== null ? (
              <Link to={`/chat/p/${plan.chatKey}`} className={buttonClass('primary')}>
                Plan chat
              </Link>
            ) : null}
            {viewerId !== null ? (
              <MuteButton
                type="PLAN"
                subjectKey={plan.key}
                mutedUntil={plan.notificationsMutedUntil}
                name={plan.title}
              />
            ) : null}
            <ShareButton title={plan.title} url={plan.shareUrl} />
            {plan.calendarLinks ? <CalendarMenu links={plan.calendarLinks} /> : null}
            {plan.outUrl ? (
              <a href={plan.outUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('sun')}>
                Tickets · {plan.outUrlText}
              </a>
            ) : null}
            {plan.permissions.invite ? (
              <button
                type="button"
                className={buttonClass('secondary')}
                onPointerEnter={PlanInviteDialog.preload}
                onFocus={PlanInviteDialog.preload}
                onClick={() => setIsInviting(true)}
              >
                Invite
              </button>
            ) : null}
            {plan.permissions.modify ? (
              <Link
                to={`${location.search}${editHash}`}
                className={buttonClass('secondary')}
                onPointerEnter={PlanEditDialog.preload}
                onFocus={PlanEditDialog.preload}
              >
                Edit
              </Link>
            ) : null}
            {plan.permissions.delete ? <DeleteButton plan={plan} /> : null}
            {plan.creator?.id !== viewerId ? (
              <ReportButton
                target={{ type: 'EVENT', contentKey: plan.key, name: plan.title }}
                isSignedIn={viewerId !== null}
              />
            ) : null}
          </div>

          {plan.description ? (
            <section className="mt-8" aria-labelledby="about-plan">
              <h2 id="about-plan" className="text-sm font-bold tracking-wide text-ink-soft uppercase">
                About
              </h2>
              <p className="mt-2 max-w-prose text-lg whitespace-pre-line">
                <LinkedText text={plan.description} />
              </p>
            </section>
          ) : null}
          {plan.link ? (
            <p className="mt-4">
              <a
                href={plan.link}
                target="_blank"
                rel="noopener nofollow noreferrer"
                className="font-semibold text-coral-strong underline underline-offset-2"
              >
                {plan.linkText}
              </a>
            </p>
          ) : null}
          <HashtagList hashtags={plan.hashtags} />

          {dates.length > 1 ? (
            <section className="mt-8" aria-labelledby="plan-dates">
              <h2 id="plan-dates" className="text-sm font-bold tracking-wide text-ink-soft uppercase">
                Upcoming dates
              </h2>
              <ul className="mt-2 flex flex-col gap-1">
                {dates.map((date) => (
                  <li key={date.occurrence}>
                    <Link
                      to={planHref({ slug: plan.slug, key: plan.key, occurrence: date.occurrence })}
                      aria-current={date.occurrence === plan.occurrence ? 'page' : undefined}
                      className={`block rounded-xl px-3 py-2 ${date.occurrence === plan.occurrence ? 'bg-ink font-bold text-white' : 'hover:bg-sand'}`}
                    >
                      {formatPlanWhen({
                        start: date.start.utc,
                        end: date.end.utc,
                        timezone: date.timezone,
                        allDay: date.allDay,
                      })}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <div className="md:hidden">
            <AttendeeList title="Going" people={going} />
            <AttendeeList title="Interested" people={interested} />
          </div>
        </div>
      </div>
      {isInviting ? (
        <Suspense fallback={null}>
          <PlanInviteDialog action={planHref(plan)} onClose={() => setIsInviting(false)} />
        </Suspense>
      ) : null}
      {isEditing ? (
        <Suspense fallback={null}>
          <PlanEditDialog
            initial={formValuesOf(plan)}
            action={`${planHref(plan)}`}
            organizations={plan.organization ? [plan.organization] : []}
            isRepeatingEdit={plan.recurring !== null}
            occurrence={plan.occurrence}
            onClose={closeEdit}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
