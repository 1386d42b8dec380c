import { plazaContext } from '../context.ts';
import type { Route } from './+types/event-places';

export interface PlaceOption {
  id: string;
  kind: string | null;
  name: string;
  description: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  timezone: string | null;
}

const SEARCH = `query PlaceSearch($q: String!, $near: CoordinatesInput) {
  searchLocations(q: $q, near: $near) { id kind name description address city state country latitude longitude timezone }
}`;

function coordinate(value: string | null, limit: number): number | null {
  if (value === null || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
}

/** Places for the plan form's search box: cities of the data set and venues people used (issue 6). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = params.get('q')?.trim() ?? '';
  if (q === '') return { q, places: [] as PlaceOption[], error: null };
  const latitude = coordinate(params.get('lat'), 90);
  const longitude = coordinate(params.get('lng'), 180);
  const near = latitude !== null && longitude !== null ? { latitude, longitude } : null;
  const result = await context
    .get(plazaContext)
    .graphql<{ searchLocations: PlaceOption[] | null }>(SEARCH, { q: q.slice(0, 100), near });
  return {
    q,
    places: result.data?.searchLocations ?? [],
    error: result.errors?.[0]?.message ?? null,
  };
}
