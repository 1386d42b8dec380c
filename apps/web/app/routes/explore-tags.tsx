import { data, Link } from 'react-router';
import {
  HASHTAG_SCOPE_API,
  HASHTAG_SCOPES,
  HASHTAG_TYPES,
  hashtagPath,
  hashtagScopeOf,
  hashtagTypeOf,
  type HashtagScopePath,
  type HashtagTypePath,
} from '@plaza/core/explore-path';
import { planPresetHash } from '@plaza/core/plan-preset';
import { CategoryCard } from '../features/explore/category-card.tsx';
import type { Route } from './+types/explore-tags';
import { buttonClass } from '../components/button-styles.ts';
import { plazaContext } from '../context.ts';
import {
  HASHTAG_CATEGORIES,
  type ExplorePlan,
  type HashtagCategoryCard,
  type HashtagChip,
} from '../features/explore/explore-data.ts';
import { PlanTileGrid } from '../features/explore/plan-tile.tsx';
import { GroupCardLink } from '../features/groups/group-card.tsx';
import { GROUP_CARD_FIELDS, type GroupCard } from '../features/groups/group-data.ts';
import { buildPageMeta } from '../features/meta/page-meta.ts';
import { PLAN_CARD_FIELDS } from '../features/plans/plan-data.ts';
import { rootDataFromMatches, useRootData } from '../root-data.ts';

interface HashtagAnswer {
  hashtagExplore: {
    hashtag: HashtagChip;
    category: { key: string; name: string } | null;
    plans: ExplorePlan[];
    groups: GroupCard[];
    nextMarker: string | null;
  };
}

const HASHTAG_EXPLORE = `query HashtagExplore($name: String!, $type: HashtagFilterType, $scope: HashtagScope, $marker: String) {
  hashtagExplore(name: $name, type: $type, scope: $scope, marker: $marker) {
    hashtag { name emoji }
    category { key name }
    plans { ${PLAN_CARD_FIELDS} }
    groups { ${GROUP_CARD_FIELDS} }
    nextMarker
  }
}`;

const TYPE_LABELS: Record<HashtagTypePath, string> = { upcoming: 'Upcoming', past: 'Past' };
const SCOPE_LABELS: Record<HashtagScopePath, string> = {
  public: 'Everyone’s',
  common: 'With my friends',
  'public-created': 'Made by me',
};

