import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileChangeCodes, users } from '../src/db/schema/index.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { countMessagesTo, lastCodeTo, lastMessageTo } from './support/outbox.ts';
import { signInWithEmail, signInWithPhone, type SignedIn } from './support/sign-in.ts';

let t: TestPlaza;
beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
});
afterAll(() => t.close());

let emailCounter = 0;
/** A new person, signed in by e-mail with a bearer token. */
async function newPerson(prefix = 'person'): Promise<SignedIn & { email: string }> {
  emailCounter += 1;
  const email = `${prefix}.${emailCounter}@example.org`;
  return { ...(await signInWithEmail(t, email)), email };
}

const USER_FIELDS =
  'id username first last fullName bio image email phone birthday isPublic pendingEmail pendingPhone';

interface UserResult {
  id: number;
  username: string;
  first: string;
  last: string;
  fullName: string;
  email: string | null;
  phone: string | null;
  birthday: string | null;
  isPublic: boolean;
  pendingEmail: string | null;
  pendingPhone: string | null;
}

async function updateProfile(person: SignedIn, user: Record<string, unknown>) {
  return t.gql<{ updateProfile: UserResult }>(
    `mutation ($user: UpdateProfileInput!) { updateProfile(user: $user) { ${USER_FIELDS} } }`,
    { user },
    person.headers,
  );
}

async function myself(person: SignedIn, args = '') {
  return t.gql<{
    myself: {
      needsOnboarding: boolean;
      firebaseToken: string | null;
      user: UserResult;
      accounts: Array<{ id: string; type: string; email: string | null; organizationId: number | null }>;
      mutual: unknown[] | null;
      following: unknown[] | null;
      followingRequests: unknown[] | null;
      followers: unknown[] | null;
      followerRequests: unknown[] | null;
    };
  }>(
    `{ myself${args} { needsOnboarding firebaseToken user { ${USER_FIELDS} } accounts { id type email organizationId }
       mutual { id } following { id } followingRequests { id } followers { id } followerRequests { id } } }`,
    {},
    person.headers,
  );
}

function errorOf(res: { errors?: Array<{ message: string; extensions?: Record<string, unknown> }> }) {
  return res.errors?.[0];
}

describe('myself', () => {
  it('describes the signed-in person, their sign-in methods, and no Firebase token', async () => {
    const person = await newPerson();
    const res = await myself(person, '(withFirebaseToken: true)');
    expect(res.errors).toBeUndefined();
    expect(res.data!.myself).toMatchObject({
      needsOnboarding: true,
      firebaseToken: null,
      user: { id: person.userId, email: person.email, phone: null, isPublic: true },
      accounts: [{ type: 'EMAIL', email: person.email, organizationId: null }],
      mutual: null,
    });
    expect(res.data!.myself.user.username).toMatch(/^user_[a-z0-9]{12}$/);
  });

  it('adds the social lists with full', async () => {
    const person = await newPerson();
    const res = await myself(person, '(full: true)');
    expect(res.data!.myself).toMatchObject({
      mutual: [],
      following: [],
      followingRequests: [],
      followers: [],
      followerRequests: [],
    });
  });
});

describe('checkUsername', () => {
  const query = 'query ($u: String!) { checkUsername(username: $u) { username isAvailable message } }';

  it('says a well-formed free name is available', async () => {
    const person = await newPerson();
    const res = await t.gql(query, { u: ' @Free.Name_1 ' }, person.headers);
    expect(res.data).toEqual({
      checkUsername: { username: 'Free.Name_1', isAvailable: true, message: null },
    });
  });

  it('refuses reserved words, bad forms and names taken in any case, but not the asker’s own', async () => {
    const owner = await newPerson();
    expect(errorOf(await updateProfile(owner, { username: 'Taken_Name', first: 'Owner' }))).toBeUndefined();
    const other = await newPerson();
    for (const [name, message] of [
      ['login', /reserved/],
      ['explore', /reserved/],
      ['.dot', /dot/],
      ['ab', /at least 3/],
      ['taken_name', /taken/],
    ] as const) {
      const res = await t.gql<{ checkUsername: { isAvailable: boolean; message: string } }>(
        query,
        { u: name },
        other.headers,
      );
      expect(res.data!.checkUsername.isAvailable, name).toBe(false);
      expect(res.data!.checkUsername.message).toMatch(message);
    }
    const own = await t.gql<{ checkUsername: { isAvailable: boolean } }>(
      query,
      { u: 'TAKEN_NAME' },
      owner.headers,
    );
    expect(own.data!.checkUsername.isAvailable).toBe(true);
  });
});

