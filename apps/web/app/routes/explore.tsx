import { useState, type ReactNode } from 'react';
import {
  data,
  Form,
  Link,
  redirect,
  useFetcher,
  useLocation,
  useNavigate,
  useNavigation,
} from 'react-router';
import {
  EXPLORE_FILTER_API,
  EXPLORE_SORTS,
  explorePath,
  exploreSortOf,
  hashtagPath,
  parseExplorePath,
  type ExploreFilterPath,
  type ExplorePath,
  type ExploreSortPath,
} from '@plaza/core/explore-path';
import { CategoryCard } from '../features/explore/category-card.tsx';
import type { Route } from './+types/explore';
import { buttonClass } from '../components/button-styles.ts';
import { CompassIcon, PinIcon } from '../components/icons.tsx';
import { plazaContext } from '../context.ts';
import {
  EXPLORE,
  HASHTAG_CATEGORIES,
  PLACE_BY_ID,
  PLACE_BY_TEXT,
  SET_MY_LOCATION,
  SUGGESTED_INVITES,
  type ExploreAnswer,
  type ExplorePlace,
  type HashtagCategoryCard,
  type SuggestedInvite,
} from '../features/explore/explore-data.ts';
import { IdeaCard } from '../features/explore/idea-card.tsx';
import { PlanTileGrid } from '../features/explore/plan-tile.tsx';
import { GroupCardLink } from '../features/groups/group-card.tsx';
import { buildPageMeta } from '../features/meta/page-meta.ts';
import { PlaceSearch, NO_PLACE } from '../features/plans/place-search.tsx';
import { runFriendshipAction } from '../features/social/friendship-action.server.ts';
import { PersonRow } from '../features/social/person-row.tsx';
import { rootDataFromMatches, useRootData } from '../root-data.ts';

const SORT_API: Record<ExploreSortPath, 'NEAREST' | 'SOONEST' | 'POPULAR'> = {
  nearest: 'NEAREST',
  soonest: 'SOONEST',
  popular: 'POPULAR',
};

const SORT_LABELS: Record<ExploreSortPath, string> = {
  nearest: 'Nearest',
  soonest: 'Soonest',
  popular: 'Popular',
};

const TABS: Array<{ filter: ExploreFilterPath | null; label: string }> = [
  { filter: null, label: 'All' },
  { filter: 'events', label: 'Plans' },
  { filter: 'people', label: 'People' },
];

/** The exploration a URL asks for: `/explore`, `/explore/<filter>` or `/e/<location?>/<filter?>/<search?>`. */
function explorationOf(pathname: string): ExplorePath {
  const alias = /^\/explore(?:\/(events|people))?\/?$/i.exec(pathname);
  if (alias) {
    return { location: null, filter: (alias[1]?.toLowerCase() as ExploreFilterPath) ?? null, search: '' };
  }
  // The raw path, so an encoded slash or percent sign in the search survives.
  return parseExplorePath(pathname.replace(/^\/e\/?/i, ''));
}

/** `?near=38.72,-9.14` from "Use my location". */
function nearOf(value: string | null): { latitude: number; longitude: number } | null {
  const match = /^(-?\d{1,2}(?:\.\d+)?),(-?\d{1,3}(?:\.\d+)?)$/.exec(value?.trim() ?? '');
  if (!match) return null;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? { latitude, longitude } : null;
}

function headingOf(filter: ExploreFilterPath | null, search: string): string {
  if (search) return filter === 'people' ? `People named “${search}”` : `“${search}”`;
  if (filter === 'people') return 'People';
  if (filter === 'events') return 'Plans';
  return 'Plans, groups and people';
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const publicUrl = rootDataFromMatches(matches)?.publicUrl ?? '';
  if (!loaderData) return buildPageMeta({ title: 'Explore', path: '/explore' }, publicUrl);
  const { path, results } = loaderData;
  const place = results?.place;
  const where = place ? ` near ${place.name}` : '';
  const what = path.filter === 'people' ? 'People' : path.filter === 'events' ? 'Plans' : 'Things to do';
  return buildPageMeta(
    {
      title: `${path.search ? `“${path.search}”: ` : ''}${what}${where}`,
      description: place
        ? `Upcoming plans, groups and people near ${place.name}${place.description ? `, ${place.description}` : ''}. Join in, or make your own plan on Plaza.`
        : 'Upcoming plans, groups and people to meet in real life. Join in, or make your own plan on Plaza.',
      path: explorePath(path),
    },
    publicUrl,
  );
}

