import { useEffect, useRef } from 'react';
import { useNavigation } from 'react-router';
import { ProgressBarController, type ProgressFrame } from './progress-bar-controller.ts';

function paint(bar: HTMLDivElement | null, frame: ProgressFrame) {
  if (!bar) return;
  bar.style.transform = `scaleX(${frame.percent / 100})`;
  bar.style.opacity = frame.isVisible ? '1' : '0';
}

/**
 * Thin bar at the top of the window while a page loads (spec 2.4, 9). It paints the DOM directly:
 * a frame every 100 ms should not re-render React.
 */
export function PageProgressBar() {
  const { state } = useNavigation();
  const barRef = useRef<HTMLDivElement>(null);
  const controllerRef = useRef<ProgressBarController | null>(null);

  useEffect(() => {
    const controller = new ProgressBarController((frame) => paint(barRef.current, frame));
    controllerRef.current = controller;
    return () => controller.dispose();
  }, []);

  useEffect(() => {
    const controller = controllerRef.current;
    if (!controller) return;
    if (state === 'idle') controller.finish();
    else controller.dataCall(state === 'submitting' ? 'submit' : 'load');
  }, [state]);

  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-x-0 top-0 z-50 h-[3px]">
      <div
        ref={barRef}
        data-testid="page-progress-bar"
        // With reduced motion the bar does not grow: it shows full width while a page loads.
        className="h-full origin-left bg-coral-strong opacity-0 shadow-[0_0_8px_var(--color-coral)] transition-[transform,opacity] duration-200 ease-out motion-reduce:transform-none!"
        style={{ transform: 'scaleX(0)' }}
      />
    </div>
  );
}
