import { Suspense } from 'react';
import { uploadedImageSrcSet } from '@plaza/core/avatar';
import {
  Link,
  NavLink,
  data,
  redirect,
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigate,
} from 'react-router';
import { formatCount } from '@plaza/core/count-format';
import { canChangeRole, canRemoveMember, isGroupRole } from '@plaza/core/group-roles';
import { Avatar } from '../components/avatar.tsx';
import { buttonClass } from '../components/button-styles.ts';
import { useHydrated } from '../components/browser-values.ts';
import { HashtagList } from '../components/hashtag-list.tsx';
import { FriendSample } from '../components/friend-sample.tsx';
import { ShareButton } from '../components/share-button.tsx';
import { PlusIcon } from '../components/icons.tsx';
import { plazaContext } from '../context.ts';
import { runGroupAction } from '../features/groups/group-action.server.ts';
import { AUDIT_FIELDS, auditSentence, type GroupAuditEvent } from '../features/groups/group-audit.ts';
import {
  GROUP_PAGE_FIELDS,
  MEMBER_FIELDS,
  ROLE_LABELS,
  groupEditHash,
  groupHref,
  type GroupMember,
  type GroupPage,
} from '../features/groups/group-data.ts';
import { runGroupSave } from '../features/groups/group-save.server.ts';
import { loadPaidContentCheck, priceLabel } from '../features/groups/paid-content.ts';
import { buildPageMeta } from '../features/meta/page-meta.ts';
import { PlanCardList } from '../features/plans/plan-card.tsx';
import { PLAN_CARD_FIELDS } from '../features/plans/plan-data.ts';
import { RemoveGroupPlanButton, type GroupPlanCard } from '../features/groups/remove-group-plan.tsx';
import { viewerContext } from '../features/session/viewer.server.ts';
import { MuteButton } from '../features/activity/mute-button.tsx';
import { ReportButton } from '../features/moderation/report-button.tsx';
import { lazyPart } from '../features/errors/lazy-part.ts';
import { rootDataFromMatches, useRootData } from '../root-data.ts';
import type { Route } from './+types/group';

const TABS = [
  { id: 'members', label: 'Members' },
  { id: 'requests', label: 'Requests' },
  { id: 'activity', label: 'Activity' },
] as const;
type Tab = (typeof TABS)[number]['id'];

// Only those who may edit see Edit: the form loads when a pointer or the focus reaches it (and
// when the page opens on the edit address).
const GroupEditDialog = lazyPart(
  async () => (await import('../features/groups/group-edit-dialog.tsx')).GroupEditDialog,
);

const GROUP = `query GroupPage($key: String!) { group(key: $key) { ${GROUP_PAGE_FIELDS} } }`;

const INSIDE = `query GroupInside($id: ID!, $withRequests: Boolean!, $withAudit: Boolean!) {
  plans: groupPlans(id: $id) { id ${PLAN_CARD_FIELDS} }
  members: groupMembers(id: $id) { nextMarker members { ${MEMBER_FIELDS} } }
  requests: groupMembers(id: $id, requests: true) @include(if: $withRequests) { members { ${MEMBER_FIELDS} } }
  audit: groupAuditLog(id: $id) @include(if: $withAudit) { events { ${AUDIT_FIELDS} } }
}`;

interface InsideAnswer {
  plans: GroupPlanCard[] | null;
  members: { nextMarker: string | null; members: GroupMember[] } | null;
  requests?: { members: GroupMember[] } | null;
  audit?: { events: GroupAuditEvent[] } | null;
}

