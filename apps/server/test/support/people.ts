import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema/index.ts';
import type { TestPlaza } from '../harness.ts';
import { signInWithEmail, type SignedIn } from './sign-in.ts';

let counter = 0;

export interface Person extends SignedIn {
  username: string;
  email: string;
}

/**
 * A signed-in, onboarded person (bearer token) with the given first name; usernames are unique per
 * file. The plaza must run with TRUST_PROXY=1 so each sign-in comes from its own address.
 */
export async function newPerson(
  t: TestPlaza,
  first: string,
  options: { isPublic?: boolean; isVerified?: boolean } = {},
): Promise<Person> {
  counter += 1;
  const username = `${first.toLowerCase()}${counter}`;
  const email = `${username}@example.org`;
  const signedIn = await signInWithEmail(t, email);
  await t.plaza.platform.store.db
    .update(users)
    .set({
      username,
      first,
      last: 'Test',
      bio: `${first} likes long walks.`,
      isPublic: options.isPublic ?? true,
      isVerified: options.isVerified ?? false,
      onboardedAt: new Date(),
    })
    .where(eq(users.id, signedIn.userId));
  return { ...signedIn, username, email };
}
