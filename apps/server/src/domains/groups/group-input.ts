import { and, eq, sql } from 'drizzle-orm';
import { isAccessMask } from '@plaza/core/access-mask';
import { defaultGroupAccessLevels, type GroupAccessLevels } from '@plaza/core/group-roles';
import { checkGroupPayment } from '@plaza/core/paid-content';
import type { Database } from '../../db/client.ts';
import type { groups } from '../../db/schema/index.ts';
import { hashtags, uploads } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput, plazaError } from '../../graphql/errors.ts';
import { canCreatePaidContent } from '../payments/can-create-paid-content.ts';

/** Fields of createGroup(group) and updateGroup(id, group); absent fields keep their value. */
export interface GroupInput {
  title?: string | null;
  description?: string | null;
  /** A media path from POST /media/upload (uploaded by the caller), or null to remove the cover. */
  image?: string | null;
  isPublic?: boolean | null;
  hasJoinRequests?: boolean | null;
  /** ENABLED or DISABLED; BLOCKED is set by moderation only. */
  exploreStatus?: string | null;
  hashtags?: Array<{ name: string; emoji?: string | null }> | null;
  location?: {
    name?: string | null;
    address?: string | null;
    city?: string | null;
    state?: string | null;
    coordinates?: { latitude: number; longitude: number } | null;
  } | null;
  payment?: { price?: number | null; recurrence?: string | null } | null;
  accessLevels?: Partial<Omit<GroupAccessLevels, 'view'>> | null;
}

export const GROUP_LIMITS = { title: 80, description: 2000, hashtags: 10, hashtag: 40 } as const;

const UPLOADED_IMAGE = /^\/media\/([A-Za-z0-9]{16})\.webp$/;
const HASHTAG = /^[\p{L}\p{N}_]+$/u;

export interface CheckedGroupInput {
  set: Partial<typeof groups.$inferInsert>;
  hashtags: Array<{ name: string; emoji: string | null }> | null;
}

function text(field: string, value: string, max: number, required: boolean): string {
  const trimmed = value.trim();
  if (required && trimmed === '') throw badUserInput(field, 'Give the group a title.');
  if (trimmed.length > max) throw badUserInput(field, `At most ${max} characters.`);
  return trimmed;
}

const optionalText = (field: string, value: string | null | undefined) =>
  value == null || value.trim() === '' ? null : text(field, value, 200, false);

/**
 * Checks every field before anything is saved, so one bad field saves nothing. Making a group paid
 * needs the paid-content check (decision 0008).
 */
