import { useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { buttonClass } from '../../components/button-styles.ts';
import { BellIcon } from '../../components/icons.tsx';
import { useDismiss } from '../../components/use-dismiss.ts';
import { NOTIFICATIONS_HREF } from './activity-data.ts';

const CHOICES = [
  { label: 'For 8 hours', hours: 8 },
  { label: 'For a week', hours: 24 * 7 },
  { label: 'Until I turn it back on', hours: null },
] as const;

/** Far-future mutes mean "until turned back on" (decision 0014). */
function isForever(until: string): boolean {
  return new Date(until).getUTCFullYear() >= 9999;
}

function mutedText(until: string): string {
  if (isForever(until)) return 'Muted';
  return `Muted until ${new Intl.DateTimeFormat(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit' }).format(new Date(until))}`;
}

/**
 * Mutes push and e-mail about a plan or group (it still shows in the activity feed, unmarked).
 * The choices open below the button; Escape or a click elsewhere closes them.
 */
export function MuteButton({
  type,
  subjectKey,
  mutedUntil,
  name,
}: {
  type: 'PLAN' | 'GROUP';
  subjectKey: string;
  mutedUntil: string | null;
  name: string;
}) {
  const fetcher = useFetcher<{ ok: boolean; message?: string }>();
  const [isOpen, setIsOpen] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  useDismiss(isOpen, boxRef, () => setIsOpen(false));
  const submit = (fields: Record<string, string>) =>
    void fetcher.submit({ type, key: subjectKey, ...fields }, { method: 'post', action: NOTIFICATIONS_HREF });
  const pendingIntent = fetcher.formData?.get('intent');
  const isMuted = pendingIntent ? pendingIntent === 'mute' : mutedUntil !== null;

  if (isMuted) {
    return (
      <button
        type="button"
        className={buttonClass('secondary')}
        onClick={() => submit({ intent: 'unmute' })}
        aria-label={`Unmute ${name}`}
      >
        <BellIcon className="size-4 opacity-60" />
        {mutedUntil && !pendingIntent ? mutedText(mutedUntil) : 'Muted'}
      </button>
    );
  }
  return (
    <div ref={boxRef} className="relative">
      <button
        type="button"
        className={buttonClass('secondary')}
        aria-expanded={isOpen}
        aria-controls={`mute-${subjectKey}`}
        onClick={() => setIsOpen((open) => !open)}
      >
        <BellIcon className="size-4" />
        Mute
      </button>
      <div
        id={`mute-${subjectKey}`}
        hidden={!isOpen}
        className="absolute left-0 z-20 mt-2 w-64 rounded-2xl border border-line bg-white p-2 shadow-xl shadow-plum/10"
      >
        <p className="px-3 pt-1 pb-2 text-sm text-ink-soft">No push or e-mail about {name}:</p>
        <ul>
          {CHOICES.map((choice) => (
            <li key={choice.label}>
              <button
                type="button"
                className="w-full rounded-xl px-3 py-2.5 text-left font-semibold hover:bg-sand"
                onClick={() => {
                  setIsOpen(false);
                  submit({
                    intent: 'mute',
                    until:
                      choice.hours === null
                        ? ''
                        : new Date(Date.now() + choice.hours * 3_600_000).toISOString(),
                  });
                }}
              >
                {choice.label}
              </button>
            </li>
          ))}
        </ul>
      </div>
      {fetcher.data && !fetcher.data.ok ? (
        <p role="alert" className="mt-2 text-sm font-medium text-coral-strong">
          {fetcher.data.message}
        </p>
      ) : null}
    </div>
  );
}
