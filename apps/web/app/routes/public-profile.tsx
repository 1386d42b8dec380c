import type { ReactNode } from 'react';
import { Link, NavLink, data, redirect, useLoaderData } from 'react-router';
import { MessageButton } from '../features/chat/message-button.tsx';
import { formatCount } from '@plaza/core/count-format';
import { memberNamesLabel } from '@plaza/core/name-list';
import { Avatar } from '../components/avatar.tsx';
import { buttonClass } from '../components/button-styles.ts';
import { plazaContext } from '../context.ts';
import { buildPageMeta } from '../features/meta/page-meta.ts';
import { viewerContext } from '../features/session/viewer.server.ts';
import { runFriendshipAction } from '../features/social/friendship-action.server.ts';
import { FriendshipButtons } from '../features/social/friendship-buttons.tsx';
import { ReportButton } from '../features/moderation/report-button.tsx';
import { PERSON_FIELDS, PROFILE_SECTIONS, profileHref, type PersonCard } from '../features/social/people.ts';
import { OrganizationBadges } from '../features/organizations/organization-badges.tsx';
import {
  ORGANIZATION_CARD_FIELDS,
  type OrganizationCard,
} from '../features/organizations/organization-data.ts';
import { PersonRow, VerifiedBadge } from '../features/social/person-row.tsx';
import { ShareButton } from '../components/share-button.tsx';
import { rootDataFromMatches, useRootData } from '../root-data.ts';
import type { Route } from './+types/public-profile';

interface ProfileUser extends PersonCard {
  bio: string;
  canDm: boolean;
  followerCount: number | null;
  friendCount: number | null;
  groupCountPublic: number | null;
  eventCountUpcoming: number | null;
  mutualFriends: PersonCard[] | null;
  key: string;
  organizations: OrganizationCard[];
}

interface PlanCard {
  key: string;
  slug: string;
  title: string;
  image: string | null;
  startsAt: string;
  timezone: string;
  location: string | null;
  city: string | null;
}

interface GroupCard {
  key: string;
  slug: string;
  title: string;
  image: string | null;
  description: string;
  memberCount: number;
}

interface PublicProfileAnswer {
  publicProfile: {
    isRestricted: boolean;
    user: ProfileUser | null;
    events: { hasMore: boolean; nextPage: number | null; dateFilter: string; plans: PlanCard[] } | null;
    friends: { total: number; nextMarker: string | null; users: PersonCard[] } | null;
    groups: { nextMarker: string | null; groups: GroupCard[] } | null;
  } | null;
}

const PUBLIC_PROFILE = `query PublicProfile(
  $username: String!, $withEvents: Boolean!, $withFriends: Boolean!, $withGroups: Boolean!,
  $eventsDateFilter: String, $eventsPage: Int, $groupsFilter: String
) {
  publicProfile(
    username: $username, withUser: true, withEvents: $withEvents, withFriends: $withFriends,
    withGroups: $withGroups, eventsDateFilter: $eventsDateFilter, eventsPage: $eventsPage, groupsFilter: $groupsFilter
  ) {
    isRestricted
    user {
      ${PERSON_FIELDS} key bio canDm followerCount friendCount groupCountPublic eventCountUpcoming ${ORGANIZATION_CARD_FIELDS}
      mutualFriends { ${PERSON_FIELDS} }
    }
    events { hasMore nextPage dateFilter plans { key slug title image startsAt timezone location city } }
    friends { total nextMarker users { ${PERSON_FIELDS} } }
    groups { nextMarker groups { key slug title image description memberCount } }
  }
}`;

/** Which section a path shows, and with which filter (spec 2.1: /<public>/groups/common, /<public>/events/past). */
function sectionOf(pathname: string) {
  const rest = pathname.split('/').slice(2).filter(Boolean).join('/');
  switch (rest) {
    case '':
      return { section: 'user' as const };
    case 'events':
      return { section: 'events' as const, dateFilter: 'upcoming' };
    case 'events/past':
      return { section: 'events' as const, dateFilter: 'past' };
    case 'groups':
      return { section: 'groups' as const, groupsFilter: 'public' };
    case 'groups/common':
      return { section: 'groups' as const, groupsFilter: 'common' };
    case 'friends':
      return { section: 'friends' as const };
    default:
      return null;
  }
}

