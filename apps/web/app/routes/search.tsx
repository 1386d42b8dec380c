import { useState, type ReactNode } from 'react';
import { Form, Link, redirect, useNavigate, useNavigation } from 'react-router';
import {
  EMPTY_QUERY_MESSAGE,
  SEARCH_CONTEXT_API,
  parseSearchPath,
  searchPath,
  type SearchContextPath,
} from '@plaza/core/search-path';
import type { Route } from './+types/search';
import { buttonClass } from '../components/button-styles.ts';
import { plazaContext } from '../context.ts';
import { GroupCardLink } from '../features/groups/group-card.tsx';
import { GROUP_CARD_FIELDS, type GroupCard } from '../features/groups/group-data.ts';
import { PlanCardList } from '../features/plans/plan-card.tsx';
import { PLAN_CARD_FIELDS, type PlanCard } from '../features/plans/plan-data.ts';
import { PERSON_FIELDS, type PersonCard } from '../features/social/people.ts';
import { PersonRow } from '../features/social/person-row.tsx';
import { buildPageMeta } from '../features/meta/page-meta.ts';
import { rootDataFromMatches } from '../root-data.ts';

interface SearchAnswer {
  search: { groups: GroupCard[]; plans: PlanCard[]; people: PersonCard[]; nextMarker: string | null };
}

const SEARCH = `query Search($text: String!, $context: SearchContext, $near: CoordinatesInput) {
  search(text: $text, context: $context, near: $near) {
    groups { ${GROUP_CARD_FIELDS} }
    plans { ${PLAN_CARD_FIELDS} }
    people { ${PERSON_FIELDS} }
    nextMarker
  }
}`;

const MY_PLACE = 'query MyPlace { myLocation { latitude longitude } }';

const TABS: Array<{ context: SearchContextPath | null; label: string }> = [
  { context: null, label: 'All' },
  { context: 'events', label: 'Plans' },
  { context: 'groups', label: 'Groups' },
  { context: 'people', label: 'People' },
];

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const publicUrl = rootDataFromMatches(matches)?.publicUrl ?? '';
  const text = loaderData?.text;
  return buildPageMeta(
    {
      title: text ? `“${text}”: search` : 'Search',
      path: searchPath(loaderData?.context ?? null, text ?? ''),
      noIndex: true,
    },
    publicUrl,
  );
}

