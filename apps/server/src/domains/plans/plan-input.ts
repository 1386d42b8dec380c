import { isAccessMask, ACCESS_LEVEL } from '@plaza/core/access-mask';
import { defaultPlanAccessLevels, isPublicPlanMask, type PlanAccessLevels } from '@plaza/core/plan-access';
import { checkRecurrence, type PlanRecurrence } from '@plaza/core/plan-occurrences';
import {
  DEFAULT_PLAN_LENGTH_MS,
  isTimeZone,
  nextFullHour,
  parsePlanTime,
  planTimeZone,
} from '@plaza/core/plan-time';
import type { plans } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput } from '../../graphql/errors.ts';
import { checkImage } from '../groups/group-input.ts';
import { checkPlanOrganization } from '../organizations/check-plan-organization.ts';
import { findPlace } from '../places/place-rows.ts';
import { timeZoneAt } from '../places/time-zone-at.ts';
import type { PlanRow } from './plan-loaders.ts';

/** Fields of createPlan(plan) and updatePlan(key, plan); absent fields keep their value. */
export interface PlanInput {
  title?: string | null;
  description?: string | null;
  image?: string | null;
  link?: string | null;
  outUrl?: string | null;
  isPublic?: boolean | null;
  allDay?: boolean | null;
  /** A date (all-day), a wall-clock time in the plan's zone, or an instant with an offset. */
  start?: string | null;
  /** Exclusive: an all-day plan's end date is sent one day later (spec 5). */
  end?: string | null;
  timezone?: string | null;
  location?: {
    /** A place of searchLocations: fills name, address, city, state and coordinates from it. */
    placeId?: string | number | null;
    name?: string | null;
    address?: string | null;
    city?: string | null;
    state?: string | null;
    coordinates?: { latitude: number; longitude: number } | null;
    query?: string | null;
  } | null;
  hashtags?: string[] | null;
  /** null removes the repetition. */
  recurring?: {
    frequency: string;
    byDay?: string[] | null;
    monthly?: string | null;
    endDate?: string | null;
  } | null;
  chat?: boolean | null;
  exploreStatus?: string | null;
  accessLevels?: Partial<PlanAccessLevels> | null;
  /** The organization whose people may see the plan (spec 6); null for none. */
  organizationId?: number | null;
}

export const PLAN_LIMITS = { title: 120, description: 5000, hashtags: 10, hashtag: 40, text: 300 } as const;

const HASHTAG = /^[\p{L}\p{N}_]+$/u;

export type PlanValues = Partial<typeof plans.$inferInsert>;

function text(field: string, value: string | null | undefined, max: number): string | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed.length > max) throw badUserInput(field, `At most ${max} characters.`);
  return trimmed === '' ? null : trimmed;
}

function webLink(field: string, value: string | null | undefined): string | null {
  const link = text(field, value, 2000);
  if (link === null) return null;
  if (!URL.canParse(link) || !/^https?:$/.test(new URL(link).protocol))
    throw badUserInput(field, 'A link starts with http:// or https://.');
  return link;
}

const micro = (degrees: number) => Math.round(degrees * 1e6);

/**
 * Checks every field of a plan before anything is saved, so one bad field saves nothing, and
 * answers the columns to write. `existing` is the plan being updated (ALL: the series row). Spec 5:
 * times are read in the plan's zone, UTC when it has no address or city; a missing start or end
 * falls back to the next full hour and one hour later; a public plan cannot repeat; only public
 * plans keep hashtags.
 */
