import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Store } from '../../db/client.ts';
import { serverSecrets } from '../../db/schema/index.ts';

/**
 * The secret that signs session cookies, HMACs confirmation codes and encrypts provider tokens.
 * AUTH_SECRET wins; otherwise the first process to start makes one and keeps it in the store, so
 * every process of one Plaza shares it and sessions survive restarts with no setup.
 */
export async function loadAuthSecret(store: Store, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const { db } = store;
  await db
    .insert(serverSecrets)
    .values({ name: 'auth', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, 'auth'));
  if (!row) throw new Error('could not store the auth secret');
  return row.value;
}
