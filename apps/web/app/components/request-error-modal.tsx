import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { requestErrorDisplay } from '@plaza/core/error-status';
import { buttonClass } from './button-styles.ts';
import { Dialog } from './dialog.tsx';

interface RequestError {
  status: number;
  message: string;
  /** The error data flags maintenance (spec 8 "Code 503"). */
  isMaintenance?: boolean;
}

const listeners = new Set<(error: RequestError) => void>();
// The general error dialog shows at most once per page session (spec 4 "Interface states", 8).
let hasShown = false;

/** Tells the page a request failed; the modal decides whether it shows (spec 8). */
export function reportRequestError(error: RequestError): void {
  for (const listener of listeners) listener(error);
}

function titleOf(status: number): string {
  return status === 429 ? 'Slow down a little' : 'Something went wrong';
}

/** The error modal of spec 8, mounted once by the root. */
export function RequestErrorModal() {
  const { pathname } = useLocation();
  const [error, setError] = useState<RequestError | null>(null);

  useEffect(() => {
    function listen(next: RequestError) {
      const display = requestErrorDisplay(next.status, {
        pathname: window.location.pathname,
        isMaintenance: next.isMaintenance,
      });
      // The server renders the full-page maintenance screen for any page while in maintenance.
      if (display === 'maintenance-page') {
        window.location.reload();
        return;
      }
      if (hasShown || display !== 'modal') return;
      hasShown = true;
      setError(next);
    }
    listeners.add(listen);
    return () => {
      listeners.delete(listen);
    };
  }, [pathname]);

  if (!error) return null;
  return (
    // No history entry of its own: it may open over the sign-in modal, which owns one, and giving
    // ours back on OK would read to that modal as Back and close it too.
    <Dialog
      title={titleOf(error.status)}
      role="alertdialog"
      ownsHistoryEntry={false}
      onClose={() => setError(null)}
      className="max-w-md"
    >
      <div className="px-6 pt-2 pb-6">
        <p className="text-ink-soft">{error.message}</p>
        <div className="mt-6 flex justify-end">
          <button type="button" className={buttonClass('primary')} onClick={() => setError(null)} autoFocus>
            OK
          </button>
        </div>
      </div>
    </Dialog>
  );
}