function pageOf(value: string | null): number {
  const page = Number(value ?? 1);
  return Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const found = sectionOf(url.pathname);
  if (!found) throw data(null, { status: 404 });
  const { section } = found;
  const result = await context.get(plazaContext).graphql<PublicProfileAnswer>(PUBLIC_PROFILE, {
    username: params.username,
    withEvents: section === 'user' || section === 'events',
    withFriends: section === 'friends',
    withGroups: section === 'user' || section === 'groups',
    eventsDateFilter: 'dateFilter' in found ? found.dateFilter : 'upcoming',
    // Plans page by page numbers (spec 7: publicUserPlan), ?page=2 and on.
    eventsPage: section === 'events' ? pageOf(url.searchParams.get('page')) : 1,
    groupsFilter: 'groupsFilter' in found ? found.groupsFilter : 'public',
  });
  const code = result.errors?.[0]?.extensions?.code;
  const profile = result.data?.publicProfile;
  if (code === 'NOT_FOUND' || code === 'BAD_USER_INPUT' || (!code && !profile?.user)) {
    throw data(null, { status: 404 });
  }
  if (!profile?.user) throw new Response('Could not load this profile', { status: 500 });
  // A link shared with ?k= keeps it on the way through (spec 2.3).
  const shareKey = url.searchParams.get('k');
  return {
    section,
    subPath: url.pathname.split('/').slice(2).join('/'),
    profile: { ...profile, user: profile.user },
    isSignedIn: context.get(viewerContext) !== null,
    shareKey,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await runFriendshipAction(await request.formData(), context);
  // A block hides the two from each other, this profile included: show the blocker the list
  // where they can take it back.
  if (result.ok && result.status === 'BLOCKED') throw redirect('/profile/friends?tab=blocked');
  return result;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const publicUrl = rootDataFromMatches(matches)?.publicUrl ?? '';
  if (!loaderData) return buildPageMeta({ title: 'Page not found', path: '/', noIndex: true }, publicUrl);
  const { user, isRestricted } = loaderData.profile;
  const section = PROFILE_SECTIONS.find((s) => s.id === loaderData.section);
  const name = `${user.fullName} (@${user.username})`;
  return buildPageMeta(
    {
      title: loaderData.section === 'user' ? name : `${section?.label ?? ''} · ${name}`,
      description:
        !isRestricted && user.bio ? user.bio : `See the plans and groups of ${user.fullName} on Plaza`,
      path: profileHref(user.username, loaderData.section),
      isDetail: true,
      ...(user.image
        ? { image: { url: user.image, alt: `Photo of ${user.fullName}`, width: 512, height: 512 } }
        : {}),
    },
    publicUrl,
  );
}

function Stat({ value, label, to }: { value: number | null; label: string; to?: string }) {
  if (value === null) return null;
  const body = (
    <>
      <span className="block font-display text-xl font-extrabold text-ink">{formatCount(value)}</span>
      <span className="text-sm text-ink-soft">{label}</span>
    </>
  );
  return to ? (
    <Link to={to} className="rounded-2xl px-3 py-1 hover:bg-sand">
      {body}
    </Link>
  ) : (
    <span className="px-3 py-1">{body}</span>
  );
}

/** The profile's share link: the app's deep link, with the share key of a private profile. */
function profileShareLink(publicUrl: string, username: string, shareKey: string | null): string {
  const query = new URLSearchParams({ username });
  if (shareKey) query.set('k', shareKey);
  return `${publicUrl}/deeplink/${encodeURIComponent(username)}?${query.toString()}`;
}

function planWhen(plan: PlanCard): string {
  return new Intl.DateTimeFormat('en', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: plan.timezone,
  }).format(new Date(plan.startsAt));
}

/** One plan or group in a profile's grid: its picture (or a tinted square) beside a few lines. */
function ThumbCard({ image, tint, children }: { image: string | null; tint: string; children: ReactNode }) {
  return (
    <li className="relative flex gap-3 rounded-2xl border border-line bg-white p-3 focus-within:ring-2 focus-within:ring-ink">
      {image ? (
        <img src={image} alt="" className="size-16 shrink-0 rounded-xl object-cover" loading="lazy" />
      ) : (
        <span className={`size-16 shrink-0 rounded-xl ${tint}`} aria-hidden="true" />
      )}
      <div className="min-w-0">{children}</div>
    </li>
  );
}

function CardGrid({ isEmpty, empty, children }: { isEmpty: boolean; empty: string; children: ReactNode }) {
  if (isEmpty) return <p className="py-6 text-ink-soft">{empty}</p>;
  return <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">{children}</ul>;
}

