import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput } from '../../graphql/errors.ts';
import { newKey } from '../../ids.ts';
import {
  ContactFileError,
  parseContacts,
  type ContactFormat,
  type ContactRowError,
} from './parse-contacts.ts';

export interface ContactImport {
  imported: number;
  /** Contacts already in the address book (same address or number), left as they were. */
  alreadyKnown: number;
  errors: ContactRowError[];
}

/**
 * Adds the contacts of a file the person chose to their address book, in one transaction: either
 * every good row is saved or, if the file cannot be read, nothing is. Bad rows are reported by line.
 * Nobody is contacted: invitations go out only through inviteContact, one picked contact at a time.
 */
export async function importContacts(
  context: RequestContext,
  ownerId: number,
  format: ContactFormat,
  text: string,
): Promise<ContactImport> {
  let parsed;
  try {
    parsed = parseContacts(format, text);
  } catch (error) {
    if (error instanceof ContactFileError) throw badUserInput('text', error.message);
    throw error;
  }
  let imported = 0;
  await context.store.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    for (const contact of parsed.contacts) {
      const [existing] = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(
          sql`${contacts.ownerId} = ${ownerId} AND (${contact.email !== null ? sql`${contacts.email} = ${contact.email}` : sql`false`}
            OR ${contact.phone !== null ? sql`${contacts.phone} = ${contact.phone}` : sql`false`})`,
        )
        .limit(1);
      if (existing) continue;
      await db.insert(contacts).values({ key: newKey(), ownerId, ...contact });
      imported += 1;
    }
  });
  return { imported, alreadyKnown: parsed.contacts.length - imported, errors: parsed.errors };
}
