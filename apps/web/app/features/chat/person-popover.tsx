import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { POPOVER_DELAY_MS, POPOVER_MAX_WIDTH, POPOVER_Z_INDEX } from '@plaza/core/constants';
import {
  CLOSED_POPOVER,
  POPOVER_OPEN_TICKS,
  hidePopover,
  showPopover,
  type PopoverState,
} from '@plaza/core/popover-state';
import { Avatar } from '../../components/avatar.tsx';
import { buttonClass } from '../../components/button-styles.ts';
import type { ChatPerson } from './chat-data.ts';
import { MessageButton } from './message-button.tsx';

/** Waits `ticks` animation frames (spec 4: a popover shows after two render ticks). */
function afterTicks(ticks: number, run: () => void): () => void {
  let frame = 0;
  const step = (left: number) => {
    frame = requestAnimationFrame(() => (left <= 1 ? run() : step(left - 1)));
  };
  step(ticks);
  return () => cancelAnimationFrame(frame);
}

/**
 * A person's card over their name in the chat: shown on hover or focus after the popover delay of
 * spec 9 (100 ms), at most 400 px wide, on layer 1040; hidden when the pointer or focus leaves.
 */
export function PersonPopover({
  person,
  isSelf,
  children,
}: {
  person: ChatPerson;
  isSelf: boolean;
  children: ReactNode;
}) {
  const target = useId();
  const [state, setState] = useState<PopoverState<ChatPerson>>(CLOSED_POPOVER);
  const [place, setPlace] = useState<{ left: number; top: number } | null>(null);
  const anchor = useRef<HTMLSpanElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancelTicks = useRef<(() => void) | null>(null);

  const clear = () => {
    if (timer.current) clearTimeout(timer.current);
    cancelTicks.current?.();
  };
  useEffect(() => clear, []);

  const open = () => {
    clear();
    timer.current = setTimeout(() => {
      cancelTicks.current = afterTicks(POPOVER_OPEN_TICKS, () => {
        const box = anchor.current?.getBoundingClientRect();
        if (!box) return;
        setPlace({
          left: Math.max(8, Math.min(box.left, window.innerWidth - Math.min(POPOVER_MAX_WIDTH, 320) - 8)),
          top: box.bottom + 6,
        });
        setState((current) => showPopover(current, { target, type: 'person', data: person }));
      });
    }, POPOVER_DELAY_MS);
  };
  const close = () => {
    clear();
    timer.current = setTimeout(() => setState((current) => hidePopover(current, target)), POPOVER_DELAY_MS);
  };

  const shown = state.show && state.target === target && place !== null;
  return (
    <span
      ref={anchor}
      onMouseEnter={open}
      onMouseLeave={close}
      onFocus={open}
      onBlur={close}
      className="inline-block"
    >
      {children}
      {shown
        ? createPortal(
            <div
              role="group"
              aria-label={`About ${person.fullName}`}
              onMouseEnter={open}
              onMouseLeave={close}
              className="fixed w-80 rounded-3xl bg-white p-4 text-ink shadow-xl ring-1 ring-line"
              style={{
                left: place.left,
                top: place.top,
                maxWidth: POPOVER_MAX_WIDTH,
                zIndex: POPOVER_Z_INDEX,
              }}
            >
              <div className="flex items-center gap-3">
                <Avatar person={person} size={3} />
                <div className="min-w-0">
                  <p className="truncate font-display text-lg font-extrabold">{person.fullName}</p>
                  <p className="truncate text-sm text-ink-soft">@{person.username}</p>
                </div>
              </div>
              <div className="mt-3 flex gap-2">
                <Link to={`/${person.username}`} className={buttonClass('secondary')}>
                  View profile
                </Link>
                {!isSelf ? <MessageButton userId={person.id} /> : null}
              </div>
            </div>,
            document.body,
          )
        : null}
    </span>
  );
}
