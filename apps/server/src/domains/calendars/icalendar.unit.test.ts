import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { occurrenceStarts } from '@plaza/core/plan-occurrences';
import { wallClockOf } from '@plaza/core/plan-time';
import type { PlanOccurrenceRow, PlanRow } from '../plans/plan-loaders.ts';
import { escapeText, foldLine, renderCalendar } from './icalendar.ts';
import { occurrenceEvent, planEvents } from './plan-events.ts';

const PUBLIC_URL = 'https://plaza.example';
const NOW = new Date('2026-10-01T12:00:00Z');

function planRow(fields: Partial<PlanRow>): PlanRow {
  return {
    id: 1,
    key: 'Pk3yAbCdEf',
    inviteKey: 'secretinvitekey1',
    slug: 'climbing',
    title: 'Climbing',
    description: '',
    image: null,
    link: null,
    outUrl: null,
    creatorId: 1,
    groupId: null,
    organizationId: null,
    timezone: 'UTC',
    allDay: false,
    startsAt: new Date('2026-10-13T16:00:00Z'),
    endsAt: new Date('2026-10-13T18:00:00Z'),
    locationName: null,
    address: null,
    city: null,
    state: null,
    latitude: null,
    longitude: null,
    locationQuery: null,
    recurrence: null,
    exploreStatus: 'ENABLED',
    chatEnabled: true,
    viewMask: 1,
    modifyMask: 64,
    shareMask: 1,
    createChatImageMask: 1,
    createChatMessageMask: 1,
    createChatPollMask: 1,
    createChatVideoMask: 1,
    hashtags: [],
    isDemo: false,
    createdAt: new Date('2026-09-01T10:00:00Z'),
    updatedAt: new Date('2026-09-02T10:00:00Z'),
    ...fields,
  } as PlanRow;
}

function exception(fields: Partial<PlanOccurrenceRow> & { occurrenceStart: Date }): PlanOccurrenceRow {
  return {
    planId: 1,
    cancelled: false,
    startsAt: fields.occurrenceStart,
    endsAt: new Date(fields.occurrenceStart.getTime() + 2 * 3_600_000),
    changes: {},
    ...fields,
  };
}

const parse = (text: string) =>
  Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe('a weekly plan in Berlin across the end of summer time', () => {
  // Tuesdays 18:00 in Berlin from 13 Oct 2026 (CEST, UTC+2) to 10 Nov (CET, UTC+1).
  const plan = planRow({
    timezone: 'Europe/Berlin',
    city: 'Berlin',
    locationName: 'Boulderhalle',
    latitude: 52_520_008,
    longitude: 13_404_954,
    recurrence: { frequency: 'WEEKLY', byDay: ['TU'], endDate: '2026-11-10' },
  });
  const cancelled = new Date('2026-10-20T16:00:00Z');
  const moved = new Date('2026-10-27T17:00:00Z');
  const exceptions = [
    exception({ occurrenceStart: cancelled, cancelled: true }),
    exception({
      occurrenceStart: moved,
      startsAt: new Date('2026-10-27T18:00:00Z'),
      endsAt: new Date('2026-10-27T20:00:00Z'),
      changes: { title: 'Climbing, late' },
    }),
  ];
  const text = renderCalendar({ now: NOW, events: planEvents(plan, exceptions, { publicUrl: PUBLIC_URL }) });
  const events = parse(text);
  const master = events.find((e) => !e.recurrenceid)!;

  it('writes the RRULE, the zone and a VTIMEZONE', () => {
    expect(text).toContain('RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20261110T225959Z');
    expect(text).toContain('DTSTART;TZID=Europe/Berlin:20261013T180000');
    expect(text).toMatch(/BEGIN:VTIMEZONE\r\nTZID:Europe\/Berlin\r\n/);
    expect(text).toContain('TZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100');
    expect(master.uid).toBe(`${plan.key}@plaza.example`);
    expect(master.start.tz).toBe('Europe/Berlin');
    expect(master.rrule?.toString()).toContain('FREQ=WEEKLY');
    expect(master.rrule?.toString()).toContain('BYDAY=TU');
    expect(master.summary).toBe('Climbing');
    expect(master.location).toBe('Boulderhalle, Berlin');
    expect(master.geo).toEqual({ lat: 52.520008, lon: 13.404954 });
    expect(master.url).toBe(`${PUBLIC_URL}/climbing/${plan.key}`);
  });

  it('imports to the same occurrences Plaza computes: 18:00 before and after the change, the cancelled one left out, the moved one moved', () => {
    const instances = ical.expandRecurringEvent(master, {
      from: new Date('2026-10-01T00:00:00Z'),
      to: new Date('2026-12-31T00:00:00Z'),
    });
    expect(iso(instances.map((i) => i.start))).toEqual([
      '2026-10-13T16:00:00.000Z',
      '2026-10-27T18:00:00.000Z',
      '2026-11-03T17:00:00.000Z',
      '2026-11-10T17:00:00.000Z',
    ]);
    const plaza = occurrenceStarts(
      { start: plan.startsAt, timezone: plan.timezone, recurrence: plan.recurrence! },
      new Date('2026-10-01T00:00:00Z'),
      new Date('2026-12-31T00:00:00Z'),
    ).filter((d) => d.getTime() !== cancelled.getTime());
    expect(plaza.map((d) => wallClockOf(d, 'Europe/Berlin').hour)).toEqual([18, 18, 18, 18]);
    expect(instances.find((i) => i.isOverride)?.summary).toBe('Climbing, late');
    const exdates = Object.values(master.exdate ?? {}).map((d) => (d as Date).toISOString());
    expect(exdates).toContain(cancelled.toISOString());
  });

  it('writes the changed occurrence as a RECURRENCE-ID event under the same UID', () => {
    expect(text).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20261027T180000');
    const override = Object.values(master.recurrences ?? {})[0] as VEvent | undefined;
    expect(override?.summary).toBe('Climbing, late');
    expect(override?.start.toISOString()).toBe('2026-10-27T18:00:00.000Z');
  });
});