describe('onboarding with updateProfile', () => {
  it('ends onboarding once a username and first name are chosen', async () => {
    const person = await newPerson();
    const first = await updateProfile(person, { first: 'Ada' });
    expect(errorOf(first)).toBeUndefined();
    expect((await myself(person)).data!.myself.needsOnboarding).toBe(true);
    const res = await updateProfile(person, { username: 'ada.l', last: 'Lovelace', bio: 'Counting engines' });
    expect(res.data!.updateProfile).toMatchObject({
      username: 'ada.l',
      first: 'Ada',
      last: 'Lovelace',
      fullName: 'Ada Lovelace',
      email: person.email,
    });
    expect((await myself(person)).data!.myself.needsOnboarding).toBe(false);
  });

  it('refuses a taken username with a clear message and saves nothing', async () => {
    const owner = await newPerson();
    await updateProfile(owner, { username: 'grace', first: 'Grace' });
    const person = await newPerson();
    const res = await updateProfile(person, {
      username: 'GRACE',
      first: 'Not Grace',
      bio: 'should not be saved',
    });
    expect(errorOf(res)?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'username' });
    expect(errorOf(res)?.message).toBe('That username is taken. Try another.');
    const me = (await myself(person)).data!.myself;
    expect(me.user.first).toBe('');
    expect(me.needsOnboarding).toBe(true);
  });

  it('names the field of every invalid value and saves nothing', async () => {
    const person = await newPerson();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ username: 'bad name' }, 'username'],
      [{ username: 'settings' }, 'username'],
      [{ first: '   ' }, 'first'],
      [{ last: 'x'.repeat(51) }, 'last'],
      [{ bio: 'x'.repeat(301) }, 'bio'],
      [{ birthday: '1990-02-30' }, 'birthday'],
      [{ email: 'not-an-address' }, 'email'],
      [{ phone: '12' }, 'phone'],
      [{ image: 'https://elsewhere.example/me.png' }, 'image'],
      [{ first: 'Valid', email: 'nope' }, 'email'],
    ];
    for (const [input, field] of cases) {
      const res = await updateProfile(person, input);
      expect(errorOf(res)?.extensions, JSON.stringify(input)).toMatchObject({
        code: 'BAD_USER_INPUT',
        field,
      });
    }
    expect((await myself(person)).data!.myself.user.first).toBe('');
  });

  it('keeps a birthday, and removes it with null', async () => {
    const person = await newPerson();
    const res = await updateProfile(person, {
      birthday: '1990-05-17',
      username: 'private_bits',
      first: 'Pri',
    });
    expect(res.data!.updateProfile.birthday).toBe('1990-05-17');
    const [row] = await t.plaza.platform.store.db.select().from(users).where(eq(users.id, person.userId));
    expect(row!.birthday).toBe('1990-05-17');
    const removed = await updateProfile(person, { birthday: null });
    expect(removed.data!.updateProfile.birthday).toBeNull();
  });
});

