import { sql } from 'drizzle-orm';
import {
  ACTIVITY_TYPE_INFO,
  ACTIVITY_TYPES,
  formatQuietMinute,
  parseQuietMinute,
  type ActivityType,
  type ChannelChoice,
  type NotificationChannel,
} from '@plaza/core/notifications';
import type { Database } from '../../db/client.ts';
import { badUserInput } from '../../graphql/errors.ts';
import { rows } from '../social/social-sql.ts';
import { channelsFromRow, type SavedPreferenceRow } from './record-activity.ts';

export interface NotificationPreference {
  type: ActivityType;
  label: string;
  section: string;
  channels: ChannelChoice;
  defaults: ChannelChoice;
}

export interface NotificationSettingsView {
  preferences: NotificationPreference[];
  /** "22:00" / "07:00", or null when quiet hours are off. */
  quietStart: string | null;
  quietEnd: string | null;
  timeZone: string | null;
  emailDigest: boolean;
}

const COLUMN: Record<NotificationChannel, 'in_app' | 'push' | 'email'> = {
  IN_APP: 'in_app',
  PUSH: 'push',
  EMAIL: 'email',
};

export async function readNotificationSettings(
  db: Database,
  userId: number,
): Promise<NotificationSettingsView> {
  const [saved, [settings]] = await Promise.all([
    rows<SavedPreferenceRow & { type: ActivityType }>(
      db,
      sql`SELECT type, in_app, push, email FROM notification_preferences WHERE user_id = ${userId}`,
    ),
    rows<{
      quiet_start: number | null;
      quiet_end: number | null;
      time_zone: string | null;
      email_digest: boolean;
    }>(
      db,
      sql`SELECT quiet_start, quiet_end, time_zone, email_digest FROM notification_settings WHERE user_id = ${userId}`,
    ),
  ]);
  const byType = new Map(saved.map((row) => [row.type, row]));
  return {
    preferences: ACTIVITY_TYPES.map((type) => {
      return {
        type,
        label: ACTIVITY_TYPE_INFO[type].label,
        section: ACTIVITY_TYPE_INFO[type].section,
        defaults: ACTIVITY_TYPE_INFO[type].defaults,
        channels: channelsFromRow(type, byType.get(type)),
      };
    }),
    quietStart:
      settings?.quiet_start != null && settings.quiet_end != null
        ? formatQuietMinute(Number(settings.quiet_start))
        : null,
    quietEnd:
      settings?.quiet_start != null && settings.quiet_end != null
        ? formatQuietMinute(Number(settings.quiet_end))
        : null,
    timeZone: settings?.time_zone ?? null,
    emailDigest: settings?.email_digest ?? true,
  };
}

/** Turns one channel of one kind on or off for the person. */
export async function setNotificationPreference(
  db: Database,
  userId: number,
  type: ActivityType,
  channel: NotificationChannel,
  enabled: boolean,
): Promise<void> {
  const column = sql.raw(COLUMN[channel]);
  await db.execute(
    sql`INSERT INTO notification_preferences (user_id, type, ${column}) VALUES (${userId}, ${type}, ${enabled})
        ON CONFLICT (user_id, type) DO UPDATE SET ${column} = excluded.${column}, updated_at = now()`,
  );
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length <= 64;
  } catch {
    return false;
  }
}

export interface NotificationSettingsChange {
  /** "22:00"-style times; both empty or null turn quiet hours off. */
  quietStart?: string | null;
  quietEnd?: string | null;
  timeZone?: string | null;
  emailDigest?: boolean | null;
}

/** Quiet hours, zone and digest; fields left out stay as they are. Bad times or zones change nothing. */
export async function updateNotificationSettings(
  db: Database,
  userId: number,
  change: NotificationSettingsChange,
): Promise<void> {
  const sets: ReturnType<typeof sql>[] = [];
  if (change.quietStart !== undefined || change.quietEnd !== undefined) {
    const startText = change.quietStart?.trim() ?? '';
    const endText = change.quietEnd?.trim() ?? '';
    if (!startText && !endText) {
      sets.push(sql`quiet_start = NULL, quiet_end = NULL`);
    } else {
      const start = parseQuietMinute(startText);
      if (start === null)
        throw badUserInput('quietStart', 'Give the start of quiet hours as a 24-hour time, like 22:00.');
      const end = parseQuietMinute(endText);
      if (end === null)
        throw badUserInput('quietEnd', 'Give the end of quiet hours as a 24-hour time, like 07:00.');
      if (start === end)
        throw badUserInput('quietEnd', 'Quiet hours must end at another time than they start.');
      sets.push(sql`quiet_start = ${start}, quiet_end = ${end}`);
    }
  }
  if (change.timeZone != null) {
    const zone = change.timeZone.trim();
    if (!isTimeZone(zone)) throw badUserInput('timeZone', 'Give a time zone such as Europe/Lisbon.');
    sets.push(sql`time_zone = ${zone}`);
  }
  if (change.emailDigest != null) sets.push(sql`email_digest = ${change.emailDigest}`);
  if (sets.length === 0) return;
  await db.execute(
    sql`INSERT INTO notification_settings (user_id) VALUES (${userId}) ON CONFLICT (user_id) DO NOTHING`,
  );
  await db.execute(
    sql`UPDATE notification_settings SET ${sql.join(sets, sql`, `)}, updated_at = now() WHERE user_id = ${userId}`,
  );
}

/** "Always" for a mute: far enough that nobody sees it end. */
export const MUTE_FOREVER = new Date('9999-12-31T00:00:00.000Z');

export async function setMute(
  db: Database,
  userId: number,
  subject: string,
  until: Date | null,
): Promise<void> {
  if (until === null || until.getTime() <= Date.now()) {
    await db.execute(sql`DELETE FROM notification_mutes WHERE user_id = ${userId} AND subject = ${subject}`);
    return;
  }
  await db.execute(
    sql`INSERT INTO notification_mutes (user_id, subject, until) VALUES (${userId}, ${subject}, ${until.toISOString()}::timestamptz)
        ON CONFLICT (user_id, subject) DO UPDATE SET until = excluded.until`,
  );
}
