import { Link, useLoaderData } from 'react-router';
import { buttonClass } from '../components/button-styles.ts';
import { PlusIcon } from '../components/icons.tsx';
import { plazaContext } from '../context.ts';
import { GroupCardLink } from '../features/groups/group-card.tsx';
import { GROUP_CARD_FIELDS, type GroupCard } from '../features/groups/group-data.ts';
import { pageMeta } from '../features/meta/page-meta.ts';
import type { Route } from './+types/community';

export const meta = pageMeta({ title: 'Your groups', path: '/community', noIndex: true });

interface CommunityAnswer {
  myGroups: GroupCard[] | null;
  groupSuggestions: GroupCard[] | null;
}

const COMMUNITY = `query Community {
  myGroups { ${GROUP_CARD_FIELDS} }
  groupSuggestions { ${GROUP_CARD_FIELDS} }
}`;

export async function loader({ context }: Route.LoaderArgs) {
  const result = await context.get(plazaContext).graphql<CommunityAnswer>(COMMUNITY);
  if (!result.data?.myGroups) throw new Response('Could not load your groups', { status: 500 });
  return { groups: result.data.myGroups, suggestions: result.data.groupSuggestions ?? [] };
}

/** /community (spec 2.1): the groups one belongs to, and groups to join. */
export default function Community() {
  const { groups, suggestions } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-extrabold tracking-tight sm:text-4xl">Your groups</h1>
          <p className="mt-1 text-ink-soft">The people you do things with, in one place.</p>
        </div>
        <Link to="/community/create" className={buttonClass('primary')}>
          <PlusIcon className="size-4" />
          Create a group
        </Link>
      </div>
      {groups.length === 0 ? (
        <div className="mt-8 rounded-3xl border border-line bg-white p-8 text-center">
          <h2 className="font-display text-xl font-extrabold">You are not in a group yet</h2>
          <p className="mt-1 text-ink-soft">
            Join one below, or start your own for the people you already meet.
          </p>
        </div>
      ) : (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Your groups">
          {groups.map((group) => (
            <GroupCardLink key={group.key} group={group} />
          ))}
        </ul>
      )}
      {suggestions.length > 0 ? (
        <section aria-labelledby="group-suggestions" className="mt-12">
          <h2 id="group-suggestions" className="font-display text-2xl font-extrabold">
            Groups you might like
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {suggestions.map((group) => (
              <GroupCardLink key={group.key} group={group} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
