import { buttonClass } from '../../components/button-styles.ts';
import { Dialog } from '../../components/dialog.tsx';

/** The confirmation of "Remove from group" (remove-group-plan.tsx). */
export function RemoveGroupPlanDialog({
  planTitle,
  groupTitle,
  error,
  isBusy,
  onClose,
  onConfirm,
}: {
  planTitle: string;
  groupTitle: string;
  error: string | null;
  isBusy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      title="Remove this plan from the group?"
      role="alertdialog"
      onClose={onClose}
      className="max-w-md"
    >
      <div className="px-6 pt-2 pb-6">
        <p>
          “{planTitle}” will no longer be part of {groupTitle}. The plan itself stays, with its people and its
          chat.
        </p>
        {error ? (
          <p role="alert" className="mt-3 text-sm font-semibold text-coral-strong">
            {error}
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            Cancel
          </button>
          <button type="button" className={buttonClass('primary')} disabled={isBusy} onClick={onConfirm}>
            Remove plan
          </button>
        </div>
      </div>
    </Dialog>
  );
}