describe('changing the e-mail address', () => {
  const verify =
    'mutation ($e: String!, $c: String!) { verifyEmailChange(email: $e, code: $c) { email pendingEmail } }';

  it('sends a code to the new address and changes nothing until it is confirmed', async () => {
    const person = await newPerson('mover');
    const res = await updateProfile(person, { email: 'New.Home@Example.org' });
    expect(res.data!.updateProfile).toMatchObject({
      email: person.email,
      pendingEmail: 'new.home@example.org',
    });
    expect(await countMessagesTo(t.dataDir, 'new.home@example.org')).toBe(1);
    const mail = await lastMessageTo(t.dataDir, 'new.home@example.org');
    expect(mail.subject).toBe('Confirm your new e-mail address');

    const code = await lastCodeTo(t.dataDir, 'new.home@example.org');
    const wrong = await t.gql(
      verify,
      { e: 'new.home@example.org', c: code === '111111' ? '222222' : '111111' },
      person.headers,
    );
    expect(errorOf(wrong)?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'code',
      reason: 'WRONG_CODE',
    });

    const right = await t.gql(verify, { e: 'new.home@example.org', c: code }, person.headers);
    expect(right.data).toEqual({ verifyEmailChange: { email: 'new.home@example.org', pendingEmail: null } });
    // The new address now signs in to the same account.
    const again = await signInWithEmail(t, 'new.home@example.org');
    expect(again.userId).toBe(person.userId);
    // The code worked once.
    const reused = await t.gql(verify, { e: 'new.home@example.org', c: code }, person.headers);
    expect(errorOf(reused)?.extensions).toMatchObject({ field: 'code', reason: 'NO_CODE' });
  });

  it('refuses an expired code', async () => {
    const person = await newPerson();
    await updateProfile(person, { email: 'late@example.org' });
    const code = await lastCodeTo(t.dataDir, 'late@example.org');
    await t.plaza.platform.store.db
      .update(profileChangeCodes)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(and(eq(profileChangeCodes.userId, person.userId), eq(profileChangeCodes.purpose, 'email')));
    const res = await t.gql(verify, { e: 'late@example.org', c: code }, person.headers);
    expect(errorOf(res)?.extensions).toMatchObject({ field: 'code', reason: 'EXPIRED' });
    expect((await myself(person)).data!.myself.user.email).toBe(person.email);
  });

  it('refuses the sixth try even with the right code', async () => {
    const person = await newPerson();
    await updateProfile(person, { email: 'guessed@example.org' });
    const code = await lastCodeTo(t.dataDir, 'guessed@example.org');
    const wrongCode = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) {
      const res = await t.gql(verify, { e: 'guessed@example.org', c: wrongCode }, person.headers);
      expect(errorOf(res)?.extensions?.reason).toBe('WRONG_CODE');
    }
    const sixth = await t.gql(verify, { e: 'guessed@example.org', c: code }, person.headers);
    expect(errorOf(sixth)?.extensions).toMatchObject({ field: 'code', reason: 'TOO_MANY_ATTEMPTS' });
    expect((await myself(person)).data!.myself.user.email).toBe(person.email);
  });

  it('refuses a code given for another address than the one it was sent to', async () => {
    const person = await newPerson();
    await updateProfile(person, { email: 'first.choice@example.org' });
    const code = await lastCodeTo(t.dataDir, 'first.choice@example.org');
    const res = await t.gql(verify, { e: 'second.choice@example.org', c: code }, person.headers);
    expect(errorOf(res)?.extensions?.reason).toBe('WRONG_CODE');
  });

  it('refuses an address that belongs to another account, sending nothing', async () => {
    const owner = await newPerson('owner');
    const person = await newPerson();
    const before = await countMessagesTo(t.dataDir, owner.email);
    const res = await updateProfile(person, { email: owner.email });
    expect(errorOf(res)?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'email' });
    expect(await countMessagesTo(t.dataDir, owner.email)).toBe(before);
  });

  it('limits how many codes one person can ask for', async () => {
    const person = await newPerson();
    const codes: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await updateProfile(person, { email: `attempt.${i}@example.org` });
      codes.push(errorOf(res)?.extensions?.code);
    }
    expect(codes).toEqual([undefined, undefined, undefined, undefined, undefined, 'RATE_LIMITED']);
  });
});

describe('changing the phone number', () => {
  it('texts a code to the new number, then verifyPhoneChange sets it', async () => {
    const person = await newPerson();
    const res = await updateProfile(person, { phone: '+1 (212) 555-0147' });
    expect(res.data!.updateProfile).toMatchObject({ phone: null, pendingPhone: '+12125550147' });
    const code = await lastCodeTo(t.dataDir, '+12125550147');
    const verified = await t.gql<{ verifyPhoneChange: { phone: string } }>(
      'mutation ($p: String!, $c: String!) { verifyPhoneChange(phone: $p, code: $c) { phone } }',
      { p: '212-555-0147', c: code },
      person.headers,
    );
    expect(verified.data).toEqual({ verifyPhoneChange: { phone: '+12125550147' } });
    // Signing in by that number now reaches the same account.
    const byPhone = await signInWithPhone(t, '+12125550147', '+12125550147');
    expect(byPhone.userId).toBe(person.userId);
  });
});

