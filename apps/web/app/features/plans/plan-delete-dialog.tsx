import { buttonClass } from '../../components/button-styles.ts';
import { Dialog } from '../../components/dialog.tsx';
import { RepeatChoiceDialog } from './plan-form.tsx';

/** Asks before a plan is deleted: which dates, for a repeating plan; otherwise whether at all. */
export function PlanDeleteDialog({
  isRecurring,
  onChoose,
  onClose,
}: {
  isRecurring: boolean;
  onChoose: (applyTo: 'ALL' | 'ONLY_THIS') => void;
  onClose: () => void;
}) {
  if (isRecurring) return <RepeatChoiceDialog prompt="Delete:" onChoose={onChoose} onClose={onClose} />;
  return (
    <Dialog title="Delete this plan?" onClose={onClose} className="max-w-md" role="alertdialog">
      <div className="px-6 pt-2 pb-6">
        <p className="text-ink-soft">Everyone’s answers go with it. This cannot be undone.</p>
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            Keep it
          </button>
          <button type="button" className={buttonClass('primary')} onClick={() => onChoose('ALL')}>
            Delete plan
          </button>
        </div>
      </div>
    </Dialog>
  );
}
