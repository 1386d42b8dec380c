import { sql } from 'drizzle-orm';
import type { AdminsConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { isQueryContext } from '../../graphql/query-contexts.ts';
import { requestScoped } from '../../graphql/request-scoped.ts';
import { rows } from '../social/social-sql.ts';

/** How a person holds the site administrator role (decision 0018); null when they do not. */
export type AdminSource = 'CONFIGURATION' | 'GRANTED';

interface AdminFacts {
  email: string | null;
  email_verified: boolean;
  username: string;
  granted: boolean;
}

/** Named by PLAZA_ADMINS: a verified e-mail address, or the username. */
export function isConfiguredAdmin(
  admins: AdminsConfig,
  person: { email: string | null; emailVerified: boolean; username: string },
): boolean {
  if (person.emailVerified && person.email && admins.emails.includes(person.email.toLowerCase())) return true;
  return admins.usernames.includes(person.username.toLowerCase());
}

/** Whether a person is a site administrator, and why. */
export async function adminSourceOf(
  db: Database,
  admins: AdminsConfig,
  userId: number,
): Promise<AdminSource | null> {
  const [facts] = await rows<AdminFacts>(
    db,
    sql`SELECT u.email, u.email_verified, u.username,
          EXISTS (SELECT 1 FROM site_admins a WHERE a.user_id = u.id) AS granted
        FROM users u WHERE u.id = ${userId}`,
  );
  if (!facts) return null;
  if (isConfiguredAdmin(admins, { ...facts, emailVerified: facts.email_verified })) return 'CONFIGURATION';
  return facts.granted ? 'GRANTED' : null;
}

/** In a query, what the session's read told (cookie-session.ts); null when it must be read. */
function adminOfSession(context: RequestContext): boolean | null {
  const { viewer } = context;
  if (!viewer?.user || viewer.siteAdminGranted === undefined || !isQueryContext(context)) return null;
  return viewer.siteAdminGranted || isConfiguredAdmin(context.config.admins, viewer.user);
}

/** Whether the request's viewer is a site administrator: from the session's read, else read. */
async function adminOfViewer(context: RequestContext): Promise<boolean> {
  if (!context.viewer) return false;
  return (
    adminOfSession(context) ??
    (await adminSourceOf(context.store.db, context.config.admins, context.viewer.id)) !== null
  );
}

const adminOfRequest = requestScoped((context) => {
  let answer: Promise<boolean> | null = null;
  return () => (answer ??= adminOfViewer(context));
});

/** Whether the signed-in viewer is a site administrator: asked once per request. */
export function viewerIsAdmin(context: RequestContext): Promise<boolean> {
  return adminOfRequest(context)();
}

/** Every administrator with an account: those PLAZA_ADMINS names and those granted in the app. */
export async function listAdminIds(
  db: Database,
  admins: AdminsConfig,
): Promise<Array<{ userId: number; source: AdminSource }>> {
  const found = await rows<{ id: number; granted: boolean; configured: boolean }>(
    db,
    sql`SELECT u.id, EXISTS (SELECT 1 FROM site_admins a WHERE a.user_id = u.id) AS granted,
          ((u.email_verified AND lower(u.email) = ANY(${sqlTextArray(admins.emails)}))
            OR lower(u.username) = ANY(${sqlTextArray(admins.usernames)})) AS configured
        FROM users u
        WHERE u.id IN (SELECT user_id FROM site_admins)
          OR (u.email_verified AND lower(u.email) = ANY(${sqlTextArray(admins.emails)}))
          OR lower(u.username) = ANY(${sqlTextArray(admins.usernames)})
        ORDER BY u.id`,
  );
  return found.map((row) => ({
    userId: row.id,
    source: row.configured ? 'CONFIGURATION' : 'GRANTED',
  }));
}

/** A text[] parameter (an empty list matches nothing). */
function sqlTextArray(values: string[]) {
  return sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}