describe('making the profile private', () => {
  const update = 'mutation ($u: ProfilePrivateInput!) { updateProfilePrivate(user: $u) { channel sentTo } }';
  const confirm =
    'mutation ($u: ProfilePrivateInput!, $c: Int!) { confirmProfilePrivate(user: $u, code: $c) { isPublic } }';

  it('needs the numeric code sent to the person’s own address', async () => {
    const person = await newPerson('private');
    const asked = await t.gql(update, { u: { isPublic: false } }, person.headers);
    expect(asked.data).toEqual({
      updateProfilePrivate: { channel: 'EMAIL', sentTo: expect.stringMatching(/^p•••@example\.org$/) },
    });
    expect((await myself(person)).data!.myself.user.isPublic).toBe(true);
    const code = Number(await lastCodeTo(t.dataDir, person.email));

    const otherChange = await t.gql(confirm, { u: { isPublic: true }, c: code }, person.headers);
    expect(errorOf(otherChange)?.extensions?.reason).toBe('WRONG_CODE');
    const wrong = await t.gql(
      confirm,
      { u: { isPublic: false }, c: code === 111111 ? 222222 : 111111 },
      person.headers,
    );
    expect(errorOf(wrong)?.extensions?.reason).toBe('WRONG_CODE');
    const right = await t.gql(confirm, { u: { isPublic: false }, c: code }, person.headers);
    expect(right.data).toEqual({ confirmProfilePrivate: { isPublic: false } });
  });

  it('texts the code to people who have only a phone', async () => {
    const person = await signInWithPhone(t, '+1 646 555 0123', '+16465550123');
    const asked = await t.gql(update, { u: { isPublic: false } }, person.headers);
    expect(asked.data).toEqual({ updateProfilePrivate: { channel: 'PHONE', sentTo: '+1 •••• 23' } });
    const code = Number(await lastCodeTo(t.dataDir, '+16465550123'));
    const right = await t.gql(confirm, { u: { isPublic: false }, c: code }, person.headers);
    expect(right.data).toEqual({ confirmProfilePrivate: { isPublic: false } });
  });
});

describe('SMS consent', () => {
  it('is off by default, set by updateProfileConsent and left alone by a null', async () => {
    const person = await newPerson();
    const read = () => t.gql('{ mySmsOptIn { smsContactsOptin } }', {}, person.headers);
    expect((await read()).data).toEqual({ mySmsOptIn: { smsContactsOptin: false } });
    const on = await t.gql(
      'mutation { updateProfileConsent(optInSms: true) { smsContactsOptin } }',
      {},
      person.headers,
    );
    expect(on.data).toEqual({ updateProfileConsent: { smsContactsOptin: true } });
    await t.gql('mutation { updateProfileConsent { smsContactsOptin } }', {}, person.headers);
    expect((await read()).data).toEqual({ mySmsOptIn: { smsContactsOptin: true } });
    // On the User as spec 3 lists it: the person reads it, nobody else does.
    const mine = await t.gql<{ myself: { user: { smsContactsOptin: boolean | null } } }>(
      '{ myself { user { smsContactsOptin } } }',
      {},
      person.headers,
    );
    expect(mine.data!.myself.user.smsContactsOptin).toBe(true);
    const other = await newPerson();
    // Others find a person once they have a username and a first name.
    await t.gql(
      'mutation ($u: UpdateProfileInput!) { updateProfile(user: $u) { id } }',
      { u: { username: `optin${person.userId}`, first: 'Opt' } },
      person.headers,
    );
    const theirs = await t.gql<{ userProfile: { smsContactsOptin: boolean | null } | null }>(
      'query ($id: Int!) { userProfile(id: $id) { smsContactsOptin } }',
      { id: person.userId },
      other.headers,
    );
    expect(theirs.errors, JSON.stringify(theirs.errors)).toBeUndefined();
    expect(theirs.data!.userProfile!.smsContactsOptin).toBeNull();
  });
});
