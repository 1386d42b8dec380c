import { sessionExpiredNotice } from '@plaza/core/error-messages';
import { buttonClass } from '../../components/button-styles.ts';
import { Dialog } from '../../components/dialog.tsx';

/** The notice after a session ran out (spec 2.3, the #signedout address). */
export function SessionExpiredDialog({
  contactEmail,
  onClose,
}: {
  contactEmail: string;
  onClose: () => void;
}) {
  return (
    <Dialog title="Please sign in again" onClose={onClose} className="max-w-md">
      <div className="px-6 pt-2 pb-6">
        <p className="text-ink-soft">{sessionExpiredNotice(contactEmail)}</p>
        <div className="mt-6 flex justify-end">
          <button type="button" className={buttonClass('primary')} onClick={onClose}>
            OK
          </button>
        </div>
      </div>
    </Dialog>
  );
}
