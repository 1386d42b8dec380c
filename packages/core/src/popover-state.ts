/**
 * Popover state of spec 4 ("Interface states"): target, type, data, show and the chat thread it
 * belongs to. Pure transitions; the web's hook applies them.
 */
export interface PopoverState<T = unknown> {
  /** What the popover points at (an element id), or null when none. */
  target: string | null;
  type: string | null;
  data: T | null;
  show: boolean;
  /** The chat thread the popover was opened in, if any. */
  chatThreadId: string | null;
}

export const CLOSED_POPOVER: PopoverState<never> = Object.freeze({
  target: null,
  type: null,
  data: null,
  show: false,
  chatThreadId: null,
});

/**
 * Opens the popover for a target. Showing again for the same target with `update` only swaps the
 * data (it stays where it is and keeps its type). Opening is visible after two render ticks; the
 * caller delays `show` (see `POPOVER_OPEN_TICKS`).
 */
export function showPopover<T>(
  state: PopoverState<T>,
  request: { target: string; type: string; data: T; update?: boolean; chatThreadId?: string | null },
): PopoverState<T> {
  if (request.update && state.target === request.target) return { ...state, data: request.data };
  return {
    target: request.target,
    type: request.type,
    data: request.data,
    show: true,
    chatThreadId: request.chatThreadId ?? null,
  };
}

/** Hides the popover only when asked for its own target; clears target and thread. */
export function hidePopover<T>(state: PopoverState<T>, target: string): PopoverState<T> {
  if (state.target !== target) return state;
  return { ...state, target: null, show: false, chatThreadId: null };
}

/** Changes what kind of popover is shown, keeping its target and data. */
export function setPopoverType<T>(state: PopoverState<T>, type: string): PopoverState<T> {
  return { ...state, type };
}

/** Spec 4: a popover opens for its target after two render ticks. */
export const POPOVER_OPEN_TICKS = 2;
