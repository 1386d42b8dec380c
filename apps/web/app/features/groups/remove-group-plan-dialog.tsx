import { ConfirmDialog } from '../../components/confirm-dialog.tsx';

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
    <ConfirmDialog
      title="Remove this plan from the group?"
      role="alertdialog"
      text={`“${planTitle}” will no longer be part of ${groupTitle}. The plan itself stays, with its people and its chat.`}
      confirmLabel="Remove plan"
      error={error}
      isBusy={isBusy}
      onClose={onClose}
      onConfirm={onConfirm}
    />
  );
}
