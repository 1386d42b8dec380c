/** Send state of a chat message on the client (spec 4). */
export const MESSAGE_SEND_STATE = {
  ERROR: 0,
  READY: 1,
  SENDING: 2,
  SEND: 3,
  CLEARED: 4,
} as const;

export type MessageSendStateName = keyof typeof MESSAGE_SEND_STATE;
export type MessageSendState = (typeof MESSAGE_SEND_STATE)[MessageSendStateName];

const NAMES = [
  'ERROR',
  'READY',
  'SENDING',
  'SEND',
  'CLEARED',
] as const satisfies readonly MessageSendStateName[];

export function isMessageSendState(value: unknown): value is MessageSendState {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < NAMES.length;
}

export function messageSendStateName(state: MessageSendState): MessageSendStateName {
  const name = NAMES[state];
  if (name === undefined) throw new RangeError(`Unknown message send state ${String(state)}`);
  return name;
}