export async function loader({ url, context }: Route.LoaderArgs) {
  // `url`, not `request.url`: a client navigation asks for <path>.data, which is not an explore path.
  const path = explorationOf(url.pathname);
  const sort = exploreSortOf(url.searchParams.get('sort'));
  // The search form without JavaScript sends ?q=<text>: go to the explore path of that text.
  const typed = url.searchParams.get('q');
  if (typed !== null) {
    const params = new URLSearchParams(url.searchParams);
    params.delete('q');
    if (sort === 'nearest') params.delete('sort');
    const query = params.toString();
    throw redirect(`${explorePath({ ...path, search: typed.trim() })}${query ? `?${query}` : ''}`);
  }
  const marker = url.searchParams.get('after');
  const near = nearOf(url.searchParams.get('near'));
  const plaza = context.get(plazaContext);
  // The main view also shows interests and plan ideas; a next page needs only the list.
  const isMainView = path.filter === null && !path.search && marker === null;
  const [answer, categories, ideas] = await Promise.all([
    plaza.graphql<ExploreAnswer>(EXPLORE, {
      place: path.location,
      near,
      filter: EXPLORE_FILTER_API[path.filter ?? 'all'],
      sort: SORT_API[sort],
      text: path.search || null,
      marker,
    }),
    isMainView
      ? plaza.graphql<{ hashtagCategories: HashtagCategoryCard[] }>(HASHTAG_CATEGORIES)
      : Promise.resolve(null),
    isMainView
      ? plaza.graphql<{ featuredContentSuggestions: { suggestedInvites: SuggestedInvite[] } }>(
          SUGGESTED_INVITES,
        )
      : Promise.resolve(null),
  ]);
  const error = answer.errors?.[0];
  const payload = {
    path,
    sort,
    near,
    results: answer.data?.explore ?? null,
    error: answer.data?.explore ? null : (error?.message ?? 'Explore is not available right now.'),
    categories: categories?.data?.hashtagCategories ?? [],
    ideas: ideas?.data?.featuredContentSuggestions.suggestedInvites ?? [],
  };
  if (!payload.results && error?.extensions?.code === 'NOT_FOUND') return data(payload, { status: 404 });
  return payload;
}

type PlaceIntent = { intent: 'place'; ok: false; message: string };

async function choosePlace(form: FormData, context: Route.ActionArgs['context']) {
  const plaza = context.get(plazaContext);
  const placeId = String(form.get('placeId') ?? '').trim();
  const typed = String(form.get('placeName') ?? '').trim();
  let place: ExplorePlace | null = null;
  if (placeId) {
    const found = await plaza.graphql<{ getLocationDetails: ExplorePlace | null }>(PLACE_BY_ID, {
      id: placeId,
    });
    place = found.data?.getLocationDetails ?? null;
  } else if (typed) {
    const found = await plaza.graphql<{ searchLocations: ExplorePlace[] | null }>(PLACE_BY_TEXT, {
      q: typed.slice(0, 100),
    });
    place = found.data?.searchLocations?.[0] ?? null;
  }
  if (!place) {
    return {
      intent: 'place',
      ok: false,
      message: typed ? `We could not find “${typed}”. Try a city’s name.` : 'Choose a place first.',
    } satisfies PlaceIntent;
  }
  // Remembered as the person's place (myLocation); a signed-out visitor keeps it in the address.
  if (form.get('signedIn') === '1') await plaza.graphql(SET_MY_LOCATION, { placeId: place.id });
  const filter = String(form.get('filter') ?? '');
  const next = explorePath({
    location: place.slug,
    filter: filter === 'events' || filter === 'people' ? filter : null,
    search: String(form.get('search') ?? ''),
  });
  const sort = exploreSortOf(String(form.get('sort') ?? ''));
  return redirect(sort === 'nearest' ? next : `${next}?sort=${sort}`);
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get('intent') === 'place') return choosePlace(form, context);
  return runFriendshipAction(form, context);
}

