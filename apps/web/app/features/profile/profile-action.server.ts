import { plazaContext, type GraphQLResult } from '../../context.ts';
import { mutationOutcome } from '../../graphql/mutation-outcome.ts';
import type { RouterContextProvider } from 'react-router';

/** What each profile form gets back: which form it was, and success or the error beside a field. */
export type ProfileActionResult =
  | { intent: string; ok: true; message?: string }
  | { intent: string; ok: false; field: string | null; message: string };

const UPDATE_PROFILE = `mutation UpdateProfile($user: UpdateProfileInput!) { updateProfile(user: $user) { id } }`;

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

function codeErrorText(reason: unknown, fallback: string): string {
  switch (reason) {
    case 'WRONG_CODE':
      return 'That code is not right. Check the message and try again.';
    case 'EXPIRED':
      return 'That code has expired. Ask for a new one.';
    case 'TOO_MANY_ATTEMPTS':
      return 'Too many wrong tries. Ask for a new code.';
    case 'NO_CODE':
      return 'Ask for a code first.';
    default:
      return fallback;
  }
}

function toResult(intent: string, result: GraphQLResult<unknown>, message?: string): ProfileActionResult {
  const outcome = mutationOutcome(result);
  if (outcome.ok) return { intent, ok: true, message };
  const reason = result.errors?.[0]?.extensions?.reason;
  const text =
    outcome.code === 'RATE_LIMITED'
      ? 'Too many tries for now. Please wait a while and try again.'
      : codeErrorText(reason, outcome.message);
  return { intent, ok: false, field: outcome.field, message: text };
}

/** Runs the change one profile form asks for, as the signed-in person. */
export async function runProfileAction(
  form: FormData,
  context: Readonly<RouterContextProvider>,
): Promise<ProfileActionResult> {
  const { graphql } = context.get(plazaContext);
  const intent = text(form, 'intent');
  switch (intent) {
    case 'about': {
      const birthday = text(form, 'birthday');
      // The city: one chosen from the list (placeId), none when the box is emptied; typed text
      // that was not chosen is not a city yet.
      const placeId = text(form, 'placeId');
      const placeName = text(form, 'placeName');
      if (!placeId && placeName) {
        return { intent, ok: false, field: 'placeId', message: 'Choose a city from the list.' };
      }
      const user = {
        placeId: placeId || null,
        first: text(form, 'first'),
        last: text(form, 'last'),
        username: text(form, 'username'),
        bio: text(form, 'bio'),
        birthday: birthday || null,
      };
      return toResult(intent, await graphql(UPDATE_PROFILE, { user }), 'Saved.');
    }
    case 'photo':
      return toResult(
        intent,
        await graphql(UPDATE_PROFILE, { user: { image: text(form, 'image') || null } }),
      );
    case 'email':
      return toResult(intent, await graphql(UPDATE_PROFILE, { user: { email: text(form, 'email') } }));
    case 'phone':
      return toResult(intent, await graphql(UPDATE_PROFILE, { user: { phone: text(form, 'phone') } }));
    case 'verify-email':
      return toResult(
        intent,
        await graphql(
          'mutation V($email: String!, $code: String!) { verifyEmailChange(email: $email, code: $code) { id } }',
          {
            email: text(form, 'email'),
            code: text(form, 'code'),
          },
        ),
        'Your e-mail address is changed.',
      );
    case 'verify-phone':
      return toResult(
        intent,
        await graphql(
          'mutation V($phone: String!, $code: String!) { verifyPhoneChange(phone: $phone, code: $code) { id } }',
          {
            phone: text(form, 'phone'),
            code: text(form, 'code'),
          },
        ),
        'Your phone number is changed.',
      );
    case 'privacy': {
      const isPublic = text(form, 'isPublic') === 'true';
      const result = await graphql<{ updateProfilePrivate: { sentTo: string } }>(
        'mutation P($user: ProfilePrivateInput!) { updateProfilePrivate(user: $user) { channel sentTo } }',
        { user: { isPublic } },
      );
      const sentTo = result.data?.updateProfilePrivate?.sentTo;
      return toResult(intent, result, sentTo ? `We sent a code to ${sentTo}.` : undefined);
    }
    case 'confirm-privacy': {
      const code = Number.parseInt(text(form, 'code'), 10);
      if (!Number.isInteger(code))
        return { intent, ok: false, field: 'code', message: 'Enter the 6-digit code.' };
      return toResult(
        intent,
        await graphql(
          'mutation C($user: ProfilePrivateInput!, $code: Int!) { confirmProfilePrivate(user: $user, code: $code) { id } }',
          {
            user: { isPublic: text(form, 'isPublic') === 'true' },
            code,
          },
        ),
        'Saved.',
      );
    }
    case 'sms':
      return toResult(
        intent,
        await graphql(
          'mutation S($optInSms: Boolean) { updateProfileConsent(optInSms: $optInSms) { smsContactsOptin } }',
          {
            optInSms: form.get('optInSms') === 'on',
          },
        ),
        'Saved.',
      );
    case 'delete':
      return toResult(
        intent,
        await graphql('mutation D($confirm: String!) { deleteMyAccount(confirm: $confirm) }', {
          confirm: text(form, 'confirm'),
        }),
      );
    default:
      return { intent, ok: false, field: null, message: 'Unknown form.' };
  }
}
