import { Suspense, useState } from 'react';
import { useFetcher } from 'react-router';
import { lazyPart } from '../errors/lazy-part.ts';
import type { PlanCard } from '../plans/plan-data.ts';

// Moderators only, after a click: the confirmation loads when a pointer or the focus reaches the button.
const RemoveGroupPlanDialog = lazyPart(
  async () => (await import('./remove-group-plan-dialog.tsx')).RemoveGroupPlanDialog,
);

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
        onPointerEnter={RemoveGroupPlanDialog.preload}
        onFocus={RemoveGroupPlanDialog.preload}
        onClick={() => setIsOpen(true)}
      >
        Remove from group<span className="sr-only"> {plan.title}</span>
      </button>
      {isShown ? (
        <Suspense fallback={null}>
          <RemoveGroupPlanDialog
            planTitle={plan.title}
            groupTitle={groupTitle}
            error={answer && !answer.ok ? answer.message : null}
            isBusy={isBusy}
            onClose={() => setIsOpen(false)}
            onConfirm={() =>
              void fetcher.submit({ intent: 'removePlan', planId: String(plan.id) }, { method: 'post' })
            }
          />
        </Suspense>
      ) : null}
    </>
  );
}