async function loadGroup(context: Route.LoaderArgs['context'], key: string): Promise<GroupPage> {
  const result = await context.get(plazaContext).graphql<{ group: GroupPage | null }>(GROUP, { key });
  const code = result.errors?.[0]?.extensions?.code;
  if (code === 'NOT_FOUND' || code === 'BAD_USER_INPUT' || (!code && !result.data?.group)) {
    throw data(null, { status: 404 });
  }
  if (code === 'FORBIDDEN') throw data(null, { status: 403 });
  if (!result.data?.group) throw new Response('Could not load this group', { status: 500 });
  return result.data.group;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const group = await loadGroup(context, params.key);
  const url = new URL(request.url);
  // The slug follows the title: an old or missing one leads to the current address.
  if (params.slug !== group.slug) throw redirect(`${groupHref(group)}${url.search}`, 301);
  const permissions = group.permissions;
  // Members, requests and the audit only for those the server lets in; a refusal shows "Members only".
  const inside = permissions?.view
    ? await context.get(plazaContext).graphql<InsideAnswer>(INSIDE, {
        id: String(group.id),
        withRequests: Boolean(permissions?.manageRequests),
        withAudit: Boolean(permissions?.readAudit),
      })
    : null;
  const canSetPrice = permissions?.update
    ? (await loadPaidContentCheck(context)).canCreatePaidEntities
    : false;
  const asked = url.searchParams.get('tab');
  const tab: Tab = TABS.find((t) => t.id === asked)?.id ?? 'members';
  return {
    group,
    tab,
    members: inside?.data?.members?.members ?? null,
    // Upcoming first; the past ones apart (groupPlans answers both, upcoming first).
    plans: (inside?.data?.plans ?? []).filter((p) => Date.parse(p.end.utc) > Date.now()),
    pastPlans: (inside?.data?.plans ?? []).filter((p) => Date.parse(p.end.utc) <= Date.now()).slice(0, 4),
    requests: inside?.data?.requests?.members ?? [],
    audit: inside?.data?.audit?.events ?? [],
    viewerId: context.get(viewerContext)?.id ?? null,
    canSetPrice,
    shareKey: url.searchParams.get('k'),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const group = await loadGroup(context, params.key);
  const form = await request.formData();
  if (form.get('intent') === 'save') {
    const result = await runGroupSave(form, context, group.id);
    if (result.ok) throw redirect(groupHref(result.group));
    return result;
  }
  const result = await runGroupAction(form, group.id, context);
  if (result.ok && result.intent === 'delete') throw redirect('/community');
  return result;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const publicUrl = rootDataFromMatches(matches)?.publicUrl ?? '';
  if (!loaderData) return buildPageMeta({ title: 'Page not found', path: '/', noIndex: true }, publicUrl);
  const { group } = loaderData;
  return buildPageMeta(
    {
      title: group.title || 'Group',
      description: group.description || `${group.title} on Plaza: ${group.memberCount} members`,
      path: groupHref(group),
      isDetail: true,
      noIndex: !group.isPublic,
      ...(group.image ? { image: { url: group.image, alt: `Cover photo of ${group.title}` } } : {}),
    },
    publicUrl,
  );
}

/** The group's deep link (spec 2.3: g, and k passed through). */
function groupShareLink(publicUrl: string, group: GroupPage, shareKey: string | null): string {
  const query = new URLSearchParams({ g: group.key });
  if (shareKey) query.set('k', shareKey);
  return `${publicUrl}/deeplink${groupHref(group)}?${query.toString()}`;
}

/** Join, ask to join, withdraw, leave or pay: what the server's permissions allow (decision 0007). */
function MembershipButtons({ group, isSignedIn }: { group: GroupPage; isSignedIn: boolean }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const { pathname } = useLocation();
  const permissions = group.permissions;
  const isBusy = fetcher.state !== 'idle';
  const post = (intent: string) => void fetcher.submit({ intent }, { method: 'post' });
  let body;
  if (!isSignedIn) {
    body = (
      <Link to={`?signin=1&return=${encodeURIComponent(pathname)}`} className={buttonClass('primary')}>
        {group.hasJoinRequests ? 'Log in to ask to join' : 'Log in to join'}
      </Link>
    );
  } else if (group.viewerStatus === 'member') {
    body = (
      <>
        <span
          className="inline-flex h-10 items-center rounded-full bg-mint-soft px-4 font-semibold"
          data-testid="membership"
        >
          {ROLE_LABELS[group.viewerRole ?? 'member'] ?? 'Member'}
        </span>
        {permissions?.leave ? (
          <button
            type="button"
            className={buttonClass('secondary')}
            disabled={isBusy}
            onClick={() => post('leave')}
          >
            Leave
          </button>
        ) : null}
      </>
    );
  } else if (group.viewerStatus === 'requested') {
    body = (
      <>
        <span
          className="inline-flex h-10 items-center rounded-full bg-sun-soft px-4 font-semibold"
          data-testid="membership"
        >
          Request sent
        </span>
        <button
          type="button"
          className={buttonClass('secondary')}
          disabled={isBusy}
          onClick={() => post('leave')}
        >
          Withdraw request
        </button>
      </>
    );
  } else if (permissions?.checkout) {
    body = (
      <Link to={groupHref(group, 'access')} className={buttonClass('primary')}>
        Join for {group.payment ? priceLabel(group.payment) : ''}
      </Link>
    );
  } else if (permissions?.join || permissions?.requestToJoin) {
    body = (
      <button type="button" className={buttonClass('primary')} disabled={isBusy} onClick={() => post('join')}>
        {permissions.join ? 'Join group' : 'Ask to join'}
      </button>
    );
  } else {
    body = <p className="text-sm text-ink-soft">This group is invitation only.</p>;
  }
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">{body}</div>
      {fetcher.data ? (
        <p
          role={fetcher.data.ok ? 'status' : 'alert'}
          className={`text-sm font-semibold ${fetcher.data.ok ? '' : 'text-coral-strong'}`}
        >
          {fetcher.data.message}
        </p>
      ) : null}
    </div>
  );
}