describe('the end date of a repeating plan west of UTC', () => {
  it('keeps an evening occurrence on the end date (UNTIL is the end of that day in the plan’s zone)', () => {
    // Fridays 19:00 in New York until Friday 2026-12-18: 19:00 EST is already 00:00 UTC next day.
    const plan = planRow({
      timezone: 'America/New_York',
      city: 'New York',
      startsAt: new Date('2026-12-05T00:00:00Z'),
      endsAt: new Date('2026-12-05T02:00:00Z'),
      recurrence: { frequency: 'WEEKLY', endDate: '2026-12-18' },
    });
    const [master] = parse(
      renderCalendar({ now: NOW, events: planEvents(plan, [], { publicUrl: PUBLIC_URL }) }),
    );
    const instances = ical.expandRecurringEvent(master!, {
      from: new Date('2026-12-01T00:00:00Z'),
      to: new Date('2027-01-31T00:00:00Z'),
    });
    expect(iso(instances.map((i) => i.start))).toEqual([
      '2026-12-05T00:00:00.000Z',
      '2026-12-12T00:00:00.000Z',
      '2026-12-19T00:00:00.000Z',
    ]);
  });

  it('writes a monthly plan on its ordinal weekday, and leaves out a first start the rule does not name', () => {
    // 2026-12-08 is the 2nd Tuesday; a weekly rule on Thursdays does not include a Tuesday start.
    const monthly = planRow({
      startsAt: new Date('2026-12-08T19:00:00Z'),
      endsAt: new Date('2026-12-08T20:00:00Z'),
      recurrence: { frequency: 'MONTHLY', monthly: 'ORDINAL_WEEKDAY' },
    });
    expect(
      renderCalendar({ now: NOW, events: planEvents(monthly, [], { publicUrl: PUBLIC_URL }) }),
    ).toContain('RRULE:FREQ=MONTHLY;BYDAY=2TU\r\n');
    const offRule = planRow({
      startsAt: new Date('2026-12-08T19:00:00Z'),
      endsAt: new Date('2026-12-08T20:00:00Z'),
      recurrence: { frequency: 'WEEKLY', byDay: ['TH'] },
    });
    const [master] = parse(
      renderCalendar({ now: NOW, events: planEvents(offRule, [], { publicUrl: PUBLIC_URL }) }),
    );
    const instances = ical.expandRecurringEvent(master!, {
      from: new Date('2026-12-01T00:00:00Z'),
      to: new Date('2026-12-20T00:00:00Z'),
    });
    expect(iso(instances.map((i) => i.start))).toEqual([
      '2026-12-10T19:00:00.000Z',
      '2026-12-17T19:00:00.000Z',
    ]);
  });
});