export async function checkPlanInput(
  context: RequestContext,
  actorId: number,
  input: PlanInput,
  existing: PlanRow | null,
  options: { inGroup: boolean },
): Promise<PlanValues> {
  const set: PlanValues = {};
  if (!existing || input.title != null) {
    const title = text('title', input.title, PLAN_LIMITS.title);
    if (title === null) throw badUserInput('title', 'Give the plan a title.');
    set.title = title;
  }
  if (input.description !== undefined)
    set.description = text('description', input.description, PLAN_LIMITS.description) ?? '';
  if (input.image !== undefined) set.image = await checkImage(context.store.db, actorId, input.image);
  if (input.link !== undefined) set.link = webLink('link', input.link);
  if (input.outUrl !== undefined) set.outUrl = webLink('outUrl', input.outUrl);
  if (input.chat != null) set.chatEnabled = input.chat;
  if (input.organizationId !== undefined)
    set.organizationId = await checkPlanOrganization(
      context.store.db,
      actorId,
      input.organizationId,
      existing?.organizationId ?? null,
    );
  if (input.exploreStatus != null) {
    if (input.exploreStatus !== 'ENABLED' && input.exploreStatus !== 'DISABLED')
      throw badUserInput('exploreStatus', 'exploreStatus is ENABLED or DISABLED.');
    set.exploreStatus = input.exploreStatus;
  }

  if (input.location !== undefined) {
    const location = input.location ?? {};
    set.locationQuery = text('location.query', location.query, PLAN_LIMITS.text);
    const placeId = location.placeId == null ? '' : String(location.placeId).trim();
    if (placeId !== '') {
      // A place picked from searchLocations: the server fills the rest from it.
      const place = await findPlace(context.store.db, placeId, actorId);
      if (!place) throw badUserInput('location.placeId', 'This place could not be found.');
      set.locationName = place.name;
      set.address = place.address.trim() || null;
      set.city = place.city.trim() || null;
      set.state = place.state;
      set.latitude = place.latitude;
      set.longitude = place.longitude;
    } else {
      set.locationName = text('location.name', location.name, PLAN_LIMITS.text);
      set.address = text('location.address', location.address, PLAN_LIMITS.text);
      set.city = text('location.city', location.city, PLAN_LIMITS.text);
      set.state = text('location.state', location.state, PLAN_LIMITS.text);
      const coordinates = location.coordinates;
      if (coordinates && (Math.abs(coordinates.latitude) > 90 || Math.abs(coordinates.longitude) > 180))
        throw badUserInput('location.coordinates', 'Latitude is within ±90 and longitude within ±180.');
      set.latitude = coordinates ? micro(coordinates.latitude) : null;
      set.longitude = coordinates ? micro(coordinates.longitude) : null;
    }
  }

  if (input.timezone != null && !isTimeZone(input.timezone))
    throw badUserInput('timezone', 'This is not a known time zone (IANA name, e.g. Europe/Berlin).');
  // A place with coordinates decides the zone (decision 0010); the sent zone serves places without.
  const latitude = set.latitude !== undefined ? set.latitude : (existing?.latitude ?? null);
  const longitude = set.longitude !== undefined ? set.longitude : (existing?.longitude ?? null);
  const zoneAtPlace =
    latitude !== null && longitude !== null ? timeZoneAt(latitude / 1e6, longitude / 1e6) : null;
  const timezone = planTimeZone({
    timezone: zoneAtPlace ?? input.timezone ?? existing?.timezone,
    address: set.address !== undefined ? set.address : existing?.address,
    city: set.city !== undefined ? set.city : existing?.city,
  });
  const zoneChanged = !existing || timezone !== existing.timezone;
  if (zoneChanged) set.timezone = timezone;

  const allDay = input.allDay ?? existing?.allDay ?? false;
  if (input.allDay != null) set.allDay = input.allDay;
  const read = (field: 'start' | 'end', value: string) => {
    const instant = parsePlanTime(value, timezone);
    if (!instant) throw badUserInput(field, 'Give a date (YYYY-MM-DD) or a time (YYYY-MM-DDTHH:mm).');
    return instant;
  };
  const given = { start: input.start?.trim() || null, end: input.end?.trim() || null };
  if (!existing || given.start || given.end || input.allDay != null) {
    const length = existing
      ? existing.endsAt.getTime() - existing.startsAt.getTime()
      : allDay
        ? 86_400_000
        : DEFAULT_PLAN_LENGTH_MS;
    const startsAt = given.start
      ? read('start', given.start)
      : (existing?.startsAt ?? nextFullHour(new Date(), timezone));
    const endsAt = given.end ? read('end', given.end) : new Date(startsAt.getTime() + length);
    if (endsAt.getTime() <= startsAt.getTime()) throw badUserInput('end', 'The end is before the start.');
    set.startsAt = startsAt;
    set.endsAt = endsAt;
  }

  const wasPublic = existing ? isPublicPlanMask(existing.viewMask) : false;
  const isPublic = input.isPublic ?? wasPublic;
  if (!existing || input.isPublic != null || input.accessLevels != null) {
    // A new plan, or a change of the public flag, starts from the default masks.
    const levels =
      existing && input.isPublic == null
        ? null
        : defaultPlanAccessLevels({ isPublic, inGroup: options.inGroup });
    const current: PlanAccessLevels = levels ?? {
      view: existing!.viewMask,
      modify: existing!.modifyMask,
      share: existing!.shareMask,
      createChatImage: existing!.createChatImageMask,
      createChatMessage: existing!.createChatMessageMask,
      createChatPoll: existing!.createChatPollMask,
      createChatVideo: existing!.createChatVideoMask,
    };
    for (const [name, mask] of Object.entries(input.accessLevels ?? {})) {
      if (mask == null) continue;
      if (!isAccessMask(mask))
        throw badUserInput(`accessLevels.${name}`, 'An access mask is made of the bits 1 to 128.');
      current[name as keyof PlanAccessLevels] = mask;
    }
    // The public flag decides the public bit; the creator always sees and changes their plan.
    current.view =
      (isPublic ? current.view | ACCESS_LEVEL.public : current.view & ~ACCESS_LEVEL.public) |
      ACCESS_LEVEL.creator;
    current.modify |= ACCESS_LEVEL.creator;
    set.viewMask = current.view;
    set.modifyMask = current.modify;
    set.shareMask = current.share;
    set.createChatImageMask = current.createChatImage;
    set.createChatMessageMask = current.createChatMessage;
    set.createChatPollMask = current.createChatPoll;
    set.createChatVideoMask = current.createChatVideo;
  }

  if (input.hashtags != null || input.isPublic != null) {
    const tags = input.hashtags ?? existing?.hashtags ?? [];
    if (tags.length > PLAN_LIMITS.hashtags)
      throw badUserInput('hashtags', `At most ${PLAN_LIMITS.hashtags} hashtags.`);
    const names = tags.map((tag) => tag.trim().replace(/^#/, ''));
    if (names.some((name) => !HASHTAG.test(name) || name.length > PLAN_LIMITS.hashtag))
      throw badUserInput('hashtags', 'A hashtag is letters, digits and underscores.');
    // Spec 5: hashtags belong to public plans only.
    set.hashtags = isPublic ? [...new Set(names)] : [];
  }

  const recurringGiven = input.recurring !== undefined;
  let recurrence: PlanRecurrence | null = recurringGiven ? null : (existing?.recurrence ?? null);
  if (input.recurring) {
    const checked = checkRecurrence(input.recurring, set.startsAt ?? existing!.startsAt, timezone);
    if ('problem' in checked) throw badUserInput(checked.problem.field, checked.problem.message);
    recurrence = checked.recurrence;
  }
  if (recurrence && isPublic) throw badUserInput('recurring', 'A public plan cannot repeat.');
  if (recurringGiven || (recurrence && (set.startsAt || zoneChanged))) {
    if (recurrence?.endDate) {
      const again = checkRecurrence(recurrence, set.startsAt ?? existing!.startsAt, timezone);
      if ('problem' in again) throw badUserInput(again.problem.field, again.problem.message);
    }
    set.recurrence = recurrence;
  }
  return set;
}