function PlanList({ plans, empty }: { plans: PlanCard[]; empty: string }) {
  return (
    <CardGrid isEmpty={plans.length === 0} empty={empty}>
      {plans.map((plan) => (
        <ThumbCard key={plan.key} image={plan.image} tint="bg-sun-soft">
          <Link
            to={`/${plan.slug}/${plan.key}`}
            className="block truncate font-bold text-ink after:absolute after:inset-0 focus:outline-none"
          >
            {plan.title}
          </Link>
          <p className="text-sm text-coral-strong">{planWhen(plan)}</p>
          {plan.location || plan.city ? (
            <p className="truncate text-sm text-ink-soft">
              {[plan.location, plan.city].filter(Boolean).join(', ')}
            </p>
          ) : null}
        </ThumbCard>
      ))}
    </CardGrid>
  );
}

function GroupList({ groups, empty }: { groups: GroupCard[]; empty: string }) {
  return (
    <CardGrid isEmpty={groups.length === 0} empty={empty}>
      {groups.map((group) => (
        <ThumbCard key={group.key} image={group.image} tint="bg-lilac-soft">
          <Link
            to={`/group/${group.slug}/${group.key}`}
            className="block truncate font-bold text-ink after:absolute after:inset-0 focus:outline-none"
          >
            {group.title}
          </Link>
          <p className="text-sm text-ink-soft">
            {formatCount(group.memberCount)} {group.memberCount === 1 ? 'member' : 'members'}
          </p>
          {group.description ? (
            <p className="line-clamp-1 text-sm text-ink-soft">{group.description}</p>
          ) : null}
        </ThumbCard>
      ))}
    </CardGrid>
  );
}

