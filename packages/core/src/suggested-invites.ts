import { Temporal } from 'temporal-polyfill';
import { planPresetHash, type PlanPreset } from './plan-preset.ts';

/**
 * Plan ideas offered to someone who might host (spec 3 "Featured content suggestions":
 * suggestedInvites with name, priority, date, color, contentImage). Each idea has a usual day and
 * time; its date is the next such moment far enough ahead to invite people, in the host's zone.
 */
export interface InviteIdea {
  name: string;
  /** 1 is shown first. */
  priority: number;
  /** Background of the idea's card, a hex colour. */
  color: string;
  emoji: string;
  description: string;
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: number;
  hour: number;
  minute: number;
  minutes: number;
}

export const INVITE_IDEAS: readonly InviteIdea[] = [
  {
    name: 'Board game night',
    priority: 1,
    color: '#6d28d9',
    emoji: '🎲',
    description: 'Bring your favourite game, we’ll bring snacks.',
    weekday: 5,
    hour: 19,
    minute: 0,
    minutes: 180,
  },
  {
    name: 'Sunday picnic',
    priority: 2,
    color: '#15803d',
    emoji: '🧺',
    description: 'Blankets, sandwiches and sunshine. Bring something to share.',
    weekday: 7,
    hour: 12,
    minute: 0,
    minutes: 180,
  },
  {
    name: 'Dinner party',
    priority: 3,
    color: '#b91c1c',
    emoji: '🍝',
    description: 'A long table, good food and better company.',
    weekday: 6,
    hour: 19,
    minute: 30,
    minutes: 180,
  },
  {
    name: 'Brunch',
    priority: 4,
    color: '#c2410c',
    emoji: '🥞',
    description: 'Pancakes, coffee and the week’s stories.',
    weekday: 7,
    hour: 11,
    minute: 0,
    minutes: 120,
  },
  {
    name: 'Movie night',
    priority: 5,
    color: '#1d4ed8',
    emoji: '🍿',
    description: 'Popcorn and a film we vote on together.',
    weekday: 3,
    hour: 20,
    minute: 0,
    minutes: 150,
  },
  {
    name: 'Morning run',
    priority: 6,
    color: '#0f766e',
    emoji: '🏃',
    description: 'An easy 5 km at a chatting pace, coffee after.',
    weekday: 6,
    hour: 8,
    minute: 0,
    minutes: 60,
  },
  {
    name: 'Day hike',
    priority: 7,
    color: '#4d7c0f',
    emoji: '🥾',
    description: 'A day on the trails. Good shoes, water and lunch.',
    weekday: 6,
    hour: 9,
    minute: 0,
    minutes: 360,
  },
  {
    name: 'Karaoke night',
    priority: 8,
    color: '#be185d',
    emoji: '🎤',
    description: 'Everyone sings at least once. No judging.',
    weekday: 5,
    hour: 21,
    minute: 0,
    minutes: 180,
  },
  {
    name: 'Book club',
    priority: 9,
    color: '#92400e',
    emoji: '📚',
    description: 'One book, many opinions. Finished or not, come along.',
    weekday: 4,
    hour: 19,
    minute: 0,
    minutes: 120,
  },
  {
    name: 'Coffee catch-up',
    priority: 10,
    color: '#57534e',
    emoji: '☕',
    description: 'A quick coffee before the day gets busy.',
    weekday: 2,
    hour: 8,
    minute: 30,
    minutes: 60,
  },
];

/** An idea is offered for a moment at least this far ahead, so people have time to answer. */
export const INVITE_LEAD_HOURS = 4;

export interface SuggestedInvite {
  name: string;
  priority: number;
  /** When the plan would start. */
  date: Date;
  color: string;
  emoji: string;
  /** No built-in pictures: the card shows the emoji on its colour. */
  contentImage: string | null;
  /** What the plan form's URL hash takes (spec 2.3), unencoded. */
  preset: PlanPreset;
  /** `preset` as the hash to append to the plan form's path. */
  presetHash: string;
}

/** The idea's next start in `timeZone`, at least INVITE_LEAD_HOURS after `now`. */
export function nextInviteStart(idea: InviteIdea, now: Date, timeZone: string): Temporal.ZonedDateTime {
  const here = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timeZone);
  const earliest = here.add({ hours: INVITE_LEAD_HOURS });
  let day = here.toPlainDate().add({ days: (idea.weekday - here.dayOfWeek + 7) % 7 });
  for (;;) {
    const start = day
      .toPlainDateTime({ hour: idea.hour, minute: idea.minute })
      .toZonedDateTime(timeZone, { disambiguation: 'later' });
    if (Temporal.ZonedDateTime.compare(start, earliest) >= 0) return start;
    day = day.add({ days: 7 });
  }
}

const wall = (time: Temporal.ZonedDateTime) => time.toPlainDateTime().toString({ smallestUnit: 'minute' });

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    Temporal.Now.zonedDateTimeISO(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The ideas with their next dates in `timeZone`, by priority. Each preset opens a private plan
 * (an invitation to friends; spec 5 keeps hashtags for public plans) with its title, words and times.
 */
export function suggestedInvites(now: Date, timeZone: string, ideas = INVITE_IDEAS): SuggestedInvite[] {
  return [...ideas]
    .sort((a, b) => a.priority - b.priority)
    .map((idea) => {
      const start = nextInviteStart(idea, now, timeZone);
      const preset: PlanPreset = {
        title: idea.name,
        description: idea.description,
        isPublic: false,
        start: wall(start),
        end: wall(start.add({ minutes: idea.minutes })),
      };
      return {
        name: idea.name,
        priority: idea.priority,
        date: new Date(start.epochMilliseconds),
        color: idea.color,
        emoji: idea.emoji,
        contentImage: null,
        preset,
        presetHash: planPresetHash(preset),
      };
    });
}
