import { builder } from '../../graphql/builder.ts';
import { GroupRef } from '../groups/group-type.ts';
import { CoordinatesInput } from '../groups/schema.ts';
import { PlanRef } from '../plans/plan-type.ts';
import { UserRef } from '../users/schema.ts';
import { SEARCH_MAX_LIMIT, SEARCH_PAGE_SIZE, search, type SearchResults } from './search.ts';

const SearchContextRef = builder.enumType('SearchContext', {
  description: 'What to search: everything, or only groups, events (plans) or people.',
  values: ['ALL', 'GROUPS', 'EVENTS', 'PEOPLE'] as const,
});

const SearchResultsRef = builder.objectRef<SearchResults>('SearchResults').implement({
  fields: (t) => ({
    groups: t.field({ type: [GroupRef], resolve: (r) => r.groups }),
    plans: t.field({ type: [PlanRef], resolve: (r) => r.plans }),
    people: t.field({ type: [UserRef], resolve: (r) => r.people }),
    nextMarker: t.exposeString('nextMarker', {
      nullable: true,
      description: 'Pass as marker for the next page of every asked list; null when none has more.',
    }),
  }),
});

builder.queryFields((t) => ({
  search: t.field({
    type: SearchResultsRef,
    authScopes: { public: true },
    description: `Plans still to come, groups and people matching text (prefixes and misspellings forgiven), only what the viewer may see: best match first, then nearer to near, then closer to the viewer's friends. ${SEARCH_PAGE_SIZE} per list unless limit says (at most ${SEARCH_MAX_LIMIT}). Empty text: BAD_USER_INPUT "A query must be provided."`,
    args: {
      text: t.arg.string({ required: true }),
      context: t.arg({ type: SearchContextRef }),
      near: t.arg({ type: CoordinatesInput }),
      marker: t.arg.string(),
      limit: t.arg.int(),
    },
    resolve: (_root, args, context) =>
      search(context, {
        text: args.text,
        context: args.context,
        near: args.near,
        marker: args.marker,
        limit: args.limit,
      }),
  }),
}));
