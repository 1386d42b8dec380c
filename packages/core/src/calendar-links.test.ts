import { describe, expect, it } from 'vitest';
import {
  calendarLocation,
  googleCalendarLink,
  outlookCalendarLink,
  type CalendarLinkEvent,
} from './calendar-links.ts';
import { calendarRule } from './calendar-rule.ts';

const dinner: CalendarLinkEvent = {
  title: 'Rooftop dinner & drinks',
  description: 'Bring a dish.',
  location: 'Terraço, Rua do Sol 1, Lisbon',
  url: 'https://plaza.example/rooftop-dinner/AbCdEfGh12',
  // 19:30 to 22:00 in Lisbon summer time (UTC+1).
  start: new Date('2027-07-10T18:30:00Z'),
  end: new Date('2027-07-10T21:00:00Z'),
  timezone: 'Europe/Lisbon',
  allDay: false,
};

const paramsOf = (link: string) => new URL(link).searchParams;

describe('Google Calendar links', () => {
  it('give the plan’s wall-clock times with its zone, the details with the plan page, and the place', () => {
    const link = googleCalendarLink(dinner);
    expect(link.startsWith('https://calendar.google.com/calendar/render?')).toBe(true);
    const params = paramsOf(link);
    expect(params.get('action')).toBe('TEMPLATE');
    expect(params.get('text')).toBe('Rooftop dinner & drinks');
    expect(params.get('dates')).toBe('20270710T193000/20270710T220000');
    expect(params.get('ctz')).toBe('Europe/Lisbon');
    expect(params.get('details')).toBe(`Bring a dish.\n\n${dinner.url}`);
    expect(params.get('location')).toBe('Terraço, Rua do Sol 1, Lisbon');
    expect(params.has('recur')).toBe(false);
  });

  it('add a repeating plan with its RRULE', () => {
    const weekly = {
      ...dinner,
      recurrence: { frequency: 'WEEKLY' as const, byDay: ['SA' as const], endDate: '2027-08-28' },
    };
    expect(paramsOf(googleCalendarLink(weekly)).get('recur')).toBe(
      'RRULE:FREQ=WEEKLY;BYDAY=SA;UNTIL=20270828T225959Z',
    );
  });

  it('give dates for all-day plans, the end exclusive, and no zone', () => {
    const params = paramsOf(
      googleCalendarLink({
        ...dinner,
        allDay: true,
        start: new Date('2027-07-09T23:00:00Z'),
        end: new Date('2027-07-11T23:00:00Z'),
      }),
    );
    expect(params.get('dates')).toBe('20270710/20270712');
    expect(params.has('ctz')).toBe(false);
  });

  it('cut a long description and leave out an empty place', () => {
    const params = paramsOf(googleCalendarLink({ ...dinner, description: 'x'.repeat(5000), location: null }));
    expect(params.get('details')!.length).toBeLessThan(1100);
    expect(params.get('details')!.endsWith(dinner.url)).toBe(true);
    expect(params.has('location')).toBe(false);
  });
});

describe('Outlook links', () => {
  it('give the times with the zone’s offset', () => {
    const link = outlookCalendarLink(dinner);
    expect(link.startsWith('https://outlook.live.com/calendar/0/deeplink/compose?')).toBe(true);
    const params = paramsOf(link);
    expect(params.get('path')).toBe('/calendar/action/compose');
    expect(params.get('rru')).toBe('addevent');
    expect(params.get('subject')).toBe('Rooftop dinner & drinks');
    expect(params.get('startdt')).toBe('2027-07-10T19:30:00+01:00');
    expect(params.get('enddt')).toBe('2027-07-10T22:00:00+01:00');
    expect(params.get('allday')).toBe('false');
    expect(params.get('body')).toBe(`Bring a dish.\n\n${dinner.url}`);
    expect(params.get('location')).toBe(dinner.location);
  });

  it('give dates for all-day plans', () => {
    const params = paramsOf(
      outlookCalendarLink({
        ...dinner,
        allDay: true,
        start: new Date('2027-07-09T23:00:00Z'),
        end: new Date('2027-07-10T23:00:00Z'),
      }),
    );
    expect(params.get('startdt')).toBe('2027-07-10');
    expect(params.get('enddt')).toBe('2027-07-11');
    expect(params.get('allday')).toBe('true');
  });
});

describe('calendar rules', () => {
  const start = new Date('2026-12-08T19:00:00Z'); // the 2nd Tuesday of December
  it('name weekly days in order, ordinal weekdays (the fifth as the last) and the end', () => {
    expect(
      calendarRule({
        start,
        timezone: 'UTC',
        allDay: false,
        recurrence: { frequency: 'WEEKLY', byDay: ['TH', 'MO'] },
      }),
    ).toBe('FREQ=WEEKLY;BYDAY=MO,TH');
    expect(
      calendarRule({
        start,
        timezone: 'UTC',
        allDay: false,
        recurrence: { frequency: 'MONTHLY', monthly: 'ORDINAL_WEEKDAY' },
      }),
    ).toBe('FREQ=MONTHLY;BYDAY=2TU');
    expect(
      calendarRule({
        start: new Date('2026-12-29T19:00:00Z'),
        timezone: 'UTC',
        allDay: false,
        recurrence: { frequency: 'MONTHLY', monthly: 'ORDINAL_WEEKDAY' },
      }),
    ).toBe('FREQ=MONTHLY;BYDAY=-1TU');
    expect(
      calendarRule({
        start,
        timezone: 'UTC',
        allDay: false,
        recurrence: { frequency: 'MONTHLY', monthly: 'DAY_OF_MONTH' },
      }),
    ).toBe('FREQ=MONTHLY');
    expect(
      calendarRule({
        start,
        timezone: 'Asia/Tokyo',
        allDay: false,
        recurrence: { frequency: 'DAILY', endDate: '2027-01-31' },
      }),
    ).toBe('FREQ=DAILY;UNTIL=20270131T145959Z');
    expect(
      calendarRule({
        start,
        timezone: 'Asia/Tokyo',
        allDay: true,
        recurrence: { frequency: 'YEARLY', endDate: '2030-12-08' },
      }),
    ).toBe('FREQ=YEARLY;UNTIL=20301208');
  });
});

describe('calendar locations', () => {
  it('join the parts once each, skipping empty ones', () => {
    expect(calendarLocation(['Lisbon', null, ' ', 'lisbon', 'Portugal'])).toBe('Lisbon, Portugal');
    expect(calendarLocation([null, undefined, ''])).toBeNull();
  });
});
