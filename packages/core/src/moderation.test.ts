import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MODERATION_ACTIONS,
  REPORT_MODEL_TYPES,
  REPORT_REASONS,
  REPORT_REASON_IDS,
  actionAppliesTo,
  isReasonFor,
  isReportModelType,
  moderationActionLabel,
  reasonListOf,
  reasonsFor,
  reportStatusAfter,
} from './moderation.ts';

describe('report reasons', () => {
  it('have unique ids and words', () => {
    expect(new Set(REPORT_REASONS.map((r) => r.id)).size).toBe(REPORT_REASONS.length);
    expect(new Set(REPORT_REASONS.map((r) => r.content)).size).toBe(REPORT_REASONS.length);
  });

  it('give spec 3 its four lists, each naming known reasons once and ending with "Something else"', () => {
    expect(Object.keys(REPORT_REASON_IDS).sort()).toEqual(['chatMessages', 'events', 'groups', 'users']);
    for (const ids of Object.values(REPORT_REASON_IDS)) {
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(REPORT_REASONS.some((r) => r.id === id)).toBe(true);
      expect(REPORT_REASONS.find((r) => r.id === ids.at(-1))?.content).toBe('Something else');
    }
  });

  it('offer impersonation for people and groups but not for a message or a plan', () => {
    const impersonation = REPORT_REASONS.find((r) => r.content === 'Impersonation')!.id;
    expect(isReasonFor('USER', impersonation)).toBe(true);
    expect(isReasonFor('GROUP', impersonation)).toBe(true);
    expect(isReasonFor('CHAT_MESSAGE', impersonation)).toBe(false);
    expect(isReasonFor('EVENT', impersonation)).toBe(false);
  });

  it('maps each type to its list, and reasonsFor agrees with isReasonFor', () => {
    expect(REPORT_MODEL_TYPES.map(reasonListOf)).toEqual(['events', 'groups', 'users', 'chatMessages']);
    fc.assert(
      fc.property(fc.constantFrom(...REPORT_MODEL_TYPES), fc.integer({ min: -5, max: 20 }), (type, id) => {
        expect(reasonsFor(type).some((r) => r.id === id)).toBe(isReasonFor(type, id));
      }),
    );
  });

  it('recognises the model types and nothing else', () => {
    expect(isReportModelType('CHAT_MESSAGE')).toBe(true);
    expect(isReportModelType('PLAN')).toBe(false);
    expect(isReportModelType('event')).toBe(false);
  });
});

describe('moderation actions', () => {
  it('block or allow explore only for plans and groups', () => {
    for (const action of ['BLOCK_EXPLORE', 'ENABLE_EXPLORE'] as const) {
      expect(actionAppliesTo(action, 'EVENT')).toBe(true);
      expect(actionAppliesTo(action, 'GROUP')).toBe(true);
      expect(actionAppliesTo(action, 'USER')).toBe(false);
      expect(actionAppliesTo(action, 'CHAT_MESSAGE')).toBe(false);
    }
    for (const type of REPORT_MODEL_TYPES) {
      expect(actionAppliesTo('HIDE', type)).toBe(true);
      expect(actionAppliesTo('SUSPEND_USER', type)).toBe(true);
    }
  });

  it('dismiss reports with DISMISS and resolve them with every other action', () => {
    for (const action of MODERATION_ACTIONS)
      expect(reportStatusAfter(action)).toBe(action === 'DISMISS' ? 'DISMISSED' : 'RESOLVED');
  });

  it('have a label for every log action', () => {
    for (const action of [...MODERATION_ACTIONS, 'GRANT_ADMIN', 'REVOKE_ADMIN'] as const)
      expect(moderationActionLabel(action)).toMatch(/^[A-Z]/);
  });
});
