import { and, eq, inArray } from 'drizzle-orm';
import { fullName } from '@plaza/core/profile';
import { profileChangeCodes } from '../../db/schema/index.ts';
import { builder } from '../../graphql/builder.ts';
import { sharedAcrossViewers } from '../../graphql/subscription-events.ts';
import { firebaseTokenOfSession } from '../push/push-subscriptions.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { checkUsernameAvailability, type UsernameAvailability } from './check-username-availability.ts';
import { confirmPrivacyChange } from './confirm-privacy-change.ts';
import { parseEmail, parsePhone } from './contact-inputs.ts';
import { deleteAccount } from './delete-account.ts';
import type { UserRow } from './find-user.ts';
import { listSignInAccounts, type SignInAccount } from './list-sign-in-accounts.ts';
import { requestPrivacyChange, type PrivacyChallenge } from './request-privacy-change.ts';
import { requireViewerUser } from './require-viewer-user.ts';
import { updateProfile } from './update-profile.ts';
import { updateSmsConsent } from './update-sms-consent.ts';
import { verifyContactChange } from './verify-contact-change.ts';
import { isVerifiedPerson, primaryOrganizationId } from '../organizations/user-organizations.ts';
import { listPeople, type PeopleList } from '../social/list-people.ts';
import { canSeeProfileDetails } from '../social/profile-access.ts';

const MYSELF_LIST_LIMIT = 500;

const isSelf = (user: UserRow, context: RequestContext) => context.viewer?.id === user.id;

async function pendingChange(user: UserRow, context: RequestContext, purpose: 'email' | 'phone') {
  if (!isSelf(user, context)) return null;
  const [row] = await context.store.db
    .select({ target: profileChangeCodes.target, expiresAt: profileChangeCodes.expiresAt })
    .from(profileChangeCodes)
    .where(and(eq(profileChangeCodes.userId, user.id), inArray(profileChangeCodes.purpose, [purpose])));
  return row && row.expiresAt.getTime() > Date.now() ? row.target : null;
}

/** A person (spec 3 "User"). E-mail, phone, birthday and pending changes are shown only to the person. */
export const UserRef = builder.objectRef<UserRow>('User').implement({
  // What a chat message shows of its sender (subscription-events.ts); the rest may depend on the viewer.
  extensions: sharedAcrossViewers(['id', 'key', 'username', 'first', 'last', 'fullName', 'image']),
  fields: (t) => ({
    id: t.exposeInt('id'),
    key: t.exposeString('key'),
    username: t.exposeString('username'),
    first: t.exposeString('first'),
    last: t.exposeString('last'),
    fullName: t.string({ resolve: (user) => fullName(user.first, user.last, user.username) }),
    image: t.exposeString('image', {
      nullable: true,
      description: 'Media path of the 1x photo; -2x and -3x variants sit beside it.',
    }),
    bio: t.string({
      description: 'Empty for strangers to a private profile.',
      resolve: async (user, _args, context) => ((await canSeeProfileDetails(context, user)) ? user.bio : ''),
    }),
    city: t.string({
      nullable: true,
      description:
        'The city of the profile (updateProfile placeId); null for strangers to a private profile.',
      resolve: async (user, _args, context) =>
        user.locationCity?.trim() && (await canSeeProfileDetails(context, user)) ? user.locationCity : null,
    }),
    organizationId: t.int({
      nullable: true,
      description: 'The person’s primary organization (the first they joined); null where the bio is hidden.',
      resolve: (user, _args, context) => primaryOrganizationId(context, user),
    }),
    isPublic: t.exposeBoolean('isPublic'),
    isVerified: t.boolean({
      description: 'Verified by Plaza, or by an organization the person belongs to (User.organizations).',
      resolve: (user, _args, context) => isVerifiedPerson(context, user),
    }),
    signupDate: t.string({ resolve: (user) => user.createdAt.toISOString() }),
    email: t.string({
      nullable: true,
      resolve: (user, _args, context) => (isSelf(user, context) ? user.email : null),
    }),
    phone: t.string({
      nullable: true,
      resolve: (user, _args, context) => (isSelf(user, context) ? user.phone : null),
    }),
    birthday: t.string({
      nullable: true,
      description: 'YYYY-MM-DD.',
      resolve: (user, _args, context) => (isSelf(user, context) ? user.birthday : null),
    }),
    smsContactsOptin: t.boolean({
      nullable: true,
      description:
        'Whether Plaza may text the person’s contacts for them (updateProfileConsent); only for the person, null for others.',
      resolve: (user, _args, context) => (isSelf(user, context) ? user.smsContactsOptin : null),
    }),
    pendingEmail: t.string({
      nullable: true,
      description: 'A new address waiting for verifyEmailChange (only for the person).',
      resolve: (user, _args, context) => pendingChange(user, context, 'email'),
    }),
    pendingPhone: t.string({
      nullable: true,
      description: 'A new number waiting for verifyPhoneChange (only for the person).',
      resolve: (user, _args, context) => pendingChange(user, context, 'phone'),
    }),
  }),
});

