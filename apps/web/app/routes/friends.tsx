import { useState } from 'react';
import { NavLink, useLoaderData } from 'react-router';
import { buttonClass } from '../components/button-styles.ts';
import { PlusIcon } from '../components/icons.tsx';
import { plazaContext } from '../context.ts';
import { pageMeta } from '../features/meta/page-meta.ts';
import { runFriendshipAction } from '../features/social/friendship-action.server.ts';
import { InviteDialog } from '../features/social/invite-dialog.tsx';
import { runImportAction, runInviteAction } from '../features/social/invite-action.server.ts';
import { PERSON_FIELDS, type PersonCard } from '../features/social/people.ts';
import { PersonRow } from '../features/social/person-row.tsx';
import type { Route } from './+types/friends';

export const meta = pageMeta({ title: 'Friends', path: '/profile/friends', noIndex: true });

const TABS = [
  { id: 'friends', label: 'Friends' },
  { id: 'following', label: 'Following' },
  { id: 'followers', label: 'Followers' },
  { id: 'sent', label: 'Sent requests' },
  { id: 'blocked', label: 'Blocked' },
] as const;
type Tab = (typeof TABS)[number]['id'];

interface FriendsAnswer {
  myself: {
    followerRequests: PersonCard[] | null;
    followingRequests: PersonCard[] | null;
    following: PersonCard[] | null;
    followers: PersonCard[] | null;
    blocked: PersonCard[] | null;
  } | null;
  myFriends: { friends: { total: number; users: PersonCard[] } | null } | null;
  myFollowSuggestions: Array<{ suggestedReason: string; user: PersonCard }>;
}

const FRIENDS = `query Friends {
  myself(full: true) {
    followerRequests { ${PERSON_FIELDS} }
    followingRequests { ${PERSON_FIELDS} }
    following { ${PERSON_FIELDS} }
    followers { ${PERSON_FIELDS} }
    blocked { ${PERSON_FIELDS} }
  }
  myFriends(withFriends: true, withRequests: false) { friends { total users { ${PERSON_FIELDS} } } }
  myFollowSuggestions { suggestedReason user { ${PERSON_FIELDS} } }
}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const result = await context.get(plazaContext).graphql<FriendsAnswer>(FRIENDS);
  const myself = result.data?.myself;
  if (!myself) throw new Response('Could not load your friends', { status: 500 });
  const asked = new URL(request.url).searchParams.get('tab');
  const tab: Tab = TABS.find((t) => t.id === asked)?.id ?? 'friends';
  return {
    tab,
    requests: myself.followerRequests ?? [],
    lists: {
      friends: result.data?.myFriends?.friends?.users ?? [],
      following: myself.following ?? [],
      followers: myself.followers ?? [],
      sent: myself.followingRequests ?? [],
      blocked: myself.blocked ?? [],
    } satisfies Record<Tab, PersonCard[]>,
    friendTotal: result.data?.myFriends?.friends?.total ?? 0,
    suggestions: result.data?.myFollowSuggestions ?? [],
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  switch (form.get('intent')) {
    case 'invite':
      return runInviteAction(form, context);
    case 'import':
      return runImportAction(form, context);
    default:
      return runFriendshipAction(form, context);
  }
}

const EMPTY: Record<Tab, string> = {
  friends: 'No friends yet. Follow people you know; when they follow you back, you are friends.',
  following: 'You are not following anyone yet.',
  followers: 'Nobody follows you yet.',
  sent: 'No requests waiting for an answer.',
  blocked: 'You have not blocked anyone.',
};

export default function Friends() {
  const { tab, requests, lists, friendTotal, suggestions } = useLoaderData<typeof loader>();
  const [isInviting, setIsInviting] = useState(false);
  const list = lists[tab];

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-extrabold tracking-tight sm:text-4xl">Friends</h1>
          <p className="mt-1 text-ink-soft">
            {friendTotal === 1 ? '1 friend' : `${friendTotal} friends`} · people who follow each other are
            friends
          </p>
        </div>
        <button type="button" className={buttonClass('primary')} onClick={() => setIsInviting(true)}>
          <PlusIcon className="size-4" />
          Invite friends
        </button>
      </div>

      {requests.length > 0 ? (
        <section
          aria-labelledby="requests"
          className="mt-8 rounded-3xl border-2 border-coral/30 bg-coral-soft/30 px-5 pt-4"
        >
          <h2 id="requests" className="font-display text-xl font-extrabold">
            Requests <span className="text-coral-strong">{requests.length}</span>
          </h2>
          <ul className="divide-y divide-line">
            {requests.map((person) => (
              <PersonRow key={person.id} person={person} detail="wants to follow you" showsButtons />
            ))}
          </ul>
        </section>
      ) : null}

      <nav aria-label="Lists" className="mt-8 flex gap-1 overflow-x-auto border-b border-line pb-2">
        {TABS.map((t) => (
          <NavLink
            key={t.id}
            to={t.id === 'friends' ? '/profile/friends' : `/profile/friends?tab=${t.id}`}
            aria-current={t.id === tab ? 'page' : undefined}
            className={() =>
              `rounded-full px-4 py-2 text-sm font-bold whitespace-nowrap ${t.id === tab ? 'bg-ink text-white' : 'text-ink hover:bg-sand'}`
            }
          >
            {t.label}
            {lists[t.id].length > 0 ? <span className="ml-1.5 opacity-70">{lists[t.id].length}</span> : null}
          </NavLink>
        ))}
      </nav>

      <section aria-label={TABS.find((t) => t.id === tab)?.label}>
        {list.length === 0 ? (
          <p className="py-8 text-center text-ink-soft">{EMPTY[tab]}</p>
        ) : (
          <ul className="divide-y divide-line">
            {list.map((person) => (
              <PersonRow key={person.id} person={person} showsButtons />
            ))}
          </ul>
        )}
      </section>

      {suggestions.length > 0 ? (
        <section aria-labelledby="suggestions" className="mt-10">
          <h2 id="suggestions" className="font-display text-xl font-extrabold">
            People you may know
          </h2>
          <ul className="divide-y divide-line">
            {suggestions.map((suggestion) => (
              <PersonRow
                key={suggestion.user.id}
                person={suggestion.user}
                detail={suggestion.suggestedReason}
                showsButtons
              />
            ))}
          </ul>
        </section>
      ) : null}

      {isInviting ? <InviteDialog onClose={() => setIsInviting(false)} /> : null}
    </div>
  );
}
