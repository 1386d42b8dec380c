import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Config } from '../../config.ts';
import type { Database, Store } from '../../db/client.ts';
import { serverSecrets } from '../../db/schema/index.ts';

/** The server's VAPID key pair (RFC 8292), P-256, both base64url: the public key uncompressed (65 bytes). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const SECRET_NAME = 'vapid';

function parseKeys(value: string): VapidKeys {
  const parsed = JSON.parse(value) as Partial<VapidKeys>;
  if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string') {
    throw new Error('the stored VAPID keys are not readable');
  }
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}

/**
 * Reads the VAPID keys, making them first if there are none. Like the auth secret, the first
 * process to get here stores a pair and every other process reads that one back (a second insert
 * does nothing), so all processes sign with the same key and browsers' subscriptions stay valid.
 */
export async function ensureVapidKeys(db: Database): Promise<VapidKeys> {
  const fresh = webpush.generateVAPIDKeys();
  await db
    .insert(serverSecrets)
    .values({
      name: SECRET_NAME,
      value: JSON.stringify({ publicKey: fresh.publicKey, privateKey: fresh.privateKey }),
    })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME));
  if (!row) throw new Error('could not store the VAPID keys');
  return parseKeys(row.value);
}

const loaded = new WeakMap<Store, Promise<VapidKeys>>();

/** The VAPID keys of this store, read once per process (a failed read is tried again next time). */
export function vapidKeys(store: Store): Promise<VapidKeys> {
  let keys = loaded.get(store);
  if (!keys) {
    keys = ensureVapidKeys(store.db);
    loaded.set(store, keys);
    keys.catch(() => loaded.delete(store));
  }
  return keys;
}

/**
 * The VAPID `sub` claim: a contact the push services can reach, `mailto:` of MAIL_FROM's address,
 * else PUBLIC_URL when it is https.
 */
export function vapidSubject(config: Pick<Config, 'mailFrom' | 'publicUrl' | 'contactEmail'>): string {
  const address = (/<([^<>\s]+@[^<>\s]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom).trim();
  if (/^[^\s@<>]+@[^\s@<>]+$/.test(address)) return `mailto:${address}`;
  if (config.publicUrl.startsWith('https://')) return config.publicUrl;
  return `mailto:${config.contactEmail}`;
}
