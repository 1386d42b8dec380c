import { describe, it, expect } from 'vitest';
import {
  RECURRENCE_FREQUENCIES,
  REPEATING_PLAN_EDIT_CHOICES,
  REPEATING_PLAN_EDIT_PROMPT,
  isRecurrenceFrequency,
  isRecurrenceUnit,
  recurrenceFrequency,
  recurrenceUnit,
} from './recurrence.ts';

describe('recurrence', () => {
  it('maps DAILY, WEEKLY, MONTHLY, YEARLY to day, week, month, year', () => {
    expect(RECURRENCE_FREQUENCIES.map(recurrenceUnit)).toEqual(['day', 'week', 'month', 'year']);
  });

  it('maps units back to frequencies', () => {
    expect(recurrenceFrequency('day')).toBe('DAILY');
    expect(recurrenceFrequency('week')).toBe('WEEKLY');
    expect(recurrenceFrequency('month')).toBe('MONTHLY');
    expect(recurrenceFrequency('year')).toBe('YEARLY');
  });

  it('names every frequency with the LY ending', () => {
    for (const frequency of RECURRENCE_FREQUENCIES) expect(frequency.endsWith('LY')).toBe(true);
  });

  it('recognises frequencies and units, not inherited keys', () => {
    expect(isRecurrenceFrequency('WEEKLY')).toBe(true);
    expect(isRecurrenceFrequency('weekly')).toBe(false);
    expect(isRecurrenceFrequency('constructor')).toBe(false);
    expect(isRecurrenceUnit('month')).toBe(true);
    expect(isRecurrenceUnit('MONTHLY')).toBe(false);
  });

  it('has the repeating-plan edit strings of spec 4', () => {
    expect(REPEATING_PLAN_EDIT_PROMPT).toBe('Apply the changes to:');
    expect(REPEATING_PLAN_EDIT_CHOICES).toEqual({ all: 'All repeating plans', only: 'Only this plan' });
  });
});
