import { and, eq, sql } from 'drizzle-orm';
import { checkBio, checkBirthday, checkFirstName, checkLastName, type TextCheck } from '@plaza/core/profile';
import { isProvisionalUsername } from '@plaza/core/username';
import { uploads, users } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput } from '../../graphql/errors.ts';
import { PLACE_KINDS, findPlace } from '../places/place-rows.ts';
import { USERNAME_TAKEN_MESSAGE, checkUsernameAvailability } from './check-username-availability.ts';
import { assertContactFree, parseEmail, parsePhone } from './contact-inputs.ts';
import type { UserRow } from './find-user.ts';
import { requestContactChange } from './request-contact-change.ts';

/** Fields of `updateProfile(user: …)`; absent fields are left as they are. */
export interface ProfileInput {
  first?: string | null;
  last?: string | null;
  username?: string | null;
  bio?: string | null;
  /** A media path from `POST /media/upload`, or null to remove the photo. */
  image?: string | null;
  /** YYYY-MM-DD, or null to remove it. */
  birthday?: string | null;
  /** A new address: not changed here; a code goes to it (verifyEmailChange). */
  email?: string | null;
  /** A new number: not changed here; a code goes to it (verifyPhoneChange). */
  phone?: string | null;
  /** The profile's city (a city place from searchLocations), or null to remove it (decision 0016). */
  placeId?: string | number | null;
}

const UPLOADED_IMAGE = /^\/media\/([A-Za-z0-9]{16})\.webp$/;

function valid(field: string, check: TextCheck): string {
  if (!check.valid) throw badUserInput(field, check.message);
  return check.value;
}

/**
 * Updates what a person says about themselves. Everything is checked before anything is saved, so
 * one bad field saves nothing. A new e-mail address or phone number is only confirmed by a code
 * sent to it. Onboarding ends with the first update that leaves a chosen username and a first name.
 */
export async function updateProfile(
  context: RequestContext,
  user: UserRow,
  input: ProfileInput,
): Promise<UserRow> {
  const { db } = context.store;
  const set: Partial<typeof users.$inferInsert> = {};

  if (input.first != null) set.first = valid('first', checkFirstName(input.first));
  if (input.last != null) set.last = valid('last', checkLastName(input.last));
  if (input.bio !== undefined) set.bio = input.bio === null ? '' : valid('bio', checkBio(input.bio));
  if (input.birthday !== undefined) {
    set.birthday = input.birthday === null ? null : valid('birthday', checkBirthday(input.birthday));
  }
  if (input.username != null) {
    const availability = await checkUsernameAvailability(context, input.username);
    if (!availability.isAvailable)
      throw badUserInput('username', availability.message ?? USERNAME_TAKEN_MESSAGE);
    set.username = availability.username;
  }
  if (input.image !== undefined) {
    if (input.image === null) set.image = null;
    else {
      const key = UPLOADED_IMAGE.exec(input.image)?.[1];
      const [upload] = key
        ? await db
            .select({ id: uploads.id })
            .from(uploads)
            .where(and(eq(uploads.key, key), eq(uploads.userId, user.id)))
        : [];
      if (!upload)
        throw badUserInput('image', 'Upload the photo first (POST /media/upload) and pass its path.');
      set.image = input.image;
    }
  }
  if (input.placeId !== undefined) {
    // Only a city: a venue may be someone's home, and profiles show the place to others.
    const place = input.placeId === null ? null : await findPlace(db, input.placeId, user.id);
    if (input.placeId !== null && place?.kind !== PLACE_KINDS.city)
      throw badUserInput('placeId', 'Choose a city from the list.');
    set.placeId = place?.id ?? null;
    set.locationCity = place?.name ?? null;
    set.latitude = place?.latitude ?? null;
    set.longitude = place?.longitude ?? null;
  }
  const email = input.email != null ? parseEmail(input.email) : null;
  const phone = input.phone != null ? parsePhone(input.phone) : null;

  const newEmail = email && email !== user.email?.toLowerCase() ? email : null;
  const newPhone = phone && phone !== user.phone ? phone : null;
  if (newEmail) await assertContactFree(db, user.id, 'email', newEmail);
  if (newPhone) await assertContactFree(db, user.id, 'phone', newPhone);
  if (newEmail) await requestContactChange(context, user.id, 'email', newEmail);
  if (newPhone) await requestContactChange(context, user.id, 'phone', newPhone);

  const first = set.first ?? user.first;
  const username = set.username ?? user.username;
  if (!user.onboardedAt && first !== '' && !isProvisionalUsername(username)) set.onboardedAt = new Date();
  if (Object.keys(set).length === 0) return user;
  try {
    const [updated] = await db
      .update(users)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(users.id, user.id))
      .returning();
    return updated ?? user;
  } catch (error) {
    // Two people may reach for the same name at once; the unique index decides.
    if (isUniqueViolation(error)) throw badUserInput('username', USERNAME_TAKEN_MESSAGE);
    throw error;
  }
}
