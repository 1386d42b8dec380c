import { describe, it, expect } from 'vitest';
import {
  PLAN_RESPONSE,
  PLAN_RESPONSE_NAMES,
  PLAN_RESPONSE_VALUES,
  isPlanResponseName,
  isPlanResponseValue,
  planResponseName,
  planResponseValue,
} from './plan-response.ts';

describe('plan responses', () => {
  it('maps the response names of spec 4 to their values', () => {
    expect(PLAN_RESPONSE).toEqual({
      attending: 'ATTENDING',
      notattending: 'UNATTENDING',
      nextTime: 'NEXT_TIME',
      interested: 'INTERESTED',
      uninterested: 'UNINTERESTED',
    });
    expect(PLAN_RESPONSE_VALUES).toEqual(Object.values(PLAN_RESPONSE));
  });

  it('gives invited no value', () => {
    expect(planResponseValue('invited')).toBeNull();
    expect(planResponseName(null)).toBe('invited');
    expect(planResponseName(undefined)).toBe('invited');
  });

  it('round-trips every response name', () => {
    for (const name of PLAN_RESPONSE_NAMES) {
      expect(planResponseName(planResponseValue(name))).toBe(name);
    }
  });

  it('maps values back to names', () => {
    expect(planResponseName('UNATTENDING')).toBe('notattending');
    expect(planResponseName('NEXT_TIME')).toBe('nextTime');
  });

  it('recognises only the listed values and names', () => {
    expect(isPlanResponseValue('NEXT_TIME')).toBe(true);
    expect(isPlanResponseValue('attending')).toBe(false);
    expect(isPlanResponseValue('INVITED')).toBe(false);
    expect(isPlanResponseValue(null)).toBe(false);
    expect(isPlanResponseName('invited')).toBe(true);
    expect(isPlanResponseName('nexttime')).toBe(false);
    expect(isPlanResponseName('ATTENDING')).toBe(false);
  });
});
