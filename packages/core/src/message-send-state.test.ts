import { describe, it, expect } from 'vitest';
import { MESSAGE_SEND_STATE, isMessageSendState, messageSendStateName } from './message-send-state.ts';

describe('message send state', () => {
  it('has the values of spec 4', () => {
    expect(MESSAGE_SEND_STATE).toEqual({ ERROR: 0, READY: 1, SENDING: 2, SEND: 3, CLEARED: 4 });
  });

  it('names every state', () => {
    for (const [name, value] of Object.entries(MESSAGE_SEND_STATE))
      expect(messageSendStateName(value)).toBe(name);
  });

  it('rejects a number that is no state', () => {
    expect(() => messageSendStateName(5 as never)).toThrow(RangeError);
  });

  it('recognises states', () => {
    expect(isMessageSendState(0)).toBe(true);
    expect(isMessageSendState(4)).toBe(true);
    expect(isMessageSendState(5)).toBe(false);
    expect(isMessageSendState(-1)).toBe(false);
    expect(isMessageSendState(1.5)).toBe(false);
    expect(isMessageSendState('1')).toBe(false);
  });
});