function Section({
  title,
  more,
  children,
}: {
  title: string;
  more?: { to: string; label: string };
  children: ReactNode;
}) {
  const id = `explore-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="mt-10">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id={id} className="font-display text-2xl font-extrabold">
          {title}
        </h2>
        {more ? (
          <Link to={more.to} className="shrink-0 font-bold text-coral-strong hover:underline">
            {more.label} <span aria-hidden="true">→</span>
          </Link>
        ) : null}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The place line: where results are near, with a picker to choose another and "Use my location". */
function PlacePicker({
  place,
  path,
  sort,
  isNearMe,
}: {
  place: ExplorePlace | null;
  path: ExplorePath;
  sort: ExploreSortPath;
  isNearMe: boolean;
}) {
  const viewer = useRootData()?.viewer ?? null;
  const fetcher = useFetcher<PlaceIntent>();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [isChoosing, setIsChoosing] = useState(false);
  const [locating, setLocating] = useState<'idle' | 'busy' | 'refused'>('idle');
  const label = isNearMe ? 'you' : (place?.name ?? 'anywhere');

  function useMyLocation() {
    if (!('geolocation' in navigator)) {
      setLocating('refused');
      return;
    }
    setLocating('busy');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating('idle');
        const near = `${position.coords.latitude.toFixed(3)},${position.coords.longitude.toFixed(3)}`;
        const base = explorePath({ location: null, filter: path.filter ?? 'events', search: path.search });
        void navigate(`${base}?near=${near}${sort === 'nearest' ? '' : `&sort=${sort}`}`);
      },
      () => setLocating('refused'),
      { maximumAge: 600_000, timeout: 10_000 },
    );
  }

  return (
    <div className="mt-4">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-lg">
        <PinIcon className="size-5 text-coral-strong" />
        <span>
          Near <strong className="font-extrabold">{label}</strong>
          {place && !isNearMe && place.description ? (
            <span className="text-ink-soft">, {place.description}</span>
          ) : null}
        </span>
        <button
          type="button"
          className="rounded-full px-2 py-1 font-bold text-coral-strong underline-offset-4 hover:underline"
          aria-expanded={isChoosing}
          aria-controls="explore-place-form"
          onClick={() => setIsChoosing((open) => !open)}
        >
          {place || isNearMe ? 'Change place' : 'Choose a place'}
        </button>
      </p>
      <fetcher.Form
        data-submit-after-hydration=""
        method="post"
        id="explore-place-form"
        hidden={!isChoosing}
        className="mt-3 max-w-xl rounded-3xl bg-white p-4 shadow-sm ring-1 ring-line"
        onSubmit={() => setIsChoosing(false)}
      >
        <input type="hidden" name="intent" value="place" />
        <input type="hidden" name="filter" value={path.filter ?? ''} />
        <input type="hidden" name="search" value={path.search} />
        <input type="hidden" name="sort" value={sort} />
        <input type="hidden" name="signedIn" value={viewer ? '1' : '0'} />
        <label htmlFor="explore-place" className="block font-bold">
          City or place
        </label>
        <div className="mt-2">
          <PlaceSearch
            key={pathname}
            initial={NO_PLACE}
            inputId="explore-place"
            placeholder="Search a city"
            source="/explore/places"
            onPick={(option) => {
              const form = new FormData();
              form.set('intent', 'place');
              form.set('placeId', option.id);
              form.set('filter', path.filter ?? '');
              form.set('search', path.search);
              form.set('sort', sort);
              form.set('signedIn', viewer ? '1' : '0');
              setIsChoosing(false);
              void fetcher.submit(form, { method: 'post' });
            }}
          />
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="submit" className={buttonClass('primary')}>
            Explore there
          </button>
          <button type="button" className={buttonClass('secondary')} onClick={useMyLocation}>
            <CompassIcon className="size-4" />
            {locating === 'busy' ? 'Finding you…' : 'Use my location'}
          </button>
        </div>
        {viewer ? (
          <p className="mt-2 text-sm text-ink-soft">We remember the place you choose for next time.</p>
        ) : null}
      </fetcher.Form>
      {locating === 'refused' ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-coral-strong">
          Your browser did not share your location. Choose a city instead.
        </p>
      ) : null}
      {fetcher.data && !fetcher.data.ok ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-coral-strong">
          {fetcher.data.message}
        </p>
      ) : null}
    </div>
  );
}

/** Explore (spec 2.1): upcoming public plans, groups and people near a place, for everyone. */
export default function Explore({ loaderData }: Route.ComponentProps) {
  const { path, sort, near, results, error, categories, ideas } = loaderData;
  const viewer = useRootData()?.viewer ?? null;
  const navigate = useNavigate();
  const { search: query } = useLocation();
  const isLoading = useNavigation().state === 'loading';
  const more = useFetcher<typeof loader>();
  const [extra, setExtra] = useState<{
    plans: ExploreAnswer['explore']['plans'];
    people: ExploreAnswer['explore']['people'];
    marker: string | null;
  }>({
    plans: [],
    people: [],
    marker: results?.nextMarker ?? null,
  });
  const [source, setSource] = useState(results);
  if (source !== results) {
    setSource(results);
    setExtra({ plans: [], people: [], marker: results?.nextMarker ?? null });
  }
  // A page fetched by "More" is appended once, while rendering (no effect), like the resets above.
  const page = more.state === 'idle' && more.data && 'results' in more.data ? more.data.results : null;
  const [appended, setAppended] = useState<typeof page>(null);
  if (page && page !== appended) {
    setAppended(page);
    if (extra.marker !== page.nextMarker) {
      setExtra({
        plans: [...extra.plans, ...page.plans],
        people: [...extra.people, ...page.people],
        marker: page.nextMarker,
      });
    }
  }
  const [draft, setDraft] = useState(path.search);
  const [draftSource, setDraftSource] = useState(path.search);
  if (draftSource !== path.search) {
    setDraftSource(path.search);
    setDraft(path.search);
  }

  const place = results?.place ?? null;
  // Links keep the place the results are near, also when it came from the person's remembered one.
  const location = near ? null : (path.location ?? place?.slug ?? null);
  const pathTo = (change: Partial<ExplorePath>) => explorePath({ ...path, location, ...change });
  const withSort = (to: string, value: ExploreSortPath) => {
    const params = new URLSearchParams();
    if (near) params.set('near', `${near.latitude},${near.longitude}`);
    if (value !== 'nearest') params.set('sort', value);
    const text = params.toString();
    return text ? `${to}?${text}` : to;
  };
  const plans = [...(results?.plans ?? []), ...extra.plans];
  const people = [...(results?.people ?? []), ...extra.people];
  const nearWords = near ? ' near you' : place ? ` near ${place.name}` : '';

  function loadMore() {
    if (!extra.marker) return;
    const params = new URLSearchParams(query);
    params.set('after', extra.marker);
    void more.load(`${explorePath({ ...path })}?${params.toString()}`);
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <p className="font-bold tracking-wide text-coral-strong uppercase">Explore</p>
      <h1 className="mt-1 font-display text-4xl font-extrabold tracking-tight sm:text-5xl">
        {headingOf(path.filter, path.search)}
      </h1>
      <PlacePicker place={place} path={{ ...path, location }} sort={sort} isNearMe={near !== null} />

      <Form
        role="search"
        className="mt-6 flex max-w-2xl gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          // The box as it is on screen (as the header's box reads it): typed while the page
          // hydrated, the text reaches `draft` only once it has.
          const typed = String(new FormData(event.currentTarget).get('q') ?? '');
          void navigate(withSort(pathTo({ search: typed, filter: path.filter }), sort));
        }}
      >
        <label htmlFor="explore-text" className="sr-only">
          Search plans and people{nearWords}
        </label>
        {sort !== 'nearest' ? <input type="hidden" name="sort" value={sort} /> : null}
        {near ? <input type="hidden" name="near" value={`${near.latitude},${near.longitude}`} /> : null}
        <input
          id="explore-text"
          name="q"
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={`Search${nearWords}…`}
          className="h-12 min-w-0 flex-1 rounded-full border-2 border-line bg-white px-5 text-base text-ink placeholder:text-ink-soft focus:border-coral-strong focus:outline-none"
        />
        <button type="submit" className={buttonClass('primary', 'lg')}>
          Search
        </button>
      </Form>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 border-b border-line pb-2">
        <nav aria-label="What to explore" className="flex gap-1 overflow-x-auto">
          {TABS.map((tab) => (
            <Link
              key={tab.label}
              to={withSort(pathTo({ filter: tab.filter }), sort)}
              aria-current={tab.filter === path.filter ? 'page' : undefined}
              className={`rounded-full px-4 py-2 text-sm font-bold whitespace-nowrap ${tab.filter === path.filter ? 'bg-ink text-white' : 'text-ink hover:bg-sand'}`}
            >
              {tab.label}
            </Link>
          ))}
        </nav>
        {path.filter !== 'people' ? (
          <nav aria-label="Order of plans" className="flex items-center gap-1 text-sm">
            <span className="px-1 text-ink-soft">Order:</span>
            {EXPLORE_SORTS.map((value) => (
              <Link
                key={value}
                to={withSort(pathTo({}), value)}
                aria-current={value === sort ? 'true' : undefined}
                className={`rounded-full px-3 py-1.5 font-bold ${value === sort ? 'bg-coral-soft text-ink' : 'text-ink-soft hover:bg-sand'}`}
              >
                {SORT_LABELS[value]}
              </Link>
            ))}
          </nav>
        ) : null}
      </div>

      <div aria-busy={isLoading} aria-live="polite">
        {error || !results ? (
          <div className="mt-8 rounded-[2rem] bg-white p-8 text-center shadow-sm ring-1 ring-line">
            <h2 className="font-display text-2xl font-bold">
              {error ?? 'Explore is not available right now.'}
            </h2>
            <p className="mt-2 text-ink-soft">Choose another place, or explore everywhere.</p>
            <Link to="/e/events" className={`${buttonClass('secondary')} mt-4`}>
              Plans everywhere
            </Link>
          </div>
        ) : path.filter === null ? (
          <>
            <Section
              title={`Plans${nearWords}`}
              more={
                results.plans.length > 0
                  ? { to: withSort(pathTo({ filter: 'events' }), sort), label: 'All plans' }
                  : undefined
              }
            >
              {results.plans.length === 0 ? (
                <EmptyPlans hasPlace={place !== null || near !== null} radiusKm={results.radiusKm} />
              ) : (
                <PlanTileGrid plans={results.plans} />
              )}
            </Section>
            {categories.length > 0 && !path.search ? (
              <Section title="Browse by interest" more={{ to: hashtagPath(''), label: 'All interests' }}>
                <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
                  {categories.slice(0, 6).map((category) => (
                    <CategoryCard key={category.key} category={category} limit={6} headingLevel="h3" />
                  ))}
                </ul>
              </Section>
            ) : null}
            {results.groups.length > 0 ? (
              <Section title={`Groups${nearWords}`}>
                <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
                  {results.groups.map((group) => (
                    <GroupCardLink key={group.key} group={group} />
                  ))}
                </ul>
              </Section>
            ) : null}
            {results.people.length > 0 ? (
              <Section
                title={`People${nearWords}`}
                more={{ to: withSort(pathTo({ filter: 'people' }), sort), label: 'All people' }}
              >
                <PeopleList people={results.people} showsButtons={viewer !== null} />
              </Section>
            ) : null}
            {ideas.length > 0 && !path.search ? (
              <Section title="Ideas for your next plan">
                <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
                  {ideas.slice(0, 8).map((idea) => (
                    <IdeaCard key={idea.name} idea={idea} />
                  ))}
                </ul>
              </Section>
            ) : null}
          </>
        ) : path.filter === 'events' ? (
          <div className="mt-6">
            {plans.length === 0 ? (
              <EmptyPlans
                hasPlace={place !== null || near !== null}
                radiusKm={results.radiusKm}
                search={path.search}
              />
            ) : (
              <PlanTileGrid plans={plans} />
            )}
          </div>
        ) : (
          <div className="mt-4">
            {people.length === 0 ? (
              <p className="py-8 text-lg text-ink-soft">
                {path.search
                  ? `Nobody${nearWords} matches “${path.search}”.`
                  : `No public profiles${nearWords} yet.`}
              </p>
            ) : (
              <PeopleList people={people} showsButtons={viewer !== null} />
            )}
          </div>
        )}
        {path.filter !== null && extra.marker ? (
          <div className="mt-8 text-center">
            <button
              type="button"
              className={buttonClass('secondary', 'lg')}
              onClick={loadMore}
              disabled={more.state !== 'idle'}
            >
              {more.state !== 'idle' ? 'Loading…' : path.filter === 'people' ? 'More people' : 'More plans'}
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}

function PeopleList({
  people,
  showsButtons,
}: {
  people: ExploreAnswer['explore']['people'];
  showsButtons: boolean;
}) {
  return (
    <ul className="divide-y divide-line rounded-3xl bg-white px-4 ring-1 ring-line">
      {people.map((person) => (
        <PersonRow key={person.id} person={person} showsButtons={showsButtons} />
      ))}
    </ul>
  );
}

function EmptyPlans({
  hasPlace,
  radiusKm,
  search,
}: {
  hasPlace: boolean;
  radiusKm: number;
  search?: string;
}) {
  return (
    <div className="rounded-[2rem] bg-white p-8 text-center shadow-sm ring-1 ring-line">
      <h3 className="font-display text-2xl font-bold">
        {search ? `No plans match “${search}”` : 'No public plans here yet'}
      </h3>
      <p className="mx-auto mt-2 max-w-md text-ink-soft">
        {hasPlace
          ? `Nothing coming up within ${radiusKm} km. Be the first: make a plan and invite people.`
          : 'Be the first: make a plan and invite people.'}
      </p>
      <Link to="/event/create" className={`${buttonClass('primary')} mt-4`}>
        Make a plan
      </Link>
    </div>
  );
}
