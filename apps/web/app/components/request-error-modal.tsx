import { Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { requestErrorDisplay } from '@plaza/core/error-status';
import { lazyPart } from '../features/errors/lazy-part.ts';
import type { RequestError } from './request-error-dialog.tsx';

// Rare (a refused request, once per page session): the dialog's code loads when it opens.
const RequestErrorDialog = lazyPart(
  async () => (await import('./request-error-dialog.tsx')).RequestErrorDialog,
);

const listeners = new Set<(error: RequestError) => void>();
// The general error dialog shows at most once per page session (spec 4 "Interface states", 8).
let hasShown = false;

/** Tells the page a request failed; the modal decides whether it shows (spec 8). */
export function reportRequestError(error: RequestError): void {
  for (const listener of listeners) listener(error);
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
    <Suspense fallback={null}>
      <RequestErrorDialog error={error} onClose={() => setError(null)} />
    </Suspense>
  );
}
