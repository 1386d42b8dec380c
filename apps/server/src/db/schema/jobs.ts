import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Background jobs (decision 0011): a row per job, so a restart loses none. A runner claims due
 * rows with FOR UPDATE SKIP LOCKED and holds them until `locked_until`; `done_at` marks a job
 * finished (with `last_error` when it gave up). `unique_key` makes scheduling idempotent.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Which handler runs it, e.g. plan.reminder. */
    kind: text('kind').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** At most one job per key, e.g. plan:12:2027-01-05T18:00:00.000Z:STARTS_SOON. */
    uniqueKey: text('unique_key').unique(),
    /** What the job is about, e.g. plan:12, so the jobs of one thing can be dropped together. */
    subject: text('subject'),
    /** Times it was claimed; a job that failed this often is given up. */
    attempts: integer('attempts').notNull().default(0),
    /** Claimed by a runner until then; null when nobody holds it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due')
      .on(t.runAt)
      .where(sql`${t.doneAt} IS NULL`),
    index('jobs_subject')
      .on(t.subject)
      .where(sql`${t.doneAt} IS NULL`),
  ],
);
