import { Form, useNavigation } from 'react-router';
import { useId } from 'react';
import { SMS_CONSENT_VALUE, type SmsFormResult } from './sms-form-result.ts';

export const SMS_FORM_ACTION = '/sms';

/**
 * "Text me the link" (spec 1): a plain POST form, so it works before the page's JavaScript has
 * loaded or without it. Used on /sms and /download, always posting to /sms. Plaza texts a number
 * only when its owner asks (decision 0014), so the consent box must be ticked.
 */
export function SmsLinkForm({ result }: { result: SmsFormResult | undefined }) {
  const navigation = useNavigation();
  const isSending = navigation.state === 'submitting' && navigation.formAction === SMS_FORM_ACTION;
  const id = useId();
  const consentId = `${id}-consent`;
  const phoneError = result?.status === 'invalid' && result.field === 'phone' ? result.fieldError : null;
  const consentError = result?.status === 'invalid' && result.field === 'consent' ? result.fieldError : null;
  const errorId = `${id}-error`;
  const consentErrorId = `${id}-consent-error`;
  const hintId = `${id}-hint`;

  if (result?.status === 'sent') {
    return (
      <div role="status" className="rounded-3xl bg-mint-soft p-6 text-ink">
        <p className="font-display text-xl font-bold">Link sent. Check your messages.</p>
        <p className="mt-2 text-ink-soft">
          We texted a link to Plaza to <strong className="font-semibold text-ink">{result.phone}</strong>. It
          can take a minute to arrive.
        </p>
      </div>
    );
  }

  return (
    <Form method="post" action={SMS_FORM_ACTION} className="space-y-3" noValidate>
      <label htmlFor={id} className="block text-[0.9375rem] font-semibold">
        Phone number
      </label>
      <input
        id={id}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        defaultValue={result?.phone ?? ''}
        placeholder="+1 415 555 2671"
        aria-invalid={phoneError ? true : undefined}
        aria-describedby={phoneError ? `${errorId} ${hintId}` : hintId}
        className="h-13 w-full min-w-0 rounded-full border-2 border-on-plum/40 bg-white px-5 text-base text-ink placeholder:text-ink-soft focus:border-sun focus:outline-none aria-invalid:border-peach"
      />
      {phoneError ? (
        <p id={errorId} role="alert" className="text-[0.9375rem] font-semibold text-peach">
          {phoneError}
        </p>
      ) : null}
      <div className="flex items-start gap-3 pt-1">
        <input
          id={consentId}
          name="consent"
          type="checkbox"
          value={SMS_CONSENT_VALUE}
          required
          defaultChecked={result?.consent ?? false}
          aria-invalid={consentError ? true : undefined}
          aria-describedby={consentError ? consentErrorId : undefined}
          className="mt-0.5 size-5 shrink-0 accent-sun"
        />
        <label htmlFor={consentId} className="text-[0.9375rem] leading-snug">
          Text me this link once. I agree to one text message from Plaza at this number, and no more unless I
          ask again.
        </label>
      </div>
      {consentError ? (
        <p id={consentErrorId} role="alert" className="text-[0.9375rem] font-semibold text-peach">
          {consentError}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={isSending}
        className="inline-flex h-13 items-center justify-center rounded-full bg-sun px-6 font-semibold text-plum shadow-sm hover:bg-white disabled:opacity-70"
      >
        {isSending ? 'Sending…' : 'Text me the link'}
      </button>
      {result?.status === 'rate-limited' || result?.status === 'failed' ? (
        <p role="alert" className="rounded-2xl bg-plum-soft px-4 py-3 text-[0.9375rem] text-on-plum">
          {result.message}
        </p>
      ) : null}
      <p id={hintId} className="text-sm text-on-plum-soft">
        One text, with one link. Include your country code if you are outside the US. Message rates may apply.
      </p>
    </Form>
  );
}
