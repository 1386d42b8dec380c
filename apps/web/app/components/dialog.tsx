import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ownHistoryEntry } from './dialog-history.ts';

interface DialogProps {
  /** Accessible name of the dialog; shown as its heading unless the children bring their own. */
  title: string;
  /** Called on Escape and on the close button; leave out for a dialog that cannot be dismissed. */
  onClose?: () => void;
  children: ReactNode;
  /** Extra classes for the panel (width, padding). */
  className?: string;
  /** Hide the title visually (the children show their own heading). */
  hideTitle?: boolean;
  role?: 'dialog' | 'alertdialog';
  /**
   * Whether Back closes the dialog through an extra history entry of its own (spec 2.3). Leave it
   * on unless the address already opens the dialog (a `?signin=1` or `#modal:` address), where
   * Back already leaves that address.
   */
  ownsHistoryEntry?: boolean;
}

/**
 * A modal on the browser's own <dialog>: showModal() makes the rest of the page inert, keeps
 * focus inside and puts it on top, so the trap and the layering need no script of ours.
 */
export function Dialog({
  title,
  onClose,
  children,
  className = '',
  hideTitle,
  role = 'dialog',
  ownsHistoryEntry = true,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  // A dialog that can be dismissed closes on Back without leaving the page (spec 2.3).
  const canClose = onClose !== undefined;
  useEffect(() => {
    if (!canClose || !ownsHistoryEntry) return;
    return ownHistoryEntry(() => closeRef.current?.());
  }, [canClose, ownsHistoryEntry]);

  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        closeRef.current?.();
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] overflow-y-auto rounded-3xl border border-line bg-cream p-0 text-ink shadow-2xl shadow-plum/30 backdrop:bg-plum/60 ${className}`}
    >
      <div className="relative">
        {onClose ? (
          <button
            type="button"
            onClick={onClose}
            className="absolute top-3 right-3 z-10 grid size-10 place-items-center rounded-full text-ink-soft hover:bg-ink/5 hover:text-ink"
            aria-label="Close"
          >
            <svg
              viewBox="0 0 24 24"
              className="size-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
            </svg>
          </button>
        ) : null}
        <h2
          id={titleId}
          className={hideTitle ? 'sr-only' : 'px-6 pt-6 pr-14 text-xl font-extrabold tracking-tight'}
        >
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
