import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { places } from './places.ts';

/**
 * Messages of a deleted account are kept in shared chats but re-pointed to this placeholder, created
 * by the accounts migration, so nothing links them to the person any more.
 */
export const DELETED_USER_KEY = 'deleteduser';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    username: text('username').notNull(),
    first: text('first').notNull().default(''),
    last: text('last').notNull().default(''),
    /** Media path of the avatar (`/media/<blob key>`), or null for initials. */
    image: text('image'),
    bio: text('bio').notNull().default(''),
    email: text('email'),
    phone: text('phone'),
    isPublic: boolean('is_public').notNull().default(true),
    isVerified: boolean('is_verified').notNull().default(false),
    birthday: date('birthday'),
    smsContactsOptin: boolean('sms_contacts_optin').notNull().default(false),
    locationCity: text('location_city'),
    latitude: integer('latitude_e6'),
    longitude: integer('longitude_e6'),
    /** The city of the person's profile (a `places` row); location_city and the coordinates copy it. */
    placeId: integer('place_id').references((): AnyPgColumn => places.id, { onDelete: 'set null' }),
    /** The place chosen with setMyLocation (decision 0016); myLocation answers it first. */
    myLocationPlaceId: integer('my_location_place_id').references((): AnyPgColumn => places.id, {
      onDelete: 'set null',
    }),
    isDemo: boolean('is_demo').notNull().default(false),
    /** The address was proven with a one-time code or by the OpenID provider. */
    emailVerified: boolean('email_verified').notNull().default(false),
    /** The number was proven with a one-time code. */
    phoneVerified: boolean('phone_verified').notNull().default(false),
    /** When the person chose a username and name; null while onboarding is still to do. */
    onboardedAt: timestamp('onboarded_at', { withTimezone: true }),
    /** A moderator hid the profile (decision 0018): only the person and site administrators see it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** A moderator suspended the account (decision 0018): signed out everywhere, cannot sign in. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /**
     * People who follow this person (follows with status FOLLOWING), kept by triggers on follows
     * (migration 0029, decision 0051): explore's popular people and featured people to follow rank
     * by it without counting every candidate's followers.
     */
    followerCount: integer('follower_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower').on(sql`lower(${t.email})`),
    uniqueIndex('users_phone').on(t.phone),
    // Explore near a place (decisions 0016, 0026): withinBox's box of latitudes and longitudes, so a city's rows are read, not the table's.
    index('users_place').on(t.latitude, t.longitude),
    // The people explore may show near a place, read from the index alone (explorablePerson: the
    // rest of its rule reads only these columns): a city's box read ~400 rows from ~400 heap pages
    // (3.8 ms of a 5.7 ms statement; 1.1 ms from this index).
    index('users_place_explorable')
      .on(t.latitude, t.longitude, t.id, t.isVerified, t.key)
      .where(sql`is_public AND onboarded_at IS NOT NULL AND hidden_at IS NULL AND suspended_at IS NULL`),
    index('users_name_trgm').using(
      'gin',
      sql`(${t.first} || ' ' || ${t.last} || ' ' || ${t.username}) gin_trgm_ops`,
    ),
    // Search (decision 0015): search_tsv and search_names are stored generated columns made by migration
    // 0012 (not declared here, so rows read by the app do not carry them).
    index('users_search_tsv').using('gin', sql`search_tsv`),
    // Follow suggestions (follow-suggestions.ts): the newest people after those with a reason, read
    // from the newest on instead of sorting every person.
    index('users_created_at').on(t.createdAt.desc(), t.id),
  ],
);

/** What a change code confirms; `organization` proves an address on an organization's domain (decision 0019). */
export type ProfileChangePurpose = 'email' | 'phone' | 'privacy' | 'organization';

/**
 * A change waiting for its one-time code: a new e-mail address or phone number (the code went to
 * that new address), or a private-profile change (the code went to the person's own address).
 * At most one per person and purpose; asking again replaces it.
 */
export const profileChangeCodes = pgTable(
  'profile_change_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<ProfileChangePurpose>().notNull(),
    /** The new e-mail address or E.164 number, or where a privacy code was sent. */
    target: text('target').notNull(),
    /** The requested change, e.g. `{ "isPublic": false }`. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** HMAC of the code with the server secret; the code itself is never stored. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('profile_change_codes_user_purpose').on(t.userId, t.purpose)],
);
