import { GROUP_CARD_FIELDS, type GroupCard } from '../groups/group-data.ts';
import { PLAN_CARD_FIELDS, type PlanCard } from '../plans/plan-data.ts';
import { PERSON_FIELDS, type PersonCard } from '../social/people.ts';

/** The place an exploration is near, as the page names it. */
export interface ExplorePlace {
  id: string;
  name: string;
  slug: string;
  description: string;
  kind: 'CITY' | 'VENUE';
}

const PLACE_FIELDS = 'id name slug description kind';

/** A plan as an explore tile shows it: the card's fields and its picture. */
export type ExplorePlan = PlanCard;

export interface ExploreAnswer {
  explore: {
    place: ExplorePlace | null;
    radiusKm: number;
    plans: ExplorePlan[];
    groups: GroupCard[];
    people: PersonCard[];
    nextMarker: string | null;
  };
}

export const EXPLORE = `query Explore($place: String, $near: CoordinatesInput, $filter: ExploreFilter, $sort: ExploreSort, $text: String, $marker: String) {
  explore(place: $place, near: $near, filter: $filter, sort: $sort, text: $text, marker: $marker) {
    place { ${PLACE_FIELDS} }
    radiusKm
    plans { ${PLAN_CARD_FIELDS} }
    groups { ${GROUP_CARD_FIELDS} }
    people { ${PERSON_FIELDS} }
    nextMarker
  }
}`;

export interface HashtagChip {
  name: string;
  emoji: string | null;
}

export interface HashtagCategoryCard {
  key: string;
  slug: string;
  name: string;
  variant: string | null;
  hashtags: HashtagChip[];
}

export const HASHTAG_CATEGORIES = `query HashtagCategories {
  hashtagCategories(withHashtags: true) { key slug name variant hashtags { name emoji } }
}`;

/** A plan idea of featuredContentSuggestions: a name, a good date and the plan form's preset. */
export interface SuggestedInvite {
  name: string;
  priority: number;
  date: string | null;
  color: string;
  contentImage: string | null;
  preset: string | null;
}

export const SUGGESTED_INVITES = `query SuggestedInvites {
  featuredContentSuggestions { suggestedInvites { name priority date color contentImage preset } }
}`;

export const SET_MY_LOCATION = `mutation SetMyLocation($placeId: ID) {
  setMyLocation(placeId: $placeId) { ${PLACE_FIELDS} }
}`;

export const PLACE_BY_ID = `query PlaceById($id: ID!) { getLocationDetails(id: $id) { ${PLACE_FIELDS} } }`;
export const PLACE_BY_TEXT = `query PlaceByText($q: String!) { searchLocations(q: $q) { ${PLACE_FIELDS} } }`;
