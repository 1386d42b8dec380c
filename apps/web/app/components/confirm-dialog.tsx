import type { ReactNode } from 'react';
import { buttonClass } from './button-styles.ts';
import { Dialog } from './dialog.tsx';

/**
 * Asks before an action: its text, Cancel, and a button named after the action. With `error` and
 * `isBusy`, it stays open while the action runs and shows why it failed (the action's own caller
 * closes it on success); `role` alertdialog for an action that cannot be taken back.
 */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  onConfirm,
  onClose,
  error = null,
  isBusy = false,
  role = 'dialog',
}: {
  title: string;
  text: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  error?: string | null;
  isBusy?: boolean;
  role?: 'dialog' | 'alertdialog';
}) {
  return (
    <Dialog title={title} role={role} onClose={onClose} className="max-w-md">
      <div className="px-6 pt-2 pb-6">
        <p className="text-ink-soft">{text}</p>
        {error ? (
          <p role="alert" className="mt-3 text-sm font-semibold text-coral-strong">
            {error}
          </p>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            Cancel
          </button>
          <button type="button" className={buttonClass('primary')} disabled={isBusy} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
