import { sql, type SQL } from 'drizzle-orm';

/**
 * The ids of the plans `userId` created or answered as `answered` says (a condition on their
 * response row `r`), for `p.id IN (…)`: each half read through its own index (plans_creator,
 * plan_responses_user). Written as `p.creator_id = … OR EXISTS (…)`, PostgreSQL read every plan to
 * test the two: 44-48 ms a page on the generated world of 50,000 plans, 0.6 ms this way.
 */
export function plansCreatedOrAnswered(userId: number, answered: SQL): SQL {
  return sql`(SELECT mine.id FROM plans mine WHERE mine.creator_id = ${userId}
    UNION SELECT r.plan_id FROM plan_responses r WHERE r.user_id = ${userId} AND ${answered})`;
}