function MemberRow({
  member,
  group,
  isRequest,
}: {
  member: GroupMember;
  group: GroupPage;
  isRequest: boolean;
}) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const viewerRole = isGroupRole(group.viewerRole) ? group.viewerRole : null;
  const role = isGroupRole(member.role) ? member.role : 'member';
  const post = (intent: string, extra: Record<string, string> = {}) =>
    void fetcher.submit({ intent, userId: String(member.user.id), ...extra }, { method: 'post' });
  const isBusy = fetcher.state !== 'idle';
  const name = member.user.fullName;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-center gap-3">
        <Avatar person={member.user} size={3} />
        <div className="min-w-0">
          <Link to={`/${member.user.username}`} className="block truncate font-bold hover:underline">
            {name}
          </Link>
          <p className="truncate text-sm text-ink-soft">
            @{member.user.username}
            {role !== 'member' && !isRequest ? ` · ${ROLE_LABELS[role]}` : ''}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {isRequest ? (
          <>
            <button
              type="button"
              className={buttonClass('primary')}
              disabled={isBusy}
              onClick={() => post('approve')}
            >
              Approve<span className="sr-only"> {name}</span>
            </button>
            <button
              type="button"
              className={buttonClass('secondary')}
              disabled={isBusy}
              onClick={() => post('decline')}
            >
              Decline<span className="sr-only"> {name}</span>
            </button>
          </>
        ) : (
          <>
            {group.permissions?.manageRoles &&
            role === 'member' &&
            canChangeRole(viewerRole, role, 'moderator') ? (
              <button
                type="button"
                className={buttonClass('ghost')}
                disabled={isBusy}
                onClick={() => post('grant', { role: 'moderator' })}
              >
                Make moderator<span className="sr-only"> {name}</span>
              </button>
            ) : null}
            {group.permissions?.manageRoles &&
            role !== 'member' &&
            role !== 'owner' &&
            canChangeRole(viewerRole, role, role) ? (
              <button
                type="button"
                className={buttonClass('ghost')}
                disabled={isBusy}
                onClick={() => post('revoke', { role })}
              >
                Remove role<span className="sr-only"> {name}</span>
              </button>
            ) : null}
            {group.permissions?.removeMembers && canRemoveMember(viewerRole, role) ? (
              <button
                type="button"
                className={buttonClass('ghost')}
                disabled={isBusy}
                onClick={() => post('remove')}
              >
                Remove<span className="sr-only"> {name}</span>
              </button>
            ) : null}
          </>
        )}
      </div>
      {fetcher.data && !fetcher.data.ok ? (
        <p role="alert" className="text-sm font-semibold text-coral-strong">
          {fetcher.data.message}
        </p>
      ) : null}
    </li>
  );
}

