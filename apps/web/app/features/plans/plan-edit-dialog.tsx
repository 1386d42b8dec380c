import type { ComponentProps } from 'react';
import { Dialog } from '../../components/dialog.tsx';
import { PlanForm } from './plan-form.tsx';

/** The plan page's "Edit plan" modal: the plan form over the page, at the page's edit address. */
export function PlanEditDialog({
  onClose,
  ...form
}: Omit<ComponentProps<typeof PlanForm>, 'submitLabel' | 'groups'> & { onClose: () => void }) {
  return (
    <Dialog title="Edit plan" onClose={onClose} ownsHistoryEntry={false} className="max-w-2xl">
      <div className="px-6 pt-2 pb-6">
        <PlanForm {...form} submitLabel="Save changes" />
      </div>
    </Dialog>
  );
}