function FilterLinks({ links }: { links: Array<{ to: string; label: string }> }) {
  return (
    <nav aria-label="Filter" className="mb-4 flex gap-2">
      {links.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end
          className={({ isActive }) =>
            `rounded-full px-4 py-1.5 text-sm font-bold ${isActive ? 'bg-ink text-white' : 'bg-sand text-ink hover:bg-line'}`
          }
        >
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}

function RestrictedNotice({ name }: { name: string }) {
  return (
    <div className="rounded-3xl border border-line bg-white p-8 text-center">
      <svg
        viewBox="0 0 24 24"
        className="mx-auto size-10 text-ink-soft"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        aria-hidden="true"
      >
        <rect x="5" y="10" width="14" height="10" rx="2" />
        <path d="M8 10V7a4 4 0 0 1 8 0v3" />
      </svg>
      <h2 className="mt-3 font-display text-xl font-extrabold">This profile is private</h2>
      <p className="mt-1 text-ink-soft">
        Follow {name} to see their plans, groups and friends once they accept.
      </p>
    </div>
  );
}

export default function PublicProfile() {
  const { section, subPath, profile, isSignedIn, shareKey } = useLoaderData<typeof loader>();
  const publicUrl = useRootData()?.publicUrl ?? '';
  const { user, isRestricted } = profile;
  const isSelf = user.friendshipStatus === 'SELF';
  const mutual = user.mutualFriends ?? [];
  const returnTo = encodeURIComponent(profileHref(user.username));

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="flex flex-col items-center gap-5 text-center sm:flex-row sm:items-start sm:text-left">
        <Avatar person={user} size={6} className="ring-4 ring-white shadow-lg shadow-plum/10" />
        <div className="min-w-0 flex-1">
          <h1 className="flex items-center justify-center gap-2 font-display text-3xl font-extrabold tracking-tight sm:justify-start sm:text-4xl">
            <span className="truncate">{user.fullName}</span>
            {user.isVerified ? <VerifiedBadge className="size-6" /> : null}
          </h1>
          <p className="mt-1 text-ink-soft">
            @{user.username}
            {!user.isPublic ? ' · Private profile' : ''}
          </p>
          <OrganizationBadges
            organizations={user.organizations}
            className="mt-3 justify-center sm:justify-start"
          />
          {user.bio ? (
            <p className="mt-3 max-w-prose text-lg whitespace-pre-line text-ink">{user.bio}</p>
          ) : null}
          {mutual.length > 0 && !isSelf ? (
            <div className="mt-3 flex items-center justify-center gap-2 sm:justify-start">
              <span className="flex -space-x-2">
                {mutual.slice(0, 3).map((friend) => (
                  <Avatar key={friend.id} person={friend} size={1} className="ring-2 ring-cream" />
                ))}
              </span>
              <p className="text-sm text-ink-soft">
                Friends with{' '}
                {memberNamesLabel(
                  mutual.map((m) => m.fullName),
                  mutual.length,
                )}
              </p>
            </div>
          ) : null}
          <div className="mt-5 flex flex-wrap items-center justify-center gap-2 sm:justify-start">
            {isSelf ? (
              <Link to="/profile" className={buttonClass('secondary')}>
                Edit your profile
              </Link>
            ) : isSignedIn ? (
              <>
                <FriendshipButtons person={user} />
                {user.canDm ? <MessageButton userId={user.id} variant="secondary" /> : null}
              </>
            ) : (
              <Link to={`?signin=1&return=${returnTo}`} className={buttonClass('primary')}>
                {user.isPublic ? 'Log in to follow' : 'Log in to ask to follow'}
              </Link>
            )}
            <ShareButton
              title={user.fullName}
              url={profileShareLink(publicUrl, user.username, shareKey)}
              withIcon
            />
            {!isSelf ? (
              <ReportButton
                target={{ type: 'USER', contentKey: user.key, name: user.fullName }}
                isSignedIn={isSignedIn}
              />
            ) : null}
          </div>
        </div>
      </header>

      {!isRestricted ? (
        <div className="mt-6 flex flex-wrap justify-center gap-1 border-y border-line py-3 sm:justify-start">
          <Stat value={user.followerCount} label={user.followerCount === 1 ? 'follower' : 'followers'} />
          <Stat
            value={user.friendCount}
            label={user.friendCount === 1 ? 'friend' : 'friends'}
            to={profileHref(user.username, 'friends')}
          />
          <Stat
            value={user.groupCountPublic}
            label={user.groupCountPublic === 1 ? 'group' : 'groups'}
            to={profileHref(user.username, 'groups')}
          />
          <Stat
            value={user.eventCountUpcoming}
            label="upcoming plans"
            to={profileHref(user.username, 'events')}
          />
        </div>
      ) : null}

      <nav aria-label="Profile sections" className="mt-6 flex gap-1 overflow-x-auto">
        {PROFILE_SECTIONS.map((s) => (
          <NavLink
            key={s.id}
            to={profileHref(user.username, s.id)}
            end={s.id === 'user'}
            className={() =>
              `rounded-full px-4 py-2 text-sm font-bold whitespace-nowrap ${s.id === section ? 'bg-coral-strong text-white' : 'text-ink hover:bg-sand'}`
            }
            aria-current={s.id === section ? 'page' : undefined}
          >
            {s.label}
          </NavLink>
        ))}
      </nav>

      <div className="mt-6">
        {isRestricted ? (
          <RestrictedNotice name={user.fullName} />
        ) : section === 'user' ? (
          <div className="flex flex-col gap-10">
            <section aria-labelledby="upcoming-plans">
              <h2 id="upcoming-plans" className="mb-3 font-display text-xl font-extrabold">
                Upcoming plans
              </h2>
              <PlanList plans={(profile.events?.plans ?? []).slice(0, 4)} empty="No upcoming public plans." />
            </section>
            <section aria-labelledby="their-groups">
              <h2 id="their-groups" className="mb-3 font-display text-xl font-extrabold">
                Groups
              </h2>
              <GroupList groups={(profile.groups?.groups ?? []).slice(0, 4)} empty="No public groups yet." />
            </section>
          </div>
        ) : section === 'events' ? (
          <section aria-label="Plans">
            <FilterLinks
              links={[
                { to: profileHref(user.username, 'events'), label: 'Upcoming' },
                { to: `${profileHref(user.username, 'events')}/past`, label: 'Past' },
              ]}
            />
            <PlanList
              plans={profile.events?.plans ?? []}
              empty={subPath === 'events/past' ? 'No past public plans.' : 'No upcoming public plans.'}
            />
            {profile.events?.hasMore && profile.events.nextPage ? (
              <div className="mt-4 flex justify-center">
                <Link to={`?page=${profile.events.nextPage}`} className={buttonClass('secondary')}>
                  {subPath === 'events/past' ? 'Older plans' : 'Later plans'}
                </Link>
              </div>
            ) : null}
          </section>
        ) : section === 'groups' ? (
          <section aria-label="Groups">
            {isSignedIn && !isSelf ? (
              <FilterLinks
                links={[
                  { to: profileHref(user.username, 'groups'), label: 'Public groups' },
                  { to: `${profileHref(user.username, 'groups')}/common`, label: 'In common' },
                ]}
              />
            ) : null}
            <GroupList
              groups={profile.groups?.groups ?? []}
              empty={subPath === 'groups/common' ? 'No groups in common yet.' : 'No public groups yet.'}
            />
          </section>
        ) : (
          <section aria-label="Friends">
            {(profile.friends?.users ?? []).length === 0 ? (
              <p className="py-6 text-ink-soft">No friends to show yet.</p>
            ) : (
              <ul className="divide-y divide-line rounded-3xl border border-line bg-white px-5">
                {(profile.friends?.users ?? []).map((friend) => (
                  <PersonRow key={friend.id} person={friend} showsButtons={isSignedIn} />
                ))}
              </ul>
            )}
          </section>
        )}
      </div>
    </div>
  );
}
