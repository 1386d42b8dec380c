import { describe, expect, it } from 'vitest';
import { planFormPayload, type PlanFormValues } from './plan-form.ts';

const form: PlanFormValues = {
  isPublic: false,
  allDay: false,
  start: '2026-12-04T18:00',
  end: '2026-12-04T20:30',
  timezone: 'Europe/Berlin',
  address: 'Oranienstraße 1',
  city: 'Berlin',
  hashtags: ['hiking'],
  recurring: { frequency: 'WEEKLY', byDay: ['FR'] },
};
const now = new Date('2026-12-01T09:20:00Z');

describe('event form on save (spec 5)', () => {
  it('removes recurrence when the plan is public', () => {
    expect(planFormPayload({ ...form, isPublic: true }, now).recurring).toBeNull();
    expect(planFormPayload(form, now).recurring).toEqual({ frequency: 'WEEKLY', byDay: ['FR'] });
  });

  it('sends hashtags only for public plans', () => {
    expect(planFormPayload({ ...form, isPublic: true }, now).hashtags).toEqual(['hiking']);
    expect(planFormPayload(form, now)).not.toHaveProperty('hashtags');
  });

  it('sends an all-day end date one day later', () => {
    const payload = planFormPayload({ ...form, allDay: true, start: '2026-12-04', end: '2026-12-06' }, now);
    expect(payload).toMatchObject({ start: '2026-12-04', end: '2026-12-07' });
    const oneDay = planFormPayload({ ...form, allDay: true, start: '2026-12-31', end: null }, now);
    expect(oneDay).toMatchObject({ start: '2026-12-31', end: '2027-01-01' });
  });

  it('falls back to the next full hour and one hour after it when start and end are missing', () => {
    const payload = planFormPayload({ ...form, start: null, end: '' }, now);
    // 09:20 UTC is 10:20 in Berlin: the next full hour there is 11:00.
    expect(payload).toMatchObject({ start: '2026-12-01T11:00', end: '2026-12-01T12:00' });
  });

  it('ends one hour after a given start when only the end is missing', () => {
    expect(planFormPayload({ ...form, end: null }, now)).toMatchObject({ end: '2026-12-04T19:00' });
    expect(planFormPayload({ ...form, start: '2026-12-31T23:30', end: null }, now).end).toBe(
      '2027-01-01T00:30',
    );
  });

  it('keeps UTC when the plan has no address or city', () => {
    expect(planFormPayload({ ...form, address: null, city: ' ' }, now).timezone).toBe('UTC');
    expect(planFormPayload({ ...form, address: null }, now).timezone).toBe('Europe/Berlin');
  });
});
