import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { isHydrated } from '../hydration/early-taps.ts';

export const MESSAGE_MAX_LENGTH = 4000;

function useSecondsLeft(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null || until <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * The message box: Enter sends, Shift+Enter starts a new line. Shows slow mode (spec 4) and its
 * countdown after each message, the length limit as it nears, and why one cannot write when so.
 */
export function Composer({
  label,
  placeholder,
  onSend,
  cannotWrite,
  slowModeSeconds,
  bypassesSlowMode,
  tools,
  tray,
  isBusy = false,
  canSendEmpty = false,
}: {
  label: string;
  placeholder: string;
  onSend: (text: string) => void;
  /** Why the viewer cannot write here, or null when they can. */
  cannotWrite: string | null;
  slowModeSeconds: number;
  bypassesSlowMode: boolean;
  /** Buttons beside the box (attach, poll). */
  tools?: ReactNode;
  /** Shown above the box (the files waiting to go). */
  tray?: ReactNode;
  /** Sending waits, e.g. for uploads to finish. */
  isBusy?: boolean;
  /** An attachment is waiting, so an empty text may be sent. */
  canSendEmpty?: boolean;
}) {
  const [text, setText] = useState('');
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const secondsLeft = useSecondsLeft(waitUntil);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  /** Text sent before early-input.ts told React of it: its coming replay is not typed again. */
  const sentBeforeReplay = useRef<string | null>(null);
  const hintId = useId();
  const isSlow = slowModeSeconds > 0 && !bypassesSlowMode;
  const tooLong = text.length > MESSAGE_MAX_LENGTH;
  const isEmpty = text.trim() === '' && !canSendEmpty;

  const submit = () => {
    // The text on screen: typed while the page hydrates, it reaches `text` only once early-input.ts
    // tells React of it, and an Enter in that moment would otherwise send nothing (as the search
    // boxes read their form's field).
    const shownText = inputRef.current?.value ?? text;
    const isShownEmpty = shownText.trim() === '' && !canSendEmpty;
    if (isShownEmpty || shownText.length > MESSAGE_MAX_LENGTH || isBusy || secondsLeft > 0) return;
    if (shownText !== text) sentBeforeReplay.current = shownText;
    onSend(shownText);
    setText('');
    if (inputRef.current) inputRef.current.value = '';
    if (isSlow) setWaitUntil(Date.now() + slowModeSeconds * 1000);
    inputRef.current?.focus();
  };

  if (cannotWrite) {
    return (
      <p className="border-t border-line bg-sand/60 px-5 py-4 text-center text-sm font-semibold text-ink-soft">
        {cannotWrite}
      </p>
    );
  }

  return (
    <form
      className="@container relative border-t border-line bg-cream px-3 pt-2 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-5"
      onSubmit={(event) => {
        // A dialog opened from the tools (poll, prompt) submits its own form; React bubbles it here.
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        submit();
      }}
    >
      {isSlow ? (
        <p id={hintId} className="mb-1.5 flex items-center gap-1.5 text-xs font-bold text-ink-soft">
          <span aria-hidden="true">🐢</span>
          {secondsLeft > 0
            ? `Slow mode: you can send again in ${secondsLeft} s`
            : `Slow mode is on: one message every ${slowModeSeconds} s`}
        </p>
      ) : null}
      {tray}
      <div className="flex items-end gap-1">
        {tools}
        <label htmlFor={`${hintId}-input`} className="sr-only">
          {label}
        </label>
        <textarea
          id={`${hintId}-input`}
          ref={inputRef}
          rows={1}
          value={text}
          placeholder={placeholder}
          aria-describedby={isSlow ? hintId : undefined}
          aria-invalid={tooLong ? true : undefined}
          // Enter sends: pressed before hydration, it is held and sent once hydrated (early-taps.ts).
          data-enter-submits=""
          onChange={(event) => {
            const value = event.target.value;
            const sent = sentBeforeReplay.current;
            sentBeforeReplay.current = null;
            // early-input.ts telling React, once hydrated, of the text this box has already sent.
            if (sent !== null && value === sent && !isHydrated()) {
              event.target.value = '';
              return;
            }
            setText(value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
          className="max-h-40 min-h-11 flex-1 resize-none rounded-3xl border-2 border-line bg-white px-4 py-2 text-base text-ink [field-sizing:content] placeholder:text-ink-soft/80 focus:border-coral-strong focus:outline-none"
        />
        <button
          type="submit"
          disabled={isEmpty || tooLong || isBusy || secondsLeft > 0}
          className="grid size-11 shrink-0 place-items-center rounded-full bg-coral-strong text-white shadow-sm hover:bg-ink disabled:cursor-not-allowed disabled:opacity-50"
          aria-label="Send"
        >
          <svg
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            aria-hidden="true"
          >
            <path d="M5 12h13M13 6l6 6-6 6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </div>
      {text.length > MESSAGE_MAX_LENGTH - 200 ? (
        <p
          className={`mt-1 text-right text-xs font-bold ${tooLong ? 'text-coral-strong' : 'text-ink-soft'}`}
          aria-live="polite"
        >
          {text.length} / {MESSAGE_MAX_LENGTH}
        </p>
      ) : null}
    </form>
  );
}
