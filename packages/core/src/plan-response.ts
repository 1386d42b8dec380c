/** RSVP values of spec 4, by response name. `invited` is a response without a value. */
export const PLAN_RESPONSE = {
  attending: 'ATTENDING',
  notattending: 'UNATTENDING',
  nextTime: 'NEXT_TIME',
  interested: 'INTERESTED',
  uninterested: 'UNINTERESTED',
} as const;

export type PlanResponseValue = (typeof PLAN_RESPONSE)[keyof typeof PLAN_RESPONSE];
export type PlanResponseName = 'invited' | keyof typeof PLAN_RESPONSE;

export const PLAN_RESPONSE_NAMES = [
  'invited',
  'attending',
  'notattending',
  'nextTime',
  'interested',
  'uninterested',
] as const satisfies readonly PlanResponseName[];

export const PLAN_RESPONSE_VALUES = [
  'ATTENDING',
  'UNATTENDING',
  'NEXT_TIME',
  'INTERESTED',
  'UNINTERESTED',
] as const satisfies readonly PlanResponseValue[];

const NAME_BY_VALUE: Record<PlanResponseValue, keyof typeof PLAN_RESPONSE> = {
  ATTENDING: 'attending',
  UNATTENDING: 'notattending',
  NEXT_TIME: 'nextTime',
  INTERESTED: 'interested',
  UNINTERESTED: 'uninterested',
};

/** The stored value of a response; `invited` has none. */
export function planResponseValue(name: PlanResponseName): PlanResponseValue | null {
  return name === 'invited' ? null : PLAN_RESPONSE[name];
}

/** The response name of a stored value; no value means the viewer is only invited. */
export function planResponseName(value: PlanResponseValue | null | undefined): PlanResponseName {
  return value == null ? 'invited' : NAME_BY_VALUE[value];
}

export function isPlanResponseValue(value: unknown): value is PlanResponseValue {
  return typeof value === 'string' && Object.hasOwn(NAME_BY_VALUE, value);
}

export function isPlanResponseName(value: unknown): value is PlanResponseName {
  return typeof value === 'string' && (PLAN_RESPONSE_NAMES as readonly string[]).includes(value);
}
