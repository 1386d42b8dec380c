import { Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '../../components/button-styles.ts';
import { FlagIcon } from '../../components/icons.tsx';
import { lazyPart } from '../errors/lazy-part.ts';
import type { ReportTarget } from './report-dialog.tsx';

// Opened by few: the dialog's code loads when a pointer or the focus reaches the button.
const ReportDialog = lazyPart(async () => (await import('./report-dialog.tsx')).ReportDialog);
const ReportThanksToast = lazyPart(async () => (await import('./report-dialog.tsx')).ReportThanksToast);

/**
 * "Report" on a plan, group or profile page. Signed-out visitors are asked to log in first (a
 * report needs an account).
 */
export function ReportButton({
  target,
  isSignedIn,
  className = buttonClass('ghost'),
}: {
  target: ReportTarget;
  isSignedIn: boolean;
  className?: string;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const [isThanking, setIsThanking] = useState(false);
  const { pathname, search } = useLocation();
  if (!isSignedIn) {
    return (
      <Link to={`?signin=1&return=${encodeURIComponent(`${pathname}${search}`)}`} className={className}>
        <FlagIcon className="size-4" />
        Report
      </Link>
    );
  }
  return (
    <>
      <button
        type="button"
        className={className}
        onPointerEnter={ReportDialog.preload}
        onFocus={ReportDialog.preload}
        onClick={() => setIsOpen(true)}
      >
        <FlagIcon className="size-4" />
        Report
      </button>
      {isOpen ? (
        <Suspense fallback={null}>
          <ReportDialog
            target={target}
            onClose={() => setIsOpen(false)}
            onSent={() => {
              setIsOpen(false);
              setIsThanking(true);
            }}
          />
        </Suspense>
      ) : null}
      {isThanking ? (
        <Suspense fallback={null}>
          <ReportThanksToast onDone={() => setIsThanking(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
