import { and, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { normalizePhone } from '@plaza/core/phone';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { badUserInput } from '../../graphql/errors.ts';

const emailSchema = z.email().max(254);

/** A valid e-mail address in lower case, or BAD_USER_INPUT naming `field`. */
export function parseEmail(raw: string, field = 'email'): string {
  const email = raw.trim().toLowerCase();
  if (!emailSchema.safeParse(email).success) throw badUserInput(field, 'Enter a valid e-mail address.');
  return email;
}

/** A valid phone number in E.164, or BAD_USER_INPUT naming `field`. */
export function parsePhone(raw: string, field = 'phone'): string {
  const phone = normalizePhone(raw);
  if (!phone)
    throw badUserInput(field, 'Enter a valid phone number, with its country code if outside the US.');
  return phone.e164;
}

/** Refuses an address or number that already belongs to another account. */
export async function assertContactFree(
  db: Database,
  userId: number,
  kind: 'email' | 'phone',
  value: string,
): Promise<void> {
  const column = kind === 'email' ? sql`lower(${users.email})` : sql`${users.phone}`;
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`${column} = ${value}`, ne(users.id, userId)))
    .limit(1);
  if (other) {
    throw badUserInput(
      kind,
      kind === 'email'
        ? 'That e-mail address belongs to another account.'
        : 'That phone number belongs to another account.',
    );
  }
}
