import type { ReactNode } from 'react';
import { LABEL_CLASS } from './form-styles.ts';

/** A labelled form field with its hint (`<id>-hint`) and the server's error for it (`<id>-error`). */
export function FormField({
  label,
  hint,
  error,
  children,
  id,
}: {
  label: string;
  hint?: string;
  error?: string | null;
  children: ReactNode;
  id: string;
}) {
  return (
    <div>
      <label htmlFor={id} className={LABEL_CLASS}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-soft">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-semibold text-coral-strong">
          {error}
        </p>
      ) : null}
    </div>
  );
}
