import DataLoader from 'dataloader';
import { sql } from 'drizzle-orm';
import { textArray } from '../../db/id-array.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { BATCHING, requestScoped } from '../../graphql/request-scoped.ts';
import { rows } from '../social/social-sql.ts';

/**
 * Until when the viewer muted each subject (`plan:<id>`, `group:<id>`), null when no mute is in
 * force: a list's subjects in one statement, and a plan page's from the statement that reads the
 * plan (primePlanPage, plan-loaders.ts). Nothing for a signed-out visitor.
 */
export const viewerMutes = requestScoped(
  (context: RequestContext) =>
    new DataLoader<string, Date | null>(async (subjects) => {
      const viewerId = context.viewer?.id;
      if (viewerId === undefined) return subjects.map(() => null);
      const found = await rows<{ subject: string; until: string | Date }>(
        context.store.db,
        sql`SELECT subject, until FROM notification_mutes
            WHERE user_id = ${viewerId} AND subject = ANY(${textArray(subjects)}) AND until > now()`,
      );
      const bySubject = new Map(found.map((row) => [row.subject, new Date(row.until)]));
      return subjects.map((subject) => bySubject.get(subject) ?? null);
    }, BATCHING),
);