const AccountRef = builder.objectRef<SignInAccount>('Account').implement({
  description: 'A way the person signs in, or their account with an organization.',
  fields: (t) => ({
    id: t.exposeID('id'),
    type: t.exposeString('type', { description: 'EMAIL, PHONE, OIDC or ORGANIZATION.' }),
    email: t.exposeString('email', { nullable: true }),
    organizationId: t.exposeInt('organizationId', { nullable: true }),
  }),
});

interface Myself {
  user: UserRow;
  withLists: boolean;
}

export const MyselfRef = builder.objectRef<Myself>('Myself').implement({
  description: 'The signed-in person (spec 7.2 myself).',
  fields: (t) => {
    const socialList = (list: PeopleList, description: string) =>
      t.field({
        type: [UserRef],
        nullable: true,
        description: `${description} Only with full or withFriends; at most ${MYSELF_LIST_LIMIT}, the rest through myFriends.`,
        resolve: async (myself, _args, context) =>
          myself.withLists
            ? (
                await listPeople(context.store.db, {
                  list,
                  personId: myself.user.id,
                  viewerId: myself.user.id,
                  limit: MYSELF_LIST_LIMIT,
                })
              ).users
            : null,
      });
    return {
      user: t.field({ type: UserRef, resolve: (myself) => myself.user }),
      needsOnboarding: t.boolean({
        description: 'True until the person has chosen a username and a first name.',
        resolve: (myself) => myself.user.onboardedAt === null,
      }),
      firebaseToken: t.string({
        nullable: true,
        description:
          'The native push token this session registered with registerFirebaseToken, or null (web push uses subscribePush).',
        resolve: (_myself, _args, context) =>
          context.viewer
            ? firebaseTokenOfSession(context.store.db, context.viewer.id, context.viewer.sessionId)
            : null,
      }),
      accounts: t.field({
        type: [AccountRef],
        resolve: (myself, _args, context) => listSignInAccounts(context.store.db, myself.user),
      }),
      mutual: socialList('friends', 'Friends: people who follow each other with the person.'),
      following: socialList('following', 'People the person follows (friends included).'),
      followingRequests: socialList('followingRequests', 'Follow requests the person sent.'),
      followers: socialList('followers', 'People who follow the person (friends included).'),
      followerRequests: socialList('followerRequests', 'Follow requests the person received.'),
      blocked: socialList('blocked', 'People the person blocked (to unblock them).'),
    };
  },
});

const UsernameCheckRef = builder.objectRef<UsernameAvailability>('UsernameCheck').implement({
  fields: (t) => ({
    username: t.exposeString('username', { description: 'The username as it would be saved.' }),
    isAvailable: t.exposeBoolean('isAvailable'),
    message: t.exposeString('message', { nullable: true, description: 'Why not, for the person.' }),
  }),
});

const SmsOptInRef = builder.objectRef<{ smsContactsOptin: boolean }>('SmsOptIn').implement({
  fields: (t) => ({ smsContactsOptin: t.exposeBoolean('smsContactsOptin') }),
});

const PrivacyChallengeRef = builder.objectRef<PrivacyChallenge>('ProfilePrivateConfirmation').implement({
  description: 'Where the confirmation code for a privacy change went.',
  fields: (t) => ({
    channel: t.exposeString('channel', { description: 'EMAIL or PHONE.' }),
    sentTo: t.exposeString('sentTo', { description: 'The address or number, partly hidden.' }),
  }),
});

