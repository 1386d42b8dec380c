import { sql } from 'drizzle-orm';
import { ACTIVITY_TYPES, type ActivityType } from '@plaza/core/notifications';
import type { Database } from '../../db/client.ts';
import { plazaError } from '../../graphql/errors.ts';
import { rows } from '../social/social-sql.ts';
import {
  readUnsubscribeToken,
  unsubscribeScopeLabel,
  unsubscribeTokenHash,
  type UnsubscribeClaim,
  type UnsubscribeScope,
} from './unsubscribe-token.ts';

export const UNSUBSCRIBE_INVALID_MESSAGE =
  'This unsubscribe link is not valid, so nothing changed. Open the link from your newest Plaza e-mail, or choose your e-mails in your notification settings.';
export const UNSUBSCRIBE_USED_MESSAGE =
  'This link was already used, so nothing changed. Choose which e-mails you get in your notification settings.';

export interface NotificationUnsubscribe {
  email: string;
  scope: UnsubscribeScope;
  label: string;
}

const invalidLink = () =>
  plazaError('BAD_USER_INPUT', UNSUBSCRIBE_INVALID_MESSAGE, { field: 'token', reason: 'INVALID' });
const usedLink = () =>
  plazaError('BAD_USER_INPUT', UNSUBSCRIBE_USED_MESSAGE, { field: 'token', reason: 'USED' });

/** The claim of a token for `email` whose person still exists; refused (BAD_USER_INPUT) otherwise. */
async function checkedClaim(db: Database, secret: string, email: string, token: string) {
  const claim = readUnsubscribeToken(secret, token);
  // `email` comes lower-cased (normalizeEmail); the token keeps the address as the mail went out.
  if (!claim || claim.email.trim().toLowerCase() !== email) throw invalidLink();
  const [person] = await rows<{ id: number }>(db, sql`SELECT id FROM users WHERE id = ${claim.userId}`);
  if (!person) throw invalidLink();
  return claim;
}

async function isUsed(db: Database, token: string): Promise<boolean> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT 1 AS n FROM email_unsubscribe_uses WHERE token_hash = ${unsubscribeTokenHash(token)}`,
  );
  return row !== undefined;
}

const resultOf = (claim: UnsubscribeClaim, email: string): NotificationUnsubscribe => ({
  email,
  scope: claim.scope,
  label: unsubscribeScopeLabel(claim.scope),
});

/** What a notification link would stop, without using it (the page asks before it acts). */
export async function previewNotificationUnsubscribe(
  db: Database,
  secret: string,
  email: string,
  token: string,
): Promise<NotificationUnsubscribe> {
  const claim = await checkedClaim(db, secret, email, token);
  if (await isUsed(db, token)) throw usedLink();
  return resultOf(claim, email);
}

async function turnOffKinds(db: Database, userId: number, types: readonly ActivityType[], at: string) {
  await db.execute(sql`INSERT INTO notification_preferences (user_id, type, email, updated_at)
    VALUES ${sql.join(
      types.map((type) => sql`(${userId}, ${type}, false, ${at}::timestamptz)`),
      sql`, `,
    )}
    ON CONFLICT (user_id, type) DO UPDATE SET email = false, updated_at = excluded.updated_at`);
}

async function turnOffDigest(db: Database, userId: number, at: string) {
  await db.execute(sql`INSERT INTO notification_settings (user_id, email_digest, updated_at)
    VALUES (${userId}, false, ${at}::timestamptz)
    ON CONFLICT (user_id) DO UPDATE SET email_digest = false, updated_at = excluded.updated_at`);
}

/**
 * Applies a notification e-mail's unsubscribe link (decision 0014): the token must be signed by
 * this server and name `email`; a link works once (its hash is kept), so a used, forged or
 * altered link changes nothing and says which it was. A kind turns its e-mail channel off; DIGEST
 * the daily digest; ALL both, for every kind.
 */
export async function unsubscribeFromNotifications(
  db: Database,
  secret: string,
  email: string,
  token: string,
  now: Date = new Date(),
): Promise<NotificationUnsubscribe> {
  const claim = await checkedClaim(db, secret, email, token);
  const at = now.toISOString();
  const applied = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [fresh] = await rows<{ token_hash: string }>(
      t,
      sql`INSERT INTO email_unsubscribe_uses (token_hash, used_at)
          VALUES (${unsubscribeTokenHash(token)}, ${at}::timestamptz)
          ON CONFLICT (token_hash) DO NOTHING RETURNING token_hash`,
    );
    if (!fresh) return false;
    if (claim.scope === 'DIGEST' || claim.scope === 'ALL') await turnOffDigest(t, claim.userId, at);
    if (claim.scope === 'ALL') await turnOffKinds(t, claim.userId, ACTIVITY_TYPES, at);
    else if (claim.scope !== 'DIGEST') await turnOffKinds(t, claim.userId, [claim.scope], at);
    return true;
  });
  if (!applied) throw usedLink();
  return resultOf(claim, email);
}
