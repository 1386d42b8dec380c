import type { TiePair } from '@plaza/core/friendship-transitions';
import { requestScoped } from '../../graphql/request-scoped.ts';

/**
 * The viewer's ties toward people (both directions), as the request read them: filled by the
 * statement that reads people's rows for a signed-in viewer (group-loaders' usersWithTies) and by
 * socialLoaders' own ties statement for the others, so a list of people with their friendship
 * status costs one statement. A friendship action forgets its person (forgetTies).
 */
export const viewerTies = requestScoped(() => new Map<number, TiePair>());
