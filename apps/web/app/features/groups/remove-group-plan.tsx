import { useState } from 'react';
import { useFetcher } from 'react-router';
import { buttonClass } from '../../components/button-styles.ts';
import { Dialog } from '../../components/dialog.tsx';
import type { PlanCard } from '../plans/plan-data.ts';

/** A plan of a group's list, with the id removeGroupPlan takes. */
export interface GroupPlanCard extends PlanCard {
  id: number;
}

/**
 * Takes a plan out of the group after a confirmation (spec 4.18, removeGroupPlan): shown to those
 * whose group permissions include removePlans (moderators and up). The plan itself stays; once
 * removed, the group page reloads its list without it.
 */
export function RemoveGroupPlanButton({ plan, groupTitle }: { plan: GroupPlanCard; groupTitle: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const isBusy = fetcher.state !== 'idle';
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;

  // Once removed, the dialog closes; the plan leaves the list as the page's data reloads.
  const isShown = isOpen && !answer?.ok;

  return (
    <>
      <button
        type="button"
        className="text-sm font-semibold text-ink-soft underline underline-offset-2 hover:text-ink"
        onClick={() => setIsOpen(true)}
      >
        Remove from group<span className="sr-only"> {plan.title}</span>
      </button>
      {isShown ? (
        <Dialog
          title="Remove this plan from the group?"
          role="alertdialog"
          onClose={() => setIsOpen(false)}
          className="max-w-md"
        >
          <div className="px-6 pt-2 pb-6">
            <p>
              “{plan.title}” will no longer be part of {groupTitle}. The plan itself stays, with its people
              and its chat.
            </p>
            {answer && !answer.ok ? (
              <p role="alert" className="mt-3 text-sm font-semibold text-coral-strong">
                {answer.message}
              </p>
            ) : null}
            <div className="mt-6 flex flex-wrap justify-end gap-2">
              <button type="button" className={buttonClass('secondary')} onClick={() => setIsOpen(false)}>
                Cancel
              </button>
              <button
                type="button"
                className={buttonClass('primary')}
                disabled={isBusy}
                onClick={() =>
                  void fetcher.submit({ intent: 'removePlan', planId: String(plan.id) }, { method: 'post' })
                }
              >
                Remove plan
              </button>
            </div>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