const UpdateProfileInput = builder.inputType('UpdateProfileInput', {
  description: 'Absent fields stay as they are. A new email or phone is confirmed by a code sent to it.',
  fields: (t) => ({
    first: t.string(),
    last: t.string(),
    username: t.string(),
    bio: t.string(),
    image: t.string({ description: 'A path returned by POST /media/upload, or null to remove the photo.' }),
    birthday: t.string({ description: 'YYYY-MM-DD, or null to remove it.' }),
    email: t.string(),
    phone: t.string(),
    placeId: t.id({ description: 'A city from searchLocations for the profile, or null to remove it.' }),
  }),
});

const ProfilePrivateInput = builder.inputType('ProfilePrivateInput', {
  fields: (t) => ({ isPublic: t.boolean({ required: true }) }),
});

builder.queryFields((t) => ({
  myself: t.field({
    type: MyselfRef,
    authScopes: { signedIn: true },
    args: {
      full: t.arg.boolean(),
      withFriends: t.arg.boolean(),
      withFirebaseToken: t.arg.boolean(),
    },
    resolve: async (_root, args, context) => ({
      user: await requireViewerUser(context),
      withLists: args.full === true || args.withFriends === true,
    }),
  }),
  checkUsername: t.field({
    type: UsernameCheckRef,
    authScopes: { signedIn: true },
    description: 'Whether a username has the allowed form and is free; the asker’s own counts as free.',
    args: { username: t.arg.string({ required: true }) },
    resolve: (_root, { username }, context) => checkUsernameAvailability(context, username),
  }),
  mySmsOptIn: t.field({
    type: SmsOptInRef,
    authScopes: { signedIn: true },
    resolve: async (_root, _args, context) => await requireViewerUser(context),
  }),
}));

builder.mutationFields((t) => ({
  updateProfile: t.field({
    type: UserRef,
    authScopes: { signedIn: true },
    args: { user: t.arg({ type: UpdateProfileInput, required: true }) },
    resolve: async (_root, { user: input }, context) =>
      updateProfile(context, await requireViewerUser(context), input),
  }),
  verifyEmailChange: t.field({
    type: UserRef,
    authScopes: { signedIn: true },
    description: 'Confirms the new address of updateProfile with the code sent to it.',
    args: { email: t.arg.string({ required: true }), code: t.arg.string({ required: true }) },
    resolve: async (_root, { email, code }, context) => {
      const user = await requireViewerUser(context);
      return verifyContactChange(context, user.id, 'email', parseEmail(email), code);
    },
  }),
  verifyPhoneChange: t.field({
    type: UserRef,
    authScopes: { signedIn: true },
    description: 'Confirms the new number of updateProfile with the code sent to it.',
    args: { phone: t.arg.string({ required: true }), code: t.arg.string({ required: true }) },
    resolve: async (_root, { phone, code }, context) => {
      const user = await requireViewerUser(context);
      return verifyContactChange(context, user.id, 'phone', parsePhone(phone), code);
    },
  }),
  updateProfilePrivate: t.field({
    type: PrivacyChallengeRef,
    authScopes: { signedIn: true },
    description: 'Sends a numeric code (spec 4) that confirmProfilePrivate needs to apply the change.',
    args: { user: t.arg({ type: ProfilePrivateInput, required: true }) },
    resolve: async (_root, { user: input }, context) =>
      requestPrivacyChange(context, await requireViewerUser(context), input),
  }),
  confirmProfilePrivate: t.field({
    type: UserRef,
    authScopes: { signedIn: true },
    args: {
      user: t.arg({ type: ProfilePrivateInput, required: true }),
      code: t.arg.int({ required: true }),
    },
    resolve: async (_root, { user: input, code }, context) =>
      confirmPrivacyChange(context, await requireViewerUser(context), input, code),
  }),
  updateProfileConsent: t.field({
    type: SmsOptInRef,
    authScopes: { signedIn: true },
    description: 'Whether Plaza may text invitations to the person’s contacts; null leaves it unchanged.',
    args: { optInSms: t.arg.boolean() },
    resolve: async (_root, { optInSms }, context) =>
      updateSmsConsent(context, await requireViewerUser(context), optInSms),
  }),
  deleteMyAccount: t.boolean({
    authScopes: { signedIn: true },
    description:
      'Deletes the account for good; `confirm` is the username, typed by the person. Then POST /api/auth/sign-out to clear the cookie.',
    args: { confirm: t.arg.string({ required: true }) },
    resolve: async (_root, { confirm }, context) => {
      await deleteAccount(context, await requireViewerUser(context), confirm);
      return true;
    },
  }),
}));
