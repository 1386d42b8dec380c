import { sql } from 'drizzle-orm';
import type { Platform } from '../../graphql/context.ts';
import { planVisibleTo } from '../plans/plan-visibility-sql.ts';
import { rows } from '../social/social-sql.ts';
import { planPageUrl } from './plan-reminder-jobs.ts';
import { readPlanReplyToken } from './plan-reply-token.ts';

export type PlanReplyAnswer = 'yes' | 'no';

export type PlanReplyOutcome =
  | { status: 'answered'; answer: PlanReplyAnswer; planUrl: string }
  | { status: 'invalid' }
  | { status: 'expired' }
  | { status: 'used' };

/**
 * Takes the answer of a "still going?" link: yes keeps ATTENDING, no sets UNATTENDING, for the
 * occurrence the reminder was about. Only while the person's answer is still the ATTENDING the
 * mail was written for (the row's updated_at matches the token), they may still see the plan, and
 * the occurrence has not started; writing the answer touches the row, so the link works once.
 */
export async function replyToPlanReminder(
  platform: Platform,
  token: string,
  answer: string | undefined,
  now: Date = new Date(),
): Promise<PlanReplyOutcome> {
  if (answer !== 'yes' && answer !== 'no') return { status: 'invalid' };
  const check = readPlanReplyToken(platform.auth.secret, token, now);
  if (!check.ok) return { status: check.reason };
  const { claim } = check;
  const response = answer === 'yes' ? 'ATTENDING' : 'UNATTENDING';
  const [updated] = await rows<{ slug: string; key: string }>(
    platform.store.db,
    sql`UPDATE plan_responses r SET response = ${response}, updated_at = clock_timestamp()
        FROM plans p
        WHERE p.id = r.plan_id AND r.plan_id = ${claim.planId} AND r.occurrence = ${claim.occurrence}
          AND r.user_id = ${claim.userId} AND r.response = 'ATTENDING'
          AND floor(extract(epoch from r.updated_at) * 1000)::bigint = ${claim.answeredAt}
          AND ${planVisibleTo('p', claim.userId)}
        RETURNING p.slug, p.key`,
  );
  if (!updated) return { status: 'used' };
  return {
    status: 'answered',
    answer,
    planUrl: planPageUrl(platform.config.publicUrl, updated, claim.occurrence),
  };
}