/** /group/<slug>/<key> (spec 2.1): rendered on the server for everyone, with what the viewer may see. */
export default function Group() {
  const { group, tab, members, plans, pastPlans, requests, audit, viewerId, shareKey, canSetPrice } =
    useLoaderData<typeof loader>();
  const publicUrl = useRootData()?.publicUrl ?? '';
  const location = useLocation();
  const navigate = useNavigate();
  const editHash = groupEditHash(group.key);
  const permissions = group.permissions;
  const friends = group.pivot.friendSample;
  // The edit modal opens from the hash modal:group:edit:<key> (spec 2.3), for those who may edit.
  const hydrated = useHydrated();
  const isEditing = hydrated && location.hash === editHash && Boolean(permissions?.update);
  const closeEdit = () => void navigate(`${location.pathname}${location.search}`, { replace: true });

  const tabs = TABS.filter(
    (t) =>
      t.id === 'members' ||
      (t.id === 'requests' && permissions?.manageRequests) ||
      (t.id === 'activity' && permissions?.readAudit),
  );

  return (
    <div className="mx-auto w-full max-w-4xl px-4 pb-12 sm:px-6">
      {/* Without a cover, a short band in the group's colours rather than a large empty box. */}
      <div
        className={`relative -mx-4 overflow-hidden bg-gradient-to-br from-lilac-soft via-sky-soft to-mint-soft sm:mx-0 sm:mt-6 sm:rounded-3xl ${group.image ? 'aspect-[3/1]' : 'h-20 sm:h-28'}`}
      >
        {group.image ? (
          <img
            src={group.image}
            srcSet={uploadedImageSrcSet(group.image)}
            alt=""
            fetchPriority="high"
            className="size-full object-cover"
          />
        ) : null}
      </div>
      <header className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-bold tracking-widest text-coral-strong uppercase">
            {group.isPublic ? 'Public group' : 'Private group'}
            {group.location?.city ? ` · ${group.location.city}` : ''}
            {group.payment ? ` · ${priceLabel(group.payment)}` : ''}
          </p>
          <h1 className="mt-1 font-display text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
            {group.title}
          </h1>
          <p className="mt-1 text-ink-soft">
            {formatCount(group.memberCount)} {group.memberCount === 1 ? 'member' : 'members'}
            {group.creator ? (
              <>
                {' '}
                · started by{' '}
                <Link to={`/${group.creator.username}`} className="font-semibold text-ink hover:underline">
                  {group.creator.fullName}
                </Link>
              </>
            ) : null}
          </p>
          <FriendSample
            friends={friends}
            count={group.pivot.friendCount}
            what="in this group"
            className="mt-2"
          />
        </div>
        <div className="flex flex-wrap items-start gap-2">
          <MembershipButtons group={group} isSignedIn={viewerId !== null} />
          {group.viewerStatus === 'member' && group.chatKey ? (
            <Link to={`/chat/g/${group.chatKey}`} className={buttonClass('primary')}>
              Group chat
            </Link>
          ) : null}
          {group.viewerStatus === 'member' ? (
            <MuteButton
              type="GROUP"
              subjectKey={group.key}
              mutedUntil={group.notificationsMutedUntil}
              name={group.title}
            />
          ) : null}
          {permissions?.invite ? (
            <Link to={groupHref(group, 'invite')} className={buttonClass('secondary')}>
              Invite
            </Link>
          ) : null}
          {permissions?.update ? (
            <Link
              to={editHash}
              className={buttonClass('secondary')}
              onPointerEnter={GroupEditDialog.preload}
              onFocus={GroupEditDialog.preload}
            >
              Edit
            </Link>
          ) : null}
          <ShareButton title={group.title} url={groupShareLink(publicUrl, group, shareKey)} />
          {group.creator?.id !== viewerId ? (
            <ReportButton
              target={{ type: 'GROUP', contentKey: group.key, name: group.title }}
              isSignedIn={viewerId !== null}
            />
          ) : null}
        </div>
      </header>
      {group.hiddenByModerator ? (
        <p role="status" className="mt-4 rounded-2xl bg-coral-soft px-4 py-3 font-semibold text-[#7a2810]">
          A moderator hid this group: only its creator and Plaza’s moderators can see it.
        </p>
      ) : null}

      {group.description ? (
        <p className="mt-6 max-w-prose text-lg whitespace-pre-line">{group.description}</p>
      ) : null}
      <HashtagList hashtags={group.hashtags} />

      {members !== null ? (
        <section aria-labelledby="group-plans" className="mt-10">
          <div className="mb-3 flex items-center justify-between gap-2">
            <h2 id="group-plans" className="font-display text-2xl font-extrabold">
              Plans
            </h2>
            {permissions?.createPlan ? (
              <Link to={`/event/create?group=${group.id}`} className={buttonClass('primary')}>
                <PlusIcon className="size-4" /> New plan
              </Link>
            ) : null}
          </div>
          <PlanCardList
            plans={plans}
            action={
              permissions?.removePlans
                ? (plan) => <RemoveGroupPlanButton plan={plan} groupTitle={group.title} />
                : undefined
            }
            empty={
              permissions?.createPlan
                ? 'Nothing planned yet. Start something and the group will see it.'
                : 'Nothing planned yet.'
            }
          />
          {pastPlans.length > 0 ? (
            <>
              <h3 className="mt-6 mb-3 text-sm font-bold tracking-wide text-ink-soft uppercase">
                Past plans
              </h3>
              <PlanCardList
                plans={pastPlans}
                action={
                  permissions?.removePlans
                    ? (plan) => <RemoveGroupPlanButton plan={plan} groupTitle={group.title} />
                    : undefined
                }
                empty=""
              />
            </>
          ) : null}
        </section>
      ) : null}
      {members === null ? (
        <div className="mt-10 rounded-3xl border border-line bg-white p-8 text-center">
          <h2 className="font-display text-xl font-extrabold">Members only</h2>
          <p className="mt-1 text-ink-soft">Join to see who is in it, the group’s plans and its chat.</p>
        </div>
      ) : (
        <>
          <nav aria-label="Group sections" className="mt-10 flex gap-1 border-b border-line pb-2">
            {tabs.map((t) => (
              <NavLink
                key={t.id}
                to={t.id === 'members' ? groupHref(group) : `${groupHref(group)}?tab=${t.id}`}
                aria-current={t.id === tab ? 'page' : undefined}
                className={() =>
                  `rounded-full px-4 py-2 text-sm font-bold ${t.id === tab ? 'bg-ink text-white' : 'text-ink hover:bg-sand'}`
                }
              >
                {t.label}
                {t.id === 'requests' && requests.length > 0 ? (
                  <span className="ml-1.5 rounded-full bg-coral-strong px-1.5 text-xs text-white">
                    {requests.length}
                  </span>
                ) : null}
              </NavLink>
            ))}
          </nav>
          {tab === 'requests' && permissions?.manageRequests ? (
            <section aria-label="Join requests">
              {requests.length === 0 ? (
                <p className="py-8 text-center text-ink-soft">No one is waiting to join.</p>
              ) : (
                <ul className="divide-y divide-line">
                  {requests.map((m) => (
                    <MemberRow key={m.user.id} member={m} group={group} isRequest />
                  ))}
                </ul>
              )}
            </section>
          ) : tab === 'activity' && permissions?.readAudit ? (
            <section aria-label="Activity">
              <ol className="divide-y divide-line">
                {audit.map((event) => (
                  <li
                    key={event.id}
                    className="flex flex-col gap-0.5 py-3 sm:flex-row sm:items-baseline sm:justify-between"
                  >
                    <span>{auditSentence(event)}</span>
                    <span className="text-sm text-ink-soft">
                      <code className="mr-2 text-xs">{event.action}</code>
                      <time dateTime={event.createdAt}>
                        {new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
                          new Date(event.createdAt),
                        )}
                      </time>
                    </span>
                  </li>
                ))}
              </ol>
            </section>
          ) : (
            <section aria-label="Members">
              <ul className="divide-y divide-line">
                {members.map((m) => (
                  <MemberRow key={m.user.id} member={m} group={group} isRequest={false} />
                ))}
              </ul>
            </section>
          )}
        </>
      )}
      {isEditing ? (
        <Suspense fallback={null}>
          <GroupEditDialog group={group} canSetPrice={canSetPrice} onClose={closeEdit} />
        </Suspense>
      ) : null}
    </div>
  );
}
