/** Recurrence frequencies of spec 3 and 4 and the calendar unit each repeats by. */
export const RECURRENCE_UNIT = {
  DAILY: 'day',
  WEEKLY: 'week',
  MONTHLY: 'month',
  YEARLY: 'year',
} as const;

export type RecurrenceFrequency = keyof typeof RECURRENCE_UNIT;
export type RecurrenceUnit = (typeof RECURRENCE_UNIT)[RecurrenceFrequency];

export const RECURRENCE_FREQUENCIES = [
  'DAILY',
  'WEEKLY',
  'MONTHLY',
  'YEARLY',
] as const satisfies readonly RecurrenceFrequency[];

const FREQUENCY_BY_UNIT: Record<RecurrenceUnit, RecurrenceFrequency> = {
  day: 'DAILY',
  week: 'WEEKLY',
  month: 'MONTHLY',
  year: 'YEARLY',
};

/** Fixed strings of the dialog shown when editing a repeating plan (spec 4). */
export const REPEATING_PLAN_EDIT_PROMPT = 'Apply the changes to:';
export const REPEATING_PLAN_EDIT_CHOICES = {
  all: 'All repeating plans',
  only: 'Only this plan',
} as const;

export function recurrenceUnit(frequency: RecurrenceFrequency): RecurrenceUnit {
  return RECURRENCE_UNIT[frequency];
}

export function recurrenceFrequency(unit: RecurrenceUnit): RecurrenceFrequency {
  return FREQUENCY_BY_UNIT[unit];
}

export function isRecurrenceFrequency(value: unknown): value is RecurrenceFrequency {
  return typeof value === 'string' && Object.hasOwn(RECURRENCE_UNIT, value);
}

export function isRecurrenceUnit(value: unknown): value is RecurrenceUnit {
  return typeof value === 'string' && Object.hasOwn(FREQUENCY_BY_UNIT, value);
}

/**
 * What "Only this plan" may change on one occurrence of a repeating plan (decision 0009); the rest
 * (who can see it, the repeat rule, all-day, chat, hashtags, the zone) belongs to the series.
 */
export const ONLY_THIS_PLAN_FIELDS = [
  'title',
  'description',
  'image',
  'link',
  'outUrl',
  'location',
  'start',
  'end',
] as const;
