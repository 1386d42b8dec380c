import { useId } from 'react';
import { Form, useNavigation } from 'react-router';
import type { SubscribeResult } from './subscribe-result.ts';

/** Sign-up for Plaza news, posting to the page it is on; works without JavaScript. */
export function NewsletterForm({ result, label }: { result: SubscribeResult | undefined; label: string }) {
  const id = useId();
  const isSubmitting = useNavigation().state === 'submitting';
  const fieldError = result?.status === 'invalid' ? result.fieldError : null;

  if (result?.status === 'subscribed') {
    return (
      <p role="status" className="rounded-2xl bg-mint-soft px-5 py-4 text-lg">
        Thanks! We sent a welcome e-mail to <strong>{result.email}</strong>. Every e-mail has a one-click
        unsubscribe link.
      </p>
    );
  }

  return (
    <Form method="post" noValidate className="space-y-3">
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          id={id}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={result?.email ?? ''}
          placeholder="you@example.org"
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${id}-error` : undefined}
          className="h-13 w-full min-w-0 rounded-full sm:flex-1 border-2 border-line bg-white px-5 text-base placeholder:text-ink-soft focus:border-coral-strong focus:outline-none aria-invalid:border-coral-strong"
        />
        <button
          type="submit"
          disabled={isSubmitting}
          className="inline-flex h-13 items-center justify-center rounded-full bg-coral-strong px-6 font-semibold text-white hover:bg-ink disabled:opacity-70"
        >
          {isSubmitting ? 'Signing up…' : 'Keep me posted'}
        </button>
      </div>
      {fieldError ? (
        <p id={`${id}-error`} role="alert" className="font-semibold text-coral-strong">
          {fieldError}
        </p>
      ) : null}
      {result?.status === 'failed' ? (
        <p role="alert" className="rounded-2xl bg-coral-soft px-4 py-3 font-medium">
          {result.message}
        </p>
      ) : null}
    </Form>
  );
}
