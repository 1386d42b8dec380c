import { useEffect, useId, useState } from 'react';
import { useFetcher } from 'react-router';
import {
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_THANKS,
  reasonsFor,
  reportModelNoun,
  type ReportModelType,
} from '@plaza/core/moderation';
import { buttonClass } from '../../components/button-styles.ts';
import { Dialog } from '../../components/dialog.tsx';
import { FIELD_CLASS, LABEL_CLASS } from '../../components/form-styles.ts';
import { Toast } from '../../components/toast.tsx';

/** Where the report form posts (routes/profile-report.ts). */
export const REPORT_ACTION = '/profile/report';

export interface ReportAnswer {
  ok: boolean;
  message: string;
  field?: string | null;
}

export interface ReportTarget {
  type: ReportModelType;
  /** The content's key (plan, group, person or message). */
  contentKey: string;
  /** How the dialog names it: "Picnic", "Ana Lima", "this message". */
  name: string;
}

/**
 * The report dialog (issue 10): the reasons that fit this kind of content as radio buttons, optional
 * details, Send. On success it closes and the page shows "Thanks, we will look at it."
 */
export function ReportDialog({
  target,
  onClose,
  onSent,
}: {
  target: ReportTarget;
  onClose: () => void;
  onSent: () => void;
}) {
  const fetcher = useFetcher<ReportAnswer>();
  const [reasonId, setReasonId] = useState<number | null>(null);
  const detailsId = useId();
  const groupId = useId();
  const reasons = reasonsFor(target.type);
  const noun = reportModelNoun(target.type);
  const answer = fetcher.data;
  const isSending = fetcher.state !== 'idle';

  useEffect(() => {
    if (fetcher.state === 'idle' && answer?.ok) onSent();
  }, [fetcher.state, answer, onSent]);

  return (
    <Dialog
      title={`Report ${target.type === 'USER' ? target.name : `this ${noun}`}`}
      onClose={onClose}
      className="max-w-lg"
    >
      <fetcher.Form
        data-submit-after-hydration=""
        method="post"
        action={REPORT_ACTION}
        className="px-6 pt-2 pb-6"
      >
        <input type="hidden" name="type" value={target.type} />
        <input type="hidden" name="key" value={target.contentKey} />
        <p className="text-ink-soft">
          Tell Plaza’s moderators what is wrong. {target.type === 'USER' ? 'They' : 'The author'} will not
          know who reported {target.type === 'USER' ? 'them' : 'it'}.
        </p>
        <fieldset className="mt-4" aria-describedby={answer && !answer.ok ? `${groupId}-error` : undefined}>
          <legend className={LABEL_CLASS}>Why are you reporting it?</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {reasons.map((reason) => {
              const isChosen = reasonId === reason.id;
              return (
                <label
                  key={reason.id}
                  className={`flex cursor-pointer items-center gap-3 rounded-2xl border-2 px-3.5 py-2.5 leading-snug font-semibold transition-colors ${isChosen ? 'border-coral-strong bg-coral-soft/40' : 'border-line bg-white hover:border-ink/30'}`}
                >
                  <input
                    type="radio"
                    name="reasonId"
                    value={reason.id}
                    required
                    checked={isChosen}
                    onChange={() => setReasonId(reason.id)}
                    className="size-4 accent-coral-strong"
                  />
                  {reason.content}
                </label>
              );
            })}
          </div>
        </fieldset>
        <label htmlFor={detailsId} className={`${LABEL_CLASS} mt-5`}>
          Anything else we should know? <span className="font-normal text-ink-soft">(optional)</span>
        </label>
        <textarea
          id={detailsId}
          name="details"
          rows={3}
          maxLength={REPORT_DETAILS_MAX_LENGTH}
          className={`${FIELD_CLASS} py-2.5`}
        />
        {answer && !answer.ok ? (
          <p id={`${groupId}-error`} role="alert" className="mt-3 text-sm font-semibold text-coral-strong">
            {answer.message}
          </p>
        ) : null}
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonClass('primary')} disabled={isSending || reasonId === null}>
            {isSending ? 'Sending…' : 'Send'}
          </button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}

/** "Thanks, we will look at it." for the toast's 3 seconds. */
export function ReportThanksToast({ onDone }: { onDone: () => void }) {
  return <Toast message={REPORT_THANKS} onDone={onDone} />;
}

/** Shows "Thanks, we will look at it." for the toast's 3 seconds. */
export function useReportThanks() {
  const [isThanking, setIsThanking] = useState(false);
  return {
    thank: () => setIsThanking(true),
    toast: isThanking ? <Toast message={REPORT_THANKS} onDone={() => setIsThanking(false)} /> : null,
  };
}
