/**
 * Signed-in seeded people without the e-mail code flow: a session row per person, as better-auth
 * writes one when a code is accepted (a random token, the cookie strategy, 30 days), and the cookie a
 * browser would then send: `plaza.session_token=<token>.<HMAC-SHA256 of the token with the auth
 * secret, base64>`, URL-encoded (better-call's signed cookie). The server is started with the same
 * AUTH_SECRET, so each request goes through the real cookie check and session lookup. Thousands of
 * people sign in this way in a second, where the code flow takes ~50 ms and a mail each.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type pg from 'pg';

export interface SessionPerson {
  id: number;
  cookie: string;
}

/** A fresh secret for one benchmark run; pass it to the server as AUTH_SECRET. */
export const newAuthSecret = () => randomBytes(32).toString('base64url');

/** Tokens of benchmark sessions start with this, so `dropBenchSessions` finds them again. */
const PREFIX = 'benchsession';

export async function openSessions(
  client: pg.Client,
  secret: string,
  userIds: readonly number[],
): Promise<SessionPerson[]> {
  const tokens = userIds.map(() => `${PREFIX}${randomBytes(16).toString('hex')}`);
  for (let start = 0; start < userIds.length; start += 5_000) {
    await client.query(
      `INSERT INTO sessions (token, user_id, expires_at, strategy, ip_address, user_agent)
       SELECT t, u, now() + interval '30 days', 'cookie', '127.0.0.1', 'plaza-bench'
       FROM unnest($1::text[], $2::int[]) AS x(t, u)`,
      [tokens.slice(start, start + 5_000), userIds.slice(start, start + 5_000)],
    );
  }
  return userIds.map((id, index) => {
    const token = tokens[index]!;
    const signature = createHmac('sha256', secret).update(token).digest('base64');
    return { id, cookie: `plaza.session_token=${encodeURIComponent(`${token}.${signature}`)}` };
  });
}

export async function dropBenchSessions(client: pg.Client): Promise<void> {
  await client.query(`DELETE FROM sessions WHERE token LIKE '${PREFIX}%'`);
  // Every run writes and drops its 200 sessions, and the signed-in requests touch each person's
  // last-seen row: on a PostgreSQL without autovacuum (these machines run with it off) their dead
  // rows piled up run after run (7,800 in the sessions table after a day's runs) and slowed the
  // session lookup of every request the next run measured.
  await client.query('VACUUM sessions, notification_settings');
}
