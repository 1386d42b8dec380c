import { describe, expect, it } from 'vitest';
import { CLOSED_POPOVER, hidePopover, setPopoverType, showPopover } from './popover-state.ts';

describe('popover state (spec 4)', () => {
  const open = showPopover(CLOSED_POPOVER, {
    target: 'a',
    type: 'profile',
    data: { id: 1 },
    chatThreadId: 't1',
  });

  it('opens for a target with its type, data and thread', () => {
    expect(open).toEqual({ target: 'a', type: 'profile', data: { id: 1 }, show: true, chatThreadId: 't1' });
  });

  it('with update for the same target only swaps the data', () => {
    const updated = showPopover(open, { target: 'a', type: 'other', data: { id: 2 }, update: true });
    expect(updated).toEqual({ ...open, data: { id: 2 } });
  });

  it('with update for another target opens afresh', () => {
    const other = showPopover(open, { target: 'b', type: 'profile', data: { id: 3 }, update: true });
    expect(other).toEqual({ target: 'b', type: 'profile', data: { id: 3 }, show: true, chatThreadId: null });
  });

  it('hides only for its own target, clearing target and thread', () => {
    expect(hidePopover(open, 'b')).toBe(open);
    expect(hidePopover(open, 'a')).toEqual({
      target: null,
      type: 'profile',
      data: { id: 1 },
      show: false,
      chatThreadId: null,
    });
  });

  it('can change its type', () => {
    expect(setPopoverType(open, 'menu')).toEqual({ ...open, type: 'menu' });
  });
});