function filterHref(name: string, type: HashtagTypePath, scope: HashtagScopePath): string {
  const params = new URLSearchParams();
  if (type !== 'upcoming') params.set('type', type);
  if (scope !== 'public') params.set('scope', scope);
  const query = params.toString();
  return `${hashtagPath(name)}${query ? `?${query}` : ''}`;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const publicUrl = rootDataFromMatches(matches)?.publicUrl ?? '';
  const name = loaderData?.name;
  return buildPageMeta(
    name
      ? {
          title: `#${name}: plans and groups`,
          description: `Plans and groups about #${name} on Plaza. Find people who love it and meet them in real life.`,
          path: hashtagPath(name),
        }
      : {
          title: 'Interests',
          description: 'Find plans and groups by what you love doing, from run clubs to board games.',
          path: hashtagPath(''),
        },
    publicUrl,
  );
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const plaza = context.get(plazaContext);
  const name = (params.name ?? '').trim().replace(/^#+/, '');
  if (!name) {
    const categories = await plaza.graphql<{ hashtagCategories: HashtagCategoryCard[] }>(HASHTAG_CATEGORIES);
    return {
      name: null,
      type: 'upcoming' as HashtagTypePath,
      scope: 'public' as HashtagScopePath,
      categories: categories.data?.hashtagCategories ?? [],
      results: null,
      error: categories.errors?.[0]?.message ?? null,
    };
  }
  const type = hashtagTypeOf(url.searchParams.get('type'));
  const scope = hashtagScopeOf(url.searchParams.get('scope'));
  const answer = await plaza.graphql<HashtagAnswer>(HASHTAG_EXPLORE, {
    name,
    type: type.toUpperCase(),
    scope: HASHTAG_SCOPE_API[scope],
  });
  const payload = {
    name,
    type,
    scope,
    categories: [] as HashtagCategoryCard[],
    results: answer.data?.hashtagExplore ?? null,
    error: answer.data?.hashtagExplore
      ? null
      : (answer.errors?.[0]?.message ?? 'This interest cannot be shown now.'),
  };
  return answer.data?.hashtagExplore ? payload : data(payload, { status: 400 });
}

/** The hashtag explorer: every interest by category, and the plans and groups of one. */
export default function ExploreTags({ loaderData }: Route.ComponentProps) {
  const { name, type, scope, categories, results, error } = loaderData;
  const viewer = useRootData()?.viewer ?? null;

  if (!name) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
        <p className="font-bold tracking-wide text-coral-strong uppercase">
          <Link to="/explore" className="hover:underline">
            Explore
          </Link>
        </p>
        <h1 className="mt-1 font-display text-4xl font-extrabold tracking-tight sm:text-5xl">Interests</h1>
        <p className="mt-3 max-w-2xl text-lg text-ink-soft">
          Pick something you love doing and see who is doing it, and when.
        </p>
        {error ? (
          <p role="alert" className="mt-6 rounded-2xl bg-coral-soft px-4 py-3 font-medium">
            {error}
          </p>
        ) : null}
        <ul className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {categories.map((category) => (
            <CategoryCard key={category.key} category={category} headingLevel="h2" />
          ))}
        </ul>
      </div>
    );
  }

  const scopes = viewer ? HASHTAG_SCOPES : (['public'] as const);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <p className="font-bold tracking-wide text-coral-strong uppercase">
        <Link to={hashtagPath('')} className="hover:underline">
          {results?.category?.name ?? 'Interests'}
        </Link>
      </p>
      <h1 className="mt-1 font-display text-4xl font-extrabold tracking-tight sm:text-5xl">
        {results?.hashtag.emoji ? <span aria-hidden="true">{results.hashtag.emoji} </span> : null}#
        {results?.hashtag.name ?? name}
      </h1>

      <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-2 border-b border-line pb-2">
        <nav aria-label="When" className="flex gap-1">
          {HASHTAG_TYPES.map((value) => (
            <Link
              key={value}
              to={filterHref(name, value, scope)}
              aria-current={value === type ? 'page' : undefined}
              className={`rounded-full px-4 py-2 text-sm font-bold ${value === type ? 'bg-ink text-white' : 'text-ink hover:bg-sand'}`}
            >
              {TYPE_LABELS[value]}
            </Link>
          ))}
        </nav>
        {scopes.length > 1 ? (
          <nav aria-label="Whose" className="flex gap-1 text-sm">
            {scopes.map((value) => (
              <Link
                key={value}
                to={filterHref(name, type, value)}
                aria-current={value === scope ? 'true' : undefined}
                className={`rounded-full px-3 py-1.5 font-bold ${value === scope ? 'bg-coral-soft text-ink' : 'text-ink-soft hover:bg-sand'}`}
              >
                {SCOPE_LABELS[value]}
              </Link>
            ))}
          </nav>
        ) : null}
      </div>

      {error || !results ? (
        <p role="alert" className="mt-8 rounded-2xl bg-coral-soft px-4 py-3 font-medium">
          {error ?? 'This interest cannot be shown now.'}
        </p>
      ) : (
        <>
          <section aria-labelledby="tag-plans" className="mt-8">
            <h2 id="tag-plans" className="font-display text-2xl font-extrabold">
              {type === 'past' ? 'Past plans' : 'Plans coming up'}
            </h2>
            <div className="mt-4">
              {results.plans.length === 0 ? (
                <div className="rounded-[2rem] bg-white p-8 text-center ring-1 ring-line">
                  <p className="text-lg text-ink-soft">
                    {type === 'past' ? 'No past plans with this tag.' : 'Nothing planned with this tag yet.'}
                  </p>
                  {type === 'upcoming' ? (
                    <Link
                      to={`/event/create${planPresetHash({ hashtags: [results.hashtag.name], isPublic: true })}`}
                      className={`${buttonClass('primary')} mt-4`}
                    >
                      Make a #{results.hashtag.name} plan
                    </Link>
                  ) : null}
                </div>
              ) : (
                <PlanTileGrid plans={results.plans} />
              )}
            </div>
          </section>
          {results.groups.length > 0 ? (
            <section aria-labelledby="tag-groups" className="mt-10">
              <h2 id="tag-groups" className="font-display text-2xl font-extrabold">
                Groups
              </h2>
              <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {results.groups.map((group) => (
                  <GroupCardLink key={group.key} group={group} />
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
