import { buttonClass } from './button-styles.ts';
import { Dialog } from './dialog.tsx';

/** Asks before an action: its text, Cancel, and a button named after the action. */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog title={title} onClose={onClose} className="max-w-md">
      <div className="px-6 pt-2 pb-6">
        <p className="text-ink-soft">{text}</p>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            Cancel
          </button>
          <button type="button" className={buttonClass('primary')} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
