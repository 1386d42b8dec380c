import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePlanPreset } from './plan-preset.ts';
import {
  INVITE_IDEAS,
  INVITE_LEAD_HOURS,
  isKnownTimeZone,
  nextInviteStart,
  suggestedInvites,
  type InviteIdea,
} from './suggested-invites.ts';

const idea = (name: string) => INVITE_IDEAS.find((i) => i.name === name)!;

describe('suggested invites (featuredContentSuggestions)', () => {
  it('puts board game night on the coming Friday evening, in the host’s zone', () => {
    // Wednesday 3 December 2036, 10:00 in Lisbon (UTC+0 in winter).
    const now = new Date('2036-12-03T10:00:00Z');
    const start = nextInviteStart(idea('Board game night'), now, 'Europe/Lisbon');
    expect(start.toString()).toBe('2036-12-05T19:00:00+00:00[Europe/Lisbon]');
    const inNewYork = nextInviteStart(idea('Board game night'), now, 'America/New_York');
    expect(inNewYork.toString()).toBe('2036-12-05T19:00:00-05:00[America/New_York]');
  });

  it('takes today when the time is far enough ahead, else the same day next week', () => {
    const fridayMorning = new Date('2036-12-05T09:00:00Z');
    expect(nextInviteStart(idea('Board game night'), fridayMorning, 'UTC').toString()).toBe(
      '2036-12-05T19:00:00+00:00[UTC]',
    );
    // 16:00 leaves three hours before 19:00: too short a notice.
    const fridayAfternoon = new Date('2036-12-05T16:00:00Z');
    expect(nextInviteStart(idea('Board game night'), fridayAfternoon, 'UTC').toString()).toBe(
      '2036-12-12T19:00:00+00:00[UTC]',
    );
  });

  it('keeps the wall-clock time across a daylight-saving change', () => {
    // Lisbon moves to summer time on Sunday 29 March 2037; the picnic stays at noon.
    const saturday = new Date('2037-03-28T12:00:00Z');
    const start = nextInviteStart(idea('Sunday picnic'), saturday, 'Europe/Lisbon');
    expect(start.toString()).toBe('2037-03-29T12:00:00+01:00[Europe/Lisbon]');
  });

  it('always lands on the idea’s weekday and hour, between the lead time and a week after it', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2030-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }),
        fc.constantFrom(...INVITE_IDEAS),
        fc.constantFrom('UTC', 'Europe/Lisbon', 'America/New_York', 'Asia/Tokyo', 'Australia/Sydney'),
        (now: Date, chosen: InviteIdea, zone: string) => {
          const start = nextInviteStart(chosen, now, zone);
          const ahead = start.epochMilliseconds - now.getTime();
          expect(start.dayOfWeek).toBe(chosen.weekday);
          expect(start.minute).toBe(chosen.minute);
          expect(ahead).toBeGreaterThanOrEqual(INVITE_LEAD_HOURS * 3_600_000);
          expect(ahead).toBeLessThanOrEqual((INVITE_LEAD_HOURS + 7 * 24 + 1) * 3_600_000);
        },
      ),
    );
  });

  it('gives every idea a preset the plan form reads back: a private plan with its times', () => {
    const invites = suggestedInvites(new Date('2036-12-03T10:00:00Z'), 'Europe/Lisbon');
    expect(invites.map((i) => i.priority)).toEqual([...invites.map((i) => i.priority)].sort((a, b) => a - b));
    expect(invites.length).toBeGreaterThanOrEqual(8);
    const games = invites.find((i) => i.name === 'Board game night')!;
    expect(games.date.toISOString()).toBe('2036-12-05T19:00:00.000Z');
    expect(games.preset).toEqual({
      title: 'Board game night',
      description: idea('Board game night').description,
      isPublic: false,
      start: '2036-12-05T19:00',
      end: '2036-12-05T22:00',
    });
    for (const invite of invites) {
      expect(parsePlanPreset(invite.presetHash)).toEqual(invite.preset);
      expect(invite.color).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('knows real time zones and refuses made-up ones', () => {
    expect(isKnownTimeZone('Europe/Lisbon')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});
