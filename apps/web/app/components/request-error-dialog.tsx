import { buttonClass } from './button-styles.ts';
import { Dialog } from './dialog.tsx';

export interface RequestError {
  status: number;
  message: string;
  /** The error data flags maintenance (spec 8 "Code 503"). */
  isMaintenance?: boolean;
}

function titleOf(status: number): string {
  return status === 429 ? 'Slow down a little' : 'Something went wrong';
}

/** What the error modal of spec 8 shows; request-error-modal.tsx decides when. */
export function RequestErrorDialog({ error, onClose }: { error: RequestError; onClose: () => void }) {
  return (
    // No history entry of its own: it may open over the sign-in modal, which owns one, and giving
    // ours back on OK would read to that modal as Back and close it too.
    <Dialog
      title={titleOf(error.status)}
      role="alertdialog"
      ownsHistoryEntry={false}
      onClose={onClose}
      className="max-w-md"
    >
      <div className="px-6 pt-2 pb-6">
        <p className="text-ink-soft">{error.message}</p>
        <div className="mt-6 flex justify-end">
          <button type="button" className={buttonClass('primary')} onClick={onClose} autoFocus>
            OK
          </button>
        </div>
      </div>
    </Dialog>
  );
}
