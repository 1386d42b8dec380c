import { builder } from '../../graphql/builder.ts';
import { Coordinates, CoordinatesInput } from '../groups/schema.ts';
import { requireViewerUser } from '../users/require-viewer-user.ts';
import { myLocation } from './my-location.ts';
import { findPlace, locationNotFound, PLACE_KINDS, placeDescription, type PlaceRow } from './place-rows.ts';
import { searchLocations } from './search-locations.ts';

const LocationKindRef = builder.enumType('LocationKind', {
  description: 'CITY: from the city data set; VENUE: a place people named in their plans.',
  values: ['CITY', 'VENUE'] as const,
});

const orNull = (value: string | null) => (value?.trim() ? value : null);

export const LocationRef = builder.objectRef<PlaceRow>('Location').implement({
  description:
    'A place (spec 3 "Location"): a city of the data set or a venue of a plan. Pass its id as location.placeId of a plan.',
  fields: (t) => ({
    id: t.id({ resolve: (p) => String(p.id) }),
    kind: t.field({
      type: LocationKindRef,
      resolve: (p) => (p.kind === PLACE_KINDS.city ? 'CITY' : 'VENUE'),
    }),
    name: t.exposeString('name'),
    address: t.string({ nullable: true, resolve: (p) => orNull(p.address) }),
    postalCode: t.string({ nullable: true, resolve: (p) => orNull(p.postalCode) }),
    city: t.string({ nullable: true, resolve: (p) => orNull(p.city) }),
    state: t.string({ nullable: true, resolve: (p) => orNull(p.state) }),
    country: t.string({ nullable: true, resolve: (p) => orNull(p.country) }),
    countryCode: t.string({ nullable: true, resolve: (p) => orNull(p.countryCode) }),
    coordinates: t.field({
      type: Coordinates,
      nullable: true,
      resolve: (p) =>
        p.latitude === null || p.longitude === null
          ? null
          : { latitude: p.latitude / 1e6, longitude: p.longitude / 1e6 },
    }),
    latitude: t.float({ nullable: true, resolve: (p) => (p.latitude === null ? null : p.latitude / 1e6) }),
    longitude: t.float({
      nullable: true,
      resolve: (p) => (p.longitude === null ? null : p.longitude / 1e6),
    }),
    slug: t.exposeString('slug'),
    description: t.string({
      description: 'The line under the name: state and country of a city, address and city of a venue.',
      resolve: (p) => placeDescription(p),
    }),
    timezone: t.string({
      nullable: true,
      description: 'IANA time zone at the place’s coordinates; a plan there takes this zone.',
      resolve: (p) => p.timezone,
    }),
  }),
});

builder.queryFields((t) => ({
  searchLocations: t.field({
    type: [LocationRef],
    authScopes: { public: true },
    description:
      'Up to 10 places whose name matches q (1–100 characters; misspellings forgiven), best first: exact, prefix, then like names; larger and, with near, closer places first. "Portland, ME" favours Maine.',
    args: {
      q: t.arg.string({ required: true }),
      near: t.arg({ type: CoordinatesInput }),
    },
    resolve: (_root, args, context) => searchLocations(context, args),
  }),
  getLocationDetails: t.field({
    type: LocationRef,
    authScopes: { public: true },
    description:
      'A place by id; NOT_FOUND for an id that names no place (or another person’s private venue).',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const place = await findPlace(context.store.db, args.id, context.viewer?.id ?? null);
      if (!place) throw locationNotFound();
      return place;
    },
  }),
  myLocation: t.field({
    type: LocationRef,
    nullable: true,
    authScopes: { signedIn: true },
    description:
      'The signed-in person’s place: the one chosen with setMyLocation, else their profile’s city, else the city near the place of their latest plan (created, or answered attending or interested); null when none names a place.',
    resolve: async (_root, _args, context) => {
      const me = await requireViewerUser(context);
      return myLocation(context, me.id);
    },
  }),
}));
