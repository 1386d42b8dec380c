import { calendarLocation } from '@plaza/core/calendar-links';
import type { PlanReminderKind } from '@plaza/core/plan-reminders';
import { fullName } from '@plaza/core/profile';
import type { Platform } from '../../graphql/context.ts';
import { footerText, unsubscribeHeaders } from '../notification-email/notification-mail.ts';
import { unsubscribeFooter } from '../notification-email/unsubscribe-footer.ts';
import { channelsOf, recordActivity } from '../activity/record-activity.ts';
import { planPath } from '../activity/activity-triggers/trigger-support.ts';
import type { OccurrenceAt } from '../plans/plan-occurrence-rows.ts';
import type { PlanRow } from '../plans/plan-loaders.ts';

/** One reminder for one person, with everything a channel needs to word it. */
export interface PlanReminder {
  kind: PlanReminderKind;
  plan: PlanRow;
  occurrence: OccurrenceAt;
  person: {
    id: number;
    first: string;
    last: string;
    username: string;
    /** Null, or not verified: the e-mail channel leaves the person out. */
    email: string | null;
    emailVerified: boolean;
  };
  /** The plan page, and for STILL_GOING the one-click answers. */
  links: { plan: string; yes?: string; no?: string };
}

/**
 * A way to reach people: the reminder e-mail (with its one-click answers) and the activity feed
 * (PLAN_REMINDER, which also pushes); every reminder goes through all of them.
 */
export interface ReminderChannel {
  name: string;
  deliver(reminder: PlanReminder): Promise<void>;
}

/** "Saturday, July 10 at 7:30 PM GMT+1", or "Saturday, July 10" for all-day plans, in the plan's zone. */
export function reminderWhen(occurrence: OccurrenceAt, plan: Pick<PlanRow, 'timezone' | 'allDay'>): string {
  const text = new Intl.DateTimeFormat('en-US', {
    timeZone: plan.timezone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    ...(plan.allDay ? {} : { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }),
  }).format(occurrence.startsAt);
  return text.replace(/[\u2009\u202f\u00a0]/g, ' ');
}

/**
 * Reminder e-mails, written in the plain style of Plaza's other mails (see invite-to-plan.ts); not
 * to someone who turned the e-mail of plan reminders off (decision 0014 preferences).
 */
export function emailReminderChannel(platform: Platform): ReminderChannel {
  return {
    name: 'email',
    async deliver(reminder) {
      const { person, plan, occurrence, links } = reminder;
      if (!person.email || !person.emailVerified) return;
      if (!(await channelsOf(platform.store.db, person.id, 'PLAN_REMINDER')).EMAIL) return;
      const changes = occurrence.changes;
      const title = changes.title ?? plan.title;
      const when = reminderWhen(occurrence, plan);
      const place = calendarLocation([
        changes.locationName !== undefined ? changes.locationName : plan.locationName,
        changes.address !== undefined ? changes.address : plan.address,
        changes.city !== undefined ? changes.city : plan.city,
      ]);
      const greeting = `Hi ${fullName(person.first, person.last, person.username)},`;
      const where = place ? `\nWhere: ${place}` : '';
      // Like every notification mail: one click stops plan reminders by e-mail (decision 0014).
      const footer = unsubscribeFooter(
        platform,
        { userId: person.id, email: person.email },
        'PLAN_REMINDER',
        new Date(),
      );
      if (reminder.kind === 'STARTS_SOON') {
        await platform.mail.send({
          to: person.email,
          subject: plan.allDay ? `Today: ${title}` : `Starting soon: ${title}`,
          text: `${greeting}\n\n${title} ${plan.allDay ? 'is today' : 'starts soon'}.\n\nWhen: ${when}${where}\n\nOpen the plan: ${links.plan}\n${footerText(footer)}`,
          headers: unsubscribeHeaders(footer),
        });
        return;
      }
      await platform.mail.send({
        to: person.email,
        subject: `Still going to ${title}?`,
        text:
          `${greeting}\n\nYou said you are going to ${title}.\n\nWhen: ${when}${where}\n\n` +
          `Are you still going? One click answers:\n\n` +
          `Yes, I'm going: ${links.yes}\n\nNo, I can't make it: ${links.no}\n\n` +
          `Open the plan: ${links.plan}\n${footerText(footer)}`,
        headers: unsubscribeHeaders(footer),
      });
    },
  };
}

/**
 * Reminders in the activity feed (PLAN_REMINDER): one row per occurrence, the hour-before one
 * taking the place of the day-before one; recordActivity applies the person's choices and mutes
 * and schedules the push.
 */
export function activityReminderChannel(platform: Platform): ReminderChannel {
  return {
    name: 'activity',
    async deliver(reminder) {
      const { person, plan, occurrence } = reminder;
      const title = occurrence.changes.title ?? plan.title;
      const when = reminderWhen(occurrence, plan);
      await recordActivity(platform, {
        receiverId: person.id,
        creatorId: null,
        type: 'PLAN_REMINDER',
        action: reminder.kind === 'STARTS_SOON' ? 'starts' : 'still-going',
        model: { type: 'Plan', id: plan.id },
        to: title,
        href: planPath(plan, occurrence.key || null),
        message:
          reminder.kind === 'STARTS_SOON'
            ? plan.allDay
              ? `${title} is today`
              : `${title} starts soon: ${when}`
            : `Still going to ${title}? It is on ${when}`,
        subject: `plan:${plan.id}`,
        collapseKey: `plan-reminder:${plan.id}:${occurrence.key}`,
      });
    },
  };
}