describe('all-day and UTC plans', () => {
  it('writes an all-day plan as dates, its end exclusive', () => {
    // Stored as midnight to midnight in Lisbon: 10 and 11 July, ending at the start of the 12th.
    const plan = planRow({
      timezone: 'Europe/Lisbon',
      city: 'Lisbon',
      allDay: true,
      startsAt: new Date('2027-07-09T23:00:00Z'),
      endsAt: new Date('2027-07-11T23:00:00Z'),
    });
    const text = renderCalendar({ now: NOW, events: planEvents(plan, [], { publicUrl: PUBLIC_URL }) });
    expect(text).toContain('DTSTART;VALUE=DATE:20270710\r\nDTEND;VALUE=DATE:20270712\r\n');
    expect(text).not.toContain('VTIMEZONE');
    const [event] = parse(text);
    expect(event!.datetype).toBe('date');
    expect(event!.start.dateOnly).toBe(true);
  });

  it('writes a repeating all-day plan with a DATE UNTIL and DATE EXDATEs', () => {
    const plan = planRow({
      allDay: true,
      startsAt: new Date('2027-01-04T00:00:00Z'),
      endsAt: new Date('2027-01-05T00:00:00Z'),
      recurrence: { frequency: 'WEEKLY', endDate: '2027-01-25' },
    });
    const text = renderCalendar({
      now: NOW,
      events: planEvents(
        plan,
        [exception({ occurrenceStart: new Date('2027-01-11T00:00:00Z'), cancelled: true })],
        {
          publicUrl: PUBLIC_URL,
        },
      ),
    });
    expect(text).toContain('RRULE:FREQ=WEEKLY;UNTIL=20270125\r\n');
    expect(text).toContain('EXDATE;VALUE=DATE:20270111\r\n');
    const [master] = parse(text);
    const instances = ical.expandRecurringEvent(master!, {
      from: new Date('2027-01-01T00:00:00Z'),
      to: new Date('2027-02-28T00:00:00Z'),
    });
    expect(instances.map((i) => i.start.toISOString().slice(0, 10))).toEqual([
      '2027-01-04',
      '2027-01-18',
      '2027-01-25',
    ]);
  });

  it('writes a plan without a place in UTC, with Z and no VTIMEZONE', () => {
    const text = renderCalendar({ now: NOW, events: planEvents(planRow({}), [], { publicUrl: PUBLIC_URL }) });
    expect(text).toContain('DTSTART:20261013T160000Z\r\nDTEND:20261013T180000Z\r\n');
    expect(text).toContain('DTSTAMP:20261001T120000Z');
    expect(text).not.toContain('VTIMEZONE');
  });

  it('gives one occurrence of a series its own UID for feeds', () => {
    const plan = planRow({ recurrence: { frequency: 'DAILY' } });
    const event = occurrenceEvent(
      plan,
      {
        key: '2026-10-14T16:00:00.000Z',
        startsAt: new Date('2026-10-14T16:00:00Z'),
        endsAt: new Date('2026-10-14T18:00:00Z'),
        changes: {},
      },
      { publicUrl: PUBLIC_URL, status: 'TENTATIVE' },
    );
    expect(event.uid).toBe(`${plan.key}-20261014T160000Z@plaza.example`);
    expect(event.rrule).toBeUndefined();
    const [parsed] = parse(renderCalendar({ now: NOW, events: [event] }));
    expect(parsed!.status).toBe('TENTATIVE');
    expect(parsed!.url).toBe(`${PUBLIC_URL}/climbing/${plan.key}?occurrence=2026-10-14T16%3A00%3A00.000Z`);
  });
});

describe('text, escaping and folding', () => {
  it('escapes backslash, semicolon, comma and newlines, and reads back the same', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
    const title = 'Picnic; bring food, drinks \\ blankets';
    const description = `Line one, with a comma.\nLine two; ${'long words and ünïcödé 🎉 '.repeat(12).trim()}`;
    const text = renderCalendar({
      now: NOW,
      events: planEvents(planRow({ title, description }), [], { publicUrl: PUBLIC_URL }),
    });
    const [event] = parse(text);
    expect(event!.summary).toBe(title);
    expect(event!.description).toBe(`${description}\n\n${PUBLIC_URL}/climbing/Pk3yAbCdEf`);
  });

  it('ends lines with CRLF and folds them at 75 octets without splitting a character', () => {
    const long = `DESCRIPTION:${'ü🎉a'.repeat(40)}`;
    const folded = foldLine(long);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    expect(lines.map((line, i) => (i === 0 ? line : line.slice(1))).join('')).toBe(long);
    const text = renderCalendar({
      now: NOW,
      events: planEvents(planRow({ description: 'x'.repeat(300) }), [], { publicUrl: PUBLIC_URL }),
    });
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });
});