export async function checkGroupInput(
  context: RequestContext,
  actorId: number,
  input: GroupInput,
  mode: 'create' | 'update',
): Promise<CheckedGroupInput> {
  const set: Partial<typeof groups.$inferInsert> = {};
  if (mode === 'create' || input.title != null)
    set.title = text('title', input.title ?? '', GROUP_LIMITS.title, true);
  if (input.description !== undefined)
    set.description = text('description', input.description ?? '', GROUP_LIMITS.description, false);
  if (input.image !== undefined) set.image = await checkImage(context.store.db, actorId, input.image);
  if (input.isPublic != null) {
    set.isPublic = input.isPublic;
    const levels = defaultGroupAccessLevels(input.isPublic);
    set.viewMask = levels.view;
    set.joinMask = levels.join;
  }
  if (input.hasJoinRequests != null) set.hasJoinRequests = input.hasJoinRequests;
  if (input.exploreStatus != null) {
    if (input.exploreStatus !== 'ENABLED' && input.exploreStatus !== 'DISABLED')
      throw badUserInput('exploreStatus', 'exploreStatus is ENABLED or DISABLED.');
    set.exploreStatus = input.exploreStatus;
  }
  if (input.location !== undefined) {
    const location = input.location;
    const coordinates = location?.coordinates ?? null;
    if (coordinates) {
      const { latitude, longitude } = coordinates;
      if (!(Math.abs(latitude) <= 90) || !(Math.abs(longitude) <= 180))
        throw badUserInput('location', 'Coordinates are a latitude (-90..90) and a longitude (-180..180).');
    }
    set.locationName = optionalText('location', location?.name);
    set.address = optionalText('location', location?.address);
    set.city = optionalText('location', location?.city);
    set.state = optionalText('location', location?.state);
    set.latitude = coordinates ? Math.round(coordinates.latitude * 1e6) : null;
    set.longitude = coordinates ? Math.round(coordinates.longitude * 1e6) : null;
  }
  if (input.accessLevels) {
    const levels = input.accessLevels;
    const columns = {
      join: 'joinMask',
      createChatImage: 'createChatImageMask',
      createChatMessage: 'createChatMessageMask',
      createChatPoll: 'createChatPollMask',
      createChatVideo: 'createChatVideoMask',
      createPlan: 'createPlanMask',
    } as const;
    for (const [name, column] of Object.entries(columns) as Array<
      [keyof typeof columns, (typeof columns)[keyof typeof columns]]
    >) {
      const mask = levels[name];
      if (mask == null) continue;
      if (!isAccessMask(mask))
        throw badUserInput('accessLevels', `${name} is a mask of the access bits 1 to 128.`);
      set[column] = mask;
    }
  }
  let checkedHashtags: CheckedGroupInput['hashtags'] = null;
  if (input.hashtags != null) {
    if (input.hashtags.length > GROUP_LIMITS.hashtags)
      throw badUserInput('hashtags', `At most ${GROUP_LIMITS.hashtags} hashtags.`);
    const seen = new Set<string>();
    checkedHashtags = [];
    for (const tag of input.hashtags) {
      const name = tag.name.trim().replace(/^#/, '');
      if (!HASHTAG.test(name) || name.length > GROUP_LIMITS.hashtag)
        throw badUserInput('hashtags', `A hashtag is 1 to ${GROUP_LIMITS.hashtag} letters, digits or _.`);
      const emoji = tag.emoji?.trim() || null;
      if (emoji !== null && (emoji.length > 16 || /[\p{L}\p{N}\s]/u.test(emoji)))
        throw badUserInput('hashtags', 'A hashtag’s emoji is a single emoji.');
      if (seen.has(name.toLowerCase())) continue;
      seen.add(name.toLowerCase());
      checkedHashtags.push({ name, emoji });
    }
    set.hashtags = checkedHashtags.map((tag) => tag.name);
  }
  if (input.payment !== undefined) {
    const checked = checkGroupPayment(input.payment ?? {});
    if (!checked.valid) throw badUserInput(checked.field, checked.message);
    if (checked.cents > 0) {
      const paid = await canCreatePaidContent(context);
      if (!paid.canCreatePaidEntities) throw plazaError('FORBIDDEN', paid.message, { action: paid.action });
    }
    set.priceCents = checked.cents > 0 ? checked.cents : null;
    set.priceRecurrence = checked.payment?.recurrence ?? null;
  }
  return { set, hashtags: checkedHashtags };
}

export async function checkImage(db: Database, userId: number, image: string | null): Promise<string | null> {
  if (image === null) return null;
  const key = UPLOADED_IMAGE.exec(image)?.[1];
  const [upload] = key
    ? await db
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.key, key), eq(uploads.userId, userId)))
    : [];
  if (!upload)
    throw badUserInput('image', 'Upload the picture first (POST /media/upload) and pass its path.');
  return image;
}

/** Adds new hashtags to the catalogue; an emoji is kept from the first group that gave one. */
export async function saveHashtags(db: Database, tags: Array<{ name: string; emoji: string | null }>) {
  for (const tag of tags) {
    await db.execute(sql`INSERT INTO ${hashtags} (name, emoji) VALUES (${tag.name}, ${tag.emoji})
      ON CONFLICT ((lower(name))) DO UPDATE SET emoji = COALESCE(hashtags.emoji, excluded.emoji)`);
  }
}
