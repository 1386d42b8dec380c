import { useEffect, useState } from 'react';
import { TOAST_COUNTDOWN_SECONDS } from '@plaza/core/constants';

const TOAST_DURATION_MS = TOAST_COUNTDOWN_SECONDS * 1000;

/** A toast (spec 2.4) that leaves by itself after 3 seconds, with a bar counting them down. */
export function Toast({ message, onDone }: { message: string; onDone: () => void }) {
  const [isLeaving, setIsLeaving] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(onDone, TOAST_DURATION_MS);
    const frame = window.requestAnimationFrame(() => setIsLeaving(true));
    return () => {
      window.clearTimeout(timer);
      window.cancelAnimationFrame(frame);
    };
  }, [onDone]);
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-6 z-50 flex justify-center px-4">
      <div
        role="status"
        className="pointer-events-auto w-full max-w-sm overflow-hidden rounded-2xl bg-plum text-on-plum shadow-xl shadow-plum/30"
      >
        <p className="px-5 py-3.5 text-[0.9375rem] font-semibold">{message}</p>
        {/* With reduced motion the countdown is not drawn: the toast still leaves after 3 s. */}
        <div className="h-1 bg-on-plum/15 motion-reduce:hidden" data-testid="toast-countdown">
          <div
            className="h-full origin-left bg-sun ease-linear"
            style={{
              transform: isLeaving ? 'scaleX(0)' : 'scaleX(1)',
              transitionProperty: 'transform',
              transitionDuration: `${TOAST_DURATION_MS}ms`,
            }}
          />
        </div>
      </div>
    </div>
  );
}
