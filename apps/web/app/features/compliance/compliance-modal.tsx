import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { buttonClass } from '../../components/button-styles.ts';
import { Dialog } from '../../components/dialog.tsx';

/** Spec 3 "Compliance message", as getComplianceMessage answers it. */
export interface ComplianceMessage {
  complianceMessage: string;
  confirmMessage: string | null;
  confirmRequired: boolean;
  version: string;
}

const ROUTE = '/profile/compliance';

/**
 * The operator's compliance message (decision 0019), shown to a signed-in person until they
 * confirm it. When confirmation is required the dialog has no way out but the confirm button;
 * otherwise closing it counts as read. Mount it only for a signed-in person (keyed by who they
 * are), so it asks again after the next sign-in.
 */
export function ComplianceModal() {
  const loader = useFetcher<{ message: ComplianceMessage | null }>();
  const confirm = useFetcher<{ ok: boolean; message: string }>();
  const [isDone, setIsDone] = useState(false);
  const isRequested = useRef(false);

  useEffect(() => {
    if (isRequested.current) return;
    isRequested.current = true;
    void loader.load(ROUTE);
  }, [loader]);

  const message = loader.data?.message ?? null;
  const isConfirmed = confirm.data?.ok === true;
  if (!message || isDone || isConfirmed) return null;

  const record = () => void confirm.submit({ version: message.version }, { method: 'post', action: ROUTE });
  const close = () => {
    record();
    setIsDone(true);
  };

  return (
    <Dialog
      title="Before you go on"
      role={message.confirmRequired ? 'alertdialog' : 'dialog'}
      onClose={message.confirmRequired ? undefined : close}
      className="max-w-lg"
    >
      <div className="flex flex-col gap-5 px-6 pt-3 pb-6">
        <p className="text-lg whitespace-pre-line">{message.complianceMessage}</p>
        {confirm.data && !confirm.data.ok ? (
          <p role="alert" className="text-sm font-semibold text-coral-strong">
            {confirm.data.message}
          </p>
        ) : null}
        <div>
          <button
            type="button"
            className={buttonClass('primary', 'lg')}
            disabled={confirm.state !== 'idle'}
            onClick={message.confirmRequired ? record : close}
          >
            {message.confirmMessage ?? 'OK'}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
