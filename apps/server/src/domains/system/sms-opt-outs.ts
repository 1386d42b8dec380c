import { sql } from 'drizzle-orm';
import { normalizePhone } from '@plaza/core/phone';
import type { Database } from '../../db/client.ts';
import { rows } from '../social/social-sql.ts';

/** The stored form of a number: E.164 when it reads as one, so "+1 (415) 555-2671" and "+14155552671" are one. */
function storedPhone(phone: string): string {
  return normalizePhone(phone)?.e164 ?? phone.trim();
}

/**
 * Whether Plaza may text this number anything it did not just ask for (decision 0014): not when
 * the number opted out (answered STOP or asked never to be texted). Sign-in codes the owner asks
 * for are not gated by this.
 */
export async function smsAllowed(db: Database, phone: string): Promise<boolean> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT 1 AS n FROM sms_opt_outs WHERE phone = ${storedPhone(phone)}`,
  );
  return row === undefined;
}

/** Records that a number must not be texted again; recording it twice changes nothing. */
export async function recordSmsOptOut(db: Database, phone: string): Promise<void> {
  await db.execute(
    sql`INSERT INTO sms_opt_outs (phone) VALUES (${storedPhone(phone)}) ON CONFLICT (phone) DO NOTHING`,
  );
}
