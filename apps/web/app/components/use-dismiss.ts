import { useEffect, useRef, type RefObject } from 'react';

/** Closes an open menu or popover on Escape or a pointer press outside `ref`. */
export function useDismiss(isOpen: boolean, ref: RefObject<HTMLElement | null>, close: () => void): void {
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });
  useEffect(() => {
    if (!isOpen) return;
    function onPointer(event: PointerEvent) {
      if (!ref.current?.contains(event.target as Node)) closeRef.current();
    }
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') closeRef.current();
    }
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [isOpen, ref]);
}