export async function loader({ url, context }: Route.LoaderArgs) {
  // The path still encoded, so an encoded slash or percent sign in the text survives (`url`, not
  // `request.url`: a client navigation asks for <path>.data, and React Router 8 passes it as is).
  const { context: searchContext, text } = parseSearchPath(url.pathname.replace(/^\/s\/?/, ''));
  // A search box sent before the page's scripts ran (or without them) asks with ?q=: its page.
  const asked = url.searchParams.get('q');
  if (asked !== null) {
    if (asked.trim()) throw redirect(searchPath(searchContext, asked));
    return { context: searchContext, text, results: null, error: null, emptyQuery: true };
  }
  if (!text) return { context: searchContext, text, results: null, error: null, emptyQuery: false };
  const plaza = context.get(plazaContext);
  // Nearer results first for a person with a place (myLocation answers signed-in people only).
  const where = await plaza.graphql<{
    myLocation: { latitude: number | null; longitude: number | null } | null;
  }>(MY_PLACE);
  const place = where.data?.myLocation;
  const near =
    place?.latitude != null && place.longitude != null
      ? { latitude: place.latitude, longitude: place.longitude }
      : null;
  const result = await plaza.graphql<SearchAnswer>(SEARCH, {
    text,
    context: SEARCH_CONTEXT_API[searchContext ?? 'all'],
    near,
  });
  return {
    context: searchContext,
    text,
    results: result.data?.search ?? null,
    error: result.data?.search ? null : (result.errors?.[0]?.message ?? 'Search is not available right now.'),
    emptyQuery: false,
  };
}

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  const id = `results-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="font-display text-2xl font-extrabold">
        {title} <span className="text-ink-soft">{count}</span>
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** Search (spec 2.1): everything, or groups, plans or people, for signed-out visitors too. */
export default function Search({ loaderData }: Route.ComponentProps) {
  const { context, text, results, error, emptyQuery } = loaderData;
  const navigate = useNavigate();
  const isSearching = useNavigation().state === 'loading';
  const [draft, setDraft] = useState(text);
  const [source, setSource] = useState(text);
  if (source !== text) {
    setSource(text);
    setDraft(text);
  }
  const [emptyError, setEmptyError] = useState(emptyQuery);
  // Each read of the page says afresh whether it was asked with nothing (the tabs keep no error).
  const [read, setRead] = useState(loaderData);
  if (read !== loaderData) {
    setRead(loaderData);
    setEmptyError(emptyQuery);
  }
  const shows = (what: SearchContextPath) => context === null || context === what;
  const total = results ? results.groups.length + results.plans.length + results.people.length : 0;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="font-display text-3xl font-extrabold tracking-tight sm:text-4xl">
        {text ? `Results for “${text}”` : 'Search Plaza'}
      </h1>
      <Form
        role="search"
        // Without scripts (or before they run) the box asks this page with ?q= (the loader).
        action={searchPath(context, '')}
        className="mt-5 flex max-w-2xl gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          // The box as it is on screen (as the header's box reads it): typed while the page
          // hydrated, the text reaches `draft` only once it has.
          const typed = String(new FormData(event.currentTarget).get('q') ?? '');
          if (!typed.trim()) {
            setEmptyError(true);
            return;
          }
          setEmptyError(false);
          void navigate(searchPath(context, typed));
        }}
      >
        <label htmlFor="search-page-text" className="sr-only">
          Search plans, groups and people
        </label>
        <input
          id="search-page-text"
          type="search"
          name="q"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Plans, groups, people…"
          aria-invalid={emptyError || undefined}
          aria-describedby={emptyError ? 'search-empty' : undefined}
          className="h-12 min-w-0 flex-1 rounded-full border-2 border-line bg-white px-5 text-base text-ink placeholder:text-ink-soft focus:border-coral-strong focus:outline-none"
        />
        <button type="submit" className={buttonClass('primary', 'lg')}>
          Search
        </button>
      </Form>
      {emptyError ? (
        <p id="search-empty" role="alert" className="mt-2 font-semibold text-coral-strong">
          {EMPTY_QUERY_MESSAGE}
        </p>
      ) : null}

      <nav aria-label="What to search" className="mt-6 flex gap-1 overflow-x-auto border-b border-line pb-2">
        {TABS.map((tab) => (
          <Link
            key={tab.label}
            to={searchPath(tab.context, text)}
            aria-current={tab.context === context ? 'page' : undefined}
            className={`rounded-full px-4 py-2 text-sm font-bold whitespace-nowrap ${tab.context === context ? 'bg-ink text-white' : 'text-ink hover:bg-sand'}`}
          >
            {tab.label}
          </Link>
        ))}
      </nav>

      <div aria-busy={isSearching} aria-live="polite">
        {!text ? (
          <p className="mt-8 text-lg text-ink-soft">
            Find plans to join, groups to belong to and people you know. Try a place, an interest or a name.
          </p>
        ) : error ? (
          <p role="alert" className="mt-8 rounded-2xl bg-coral-soft px-4 py-3 font-medium">
            {error}
          </p>
        ) : results && total === 0 ? (
          <div className="mt-8 rounded-[2rem] bg-white p-8 text-center shadow-sm ring-1 ring-line">
            <h2 className="font-display text-2xl font-bold">Nothing found for “{text}”</h2>
            <p className="mt-2 text-ink-soft">
              Check the spelling, try fewer words, or look for something nearby.
            </p>
          </div>
        ) : results ? (
          <>
            {shows('events') && (context === 'events' || results.plans.length > 0) ? (
              <Section title="Plans" count={results.plans.length}>
                <PlanCardList plans={results.plans} empty="No plans match." />
              </Section>
            ) : null}
            {shows('groups') && (context === 'groups' || results.groups.length > 0) ? (
              <Section title="Groups" count={results.groups.length}>
                {results.groups.length === 0 ? (
                  <p className="py-6 text-ink-soft">No groups match.</p>
                ) : (
                  <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
                    {results.groups.map((group) => (
                      <GroupCardLink key={group.key} group={group} />
                    ))}
                  </ul>
                )}
              </Section>
            ) : null}
            {shows('people') && (context === 'people' || results.people.length > 0) ? (
              <Section title="People" count={results.people.length}>
                {results.people.length === 0 ? (
                  <p className="py-6 text-ink-soft">No people match.</p>
                ) : (
                  <ul className="divide-y divide-line">
                    {results.people.map((person) => (
                      <PersonRow
                        key={person.id}
                        person={person}
                        detail={`@${person.username}`}
                        showsButtons={false}
                      />
                    ))}
                  </ul>
                )}
              </Section>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}
