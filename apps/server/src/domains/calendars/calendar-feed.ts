import { createHash, randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { WHOLE_PLAN, calendarFeeds, planOccurrences, plans } from '../../db/schema/index.ts';
import type { Platform } from '../../graphql/context.ts';
import { occurrenceOf, occurrencesBetween } from '../plans/plan-occurrence-rows.ts';
import type { PlanOccurrenceRow } from '../plans/plan-loaders.ts';
import { plansCreatedOrAnswered } from '../plans/person-plans-sql.ts';
import { planVisibleTo } from '../plans/plan-visibility-sql.ts';
import { rows } from '../social/social-sql.ts';
import { renderCalendar, type CalendarEvent } from './icalendar.ts';
import { occurrenceEvent, planEvents } from './plan-events.ts';

/** A feed lists plans that ended at most this long ago, and everything after. */
export const FEED_PAST_MS = 30 * 86_400_000;
/** Plans in one feed, newest first when there are more. */
export const FEED_MAX_PLANS = 1000;
/** Subscribed calendars are asked to fetch the feed again after this long. */
export const FEED_REFRESH_MINUTES = 60;

const FAR_FUTURE = new Date('9999-01-01T00:00:00Z');

export interface CalendarFeedState {
  createdAt: Date;
  /** The feed address; only right after creation, since the secret is not kept. */
  url: string | null;
  webcalUrl: string | null;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export function calendarFeedUrls(publicUrl: string, token: string): { url: string; webcalUrl: string } {
  const url = `${publicUrl}/ics/feed/${token}.ics`;
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
}

/** Makes a new secret for the person's feed (the old address stops working) and answers its address. */
export async function createCalendarFeed(
  db: Database,
  publicUrl: string,
  userId: number,
): Promise<CalendarFeedState> {
  const token = randomBytes(32).toString('base64url');
  const createdAt = new Date();
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash: hashOf(token), createdAt })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: hashOf(token), createdAt } });
  return { createdAt, ...calendarFeedUrls(publicUrl, token) };
}

export async function findCalendarFeed(db: Database, userId: number): Promise<CalendarFeedState | null> {
  const [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return feed ? { createdAt: feed.createdAt, url: null, webcalUrl: null } : null;
}

/** Answers whether there was a feed to revoke. */
export async function revokeCalendarFeed(db: Database, userId: number): Promise<boolean> {
  const gone = await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId)).returning();
  return gone.length > 0;
}

/**
 * The feed behind a secret, as iCalendar text; null for a secret that names no feed (unknown or
 * revoked). It holds the person's own plans (whole series for repeating ones) and the plans and
 * occurrences they answered ATTENDING (CONFIRMED) or INTERESTED (TENTATIVE), only those they may
 * view now (the list visibility rule of decision 0009), from FEED_PAST_MS ago on.
 */
export async function renderCalendarFeed(
  platform: Platform,
  token: string,
  now: Date = new Date(),
): Promise<string | null> {
  const db = platform.store.db;
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [feed] = await db
    .select()
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, hashOf(token)));
  if (!feed) return null;
  const userId = feed.userId;
  const since = new Date(now.getTime() - FEED_PAST_MS);
  const sinceDate = new Date(since.getTime() - 86_400_000).toISOString().slice(0, 10);
  const found = await rows<{ id: number }>(
    db,
    sql`SELECT p.id FROM plans p
        WHERE p.id IN ${plansCreatedOrAnswered(userId, sql`r.response IN ('ATTENDING', 'INTERESTED')`)}
          AND (CASE WHEN p.recurrence IS NULL THEN p.ends_at >= ${since.toISOString()}::timestamptz
                    ELSE coalesce(p.recurrence->>'endDate', '9999-12-31') >= ${sinceDate} END)
          AND ${planVisibleTo('p', userId)}
        ORDER BY p.starts_at DESC LIMIT ${FEED_MAX_PLANS}`,
  );
  const ids = found.map((row) => Number(row.id));
  const events: CalendarEvent[] = [];
  if (ids.length > 0) {
    const planRows = await db.select().from(plans).where(inArray(plans.id, ids));
    const exceptionRows = await db.select().from(planOccurrences).where(inArray(planOccurrences.planId, ids));
    const answers = await rows<{ plan_id: number; occurrence: string; response: string }>(
      db,
      sql`SELECT plan_id, occurrence, response FROM plan_responses WHERE user_id = ${userId}
            AND response IN ('ATTENDING', 'INTERESTED') AND plan_id IN (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
    );
    const options = { publicUrl: platform.config.publicUrl };
    for (const plan of planRows.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())) {
      const exceptions: PlanOccurrenceRow[] = exceptionRows.filter((e) => e.planId === plan.id);
      if (plan.creatorId === userId) {
        if (occurrencesBetween(plan, exceptions, since, FAR_FUTURE, 1).length > 0)
          events.push(...planEvents(plan, exceptions, options));
        continue;
      }
      for (const answer of answers.filter((a) => Number(a.plan_id) === plan.id)) {
        const status = answer.response === 'ATTENDING' ? 'CONFIRMED' : 'TENTATIVE';
        const occurrence = occurrenceOf(plan, exceptions, answer.occurrence);
        if (!occurrence || occurrence.endsAt < since) continue;
        events.push(
          answer.occurrence === WHOLE_PLAN
            ? planEvents(plan, exceptions, { ...options, status })[0]!
            : occurrenceEvent(plan, occurrence, { ...options, status }),
        );
      }
    }
  }
  return renderCalendar({
    now,
    events,
    name: 'Plaza plans',
    refreshMinutes: FEED_REFRESH_MINUTES,
    productId: new URL(platform.config.publicUrl).host,
  });
}
