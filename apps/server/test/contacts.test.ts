import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportAccount } from '../src/domains/users/export-account.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { buildGroup } from './support/factories.ts';
import { countMessagesTo, lastMessageTo, readOutbox } from './support/outbox.ts';
import { newPerson, type Person } from './support/people.ts';

let t: TestPlaza;
let me: Person;
beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
  me = await newPerson(t, 'Ines');
});
afterAll(() => t.close());

const importContacts = (person: Person, format: string, text: string) =>
  t.gql<{
    importContacts: {
      imported: number;
      alreadyKnown: number;
      errors: Array<{ line: number; message: string }>;
    };
  }>(
    `mutation ($format: ContactFileFormat!, $text: String!) { importContacts(format: $format, text: $text) { imported alreadyKnown errors { line message } } }`,
    { format, text },
    person.headers,
  );

const invite = (person: Person, args: { email?: string; phone?: string }) =>
  t.gql<{ inviteContact: boolean }>(
    'mutation ($email: String, $phone: String) { inviteContact(email: $email, phone: $phone) }',
    args,
    person.headers,
  );

describe('importContacts and myContacts', () => {
  it('imports the good rows of a CSV file, reports the bad ones, sends nothing, and searches them', async () => {
    const before = (await readOutbox(t.dataDir)).length;
    const csv = 'Name,Email,Phone\nZoe Lima,zoe@example.org,\nTom Reis,,+1 415 555 2671\nBroken,nope,\n';
    const res = await importContacts(me, 'CSV', csv);
    expect(res.data?.importContacts).toEqual({
      imported: 2,
      alreadyKnown: 0,
      errors: [{ line: 4, message: 'No valid e-mail address or phone number.' }],
    });
    expect((await importContacts(me, 'CSV', csv)).data?.importContacts).toMatchObject({
      imported: 0,
      alreadyKnown: 2,
    });
    expect((await readOutbox(t.dataDir)).length).toBe(before);

    const found = await t.gql<{
      myContacts: { nextMarker: string | null; invitables: Array<Record<string, unknown>> };
    }>(
      '{ myContacts(type: "CONTACTS", searchText: "zoe") { nextMarker invitables { __typename ... on Contact { fullName email phone } } } }',
      {},
      me.headers,
    );
    expect(found.data?.myContacts).toEqual({
      nextMarker: null,
      invitables: [{ __typename: 'Contact', fullName: 'Zoe Lima', email: 'zoe@example.org', phone: null }],
    });
  });

  it('does not tell an outsider who is in a group they only know the key of', async () => {
    const outsider = await newPerson(t, 'Out');
    const friend = await newPerson(t, 'Fri');
    const owner = await newPerson(t, 'Own');
    const db = t.plaza.platform.store.db;
    await db.execute(sql`INSERT INTO follows (user_id, target_id, status) VALUES
      (${outsider.userId}, ${friend.userId}, 'FOLLOWING')`);
    const { group } = await buildGroup(db, owner.userId, [{ userId: friend.userId }]);
    const res = await t.gql<{ myContacts: { invitables: Array<{ id: number }> } }>(
      `{ myContacts(type: "USERS", key: "${group.key}") { invitables { ... on User { id } } } }`,
      {},
      outsider.headers,
    );
    // Were membership applied for an outsider, the friend would vanish and reveal they are a member.
    expect(res.data?.myContacts.invitables).toEqual([{ id: friend.userId }]);
  });

  it('writes nothing from a file it cannot read', async () => {
    const res = await importContacts(me, 'VCARD', 'this is not a card');
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'text' });
    const broken = await importContacts(me, 'CSV', 'name,email\n"Ana,ana@example.org\n');
    expect(broken.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const all = await t.gql<{ myContacts: { invitables: unknown[] } }>(
      '{ myContacts(type: "CONTACTS", searchText: "ana") { invitables { __typename } } }',
      {},
      me.headers,
    );
    expect(all.data?.myContacts.invitables).toEqual([]);
  });

  it('lists people with their mutual friend count, and groups, leaving out members of the given group', async () => {
    const pal = await newPerson(t, 'Pal');
    const member = await newPerson(t, 'Mem');
    const db = t.plaza.platform.store.db;
    await db.execute(sql`INSERT INTO follows (user_id, target_id, status) VALUES
      (${me.userId}, ${pal.userId}, 'FOLLOWING'), (${member.userId}, ${me.userId}, 'FOLLOWING')`);
    const { group } = await buildGroup(db, me.userId, [{ userId: member.userId }]);
    const users = await t.gql<{
      myContacts: { invitables: Array<{ id: number; pivot: { mutualFriendCount: number } }> };
    }>(
      `{ myContacts(type: "USERS", key: "${group.key}") { invitables { ... on User { id pivot { mutualFriendCount } } } } }`,
      {},
      me.headers,
    );
    expect(users.data?.myContacts.invitables).toEqual([{ id: pal.userId, pivot: { mutualFriendCount: 0 } }]);
    const groups = await t.gql<{ myContacts: { invitables: Array<{ __typename: string; key: string }> } }>(
      '{ myContacts(type: "GROUPS") { invitables { __typename ... on Group { key } } } }',
      {},
      me.headers,
    );
    expect(groups.data?.myContacts.invitables).toEqual([{ __typename: 'Group', key: group.key }]);
    const bad = await t.gql('{ myContacts(type: "PLANETS") { nextMarker } }', {}, me.headers);
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('inviteContact', () => {
  it('sends one e-mail with a join link, and not again to that address within a week, by anyone', async () => {
    expect((await invite(me, { email: 'Nia@Example.org' })).data?.inviteContact).toBe(true);
    const mail = await lastMessageTo(t.dataDir, 'nia@example.org');
    expect(mail.subject).toBe('Ines Test invited you to Plaza');
    expect(mail.text).toContain(`http://plaza.test/login?redirect-to=%2F${me.username}`);
    const again = await invite(me, { email: 'nia@example.org' });
    expect(again.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(again.errors?.[0]?.message).toMatch(/already invited in the last week/);
    const other = await newPerson(t, 'Olav');
    expect((await invite(other, { email: 'nia@example.org' })).errors?.[0]?.extensions?.code).toBe(
      'CONFLICT',
    );
    expect(await countMessagesTo(t.dataDir, 'nia@example.org')).toBe(1);
  });

  it('texts a number once the inviter opted in to texting invitations, and never writes to an address that unsubscribed', async () => {
    const refused = await invite(me, { phone: '+1 (415) 555-0123' });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'phone' });
    expect(refused.errors?.[0]?.message).toMatch(/Turn on texting invitations/);
    expect(await countMessagesTo(t.dataDir, '+14155550123')).toBe(0);
    const optIn = await t.gql(
      'mutation { updateProfileConsent(optInSms: true) { smsContactsOptin } }',
      {},
      me.headers,
    );
    expect(optIn.errors).toBeUndefined();
    expect((await invite(me, { phone: '+1 (415) 555-0123' })).data?.inviteContact).toBe(true);
    expect((await lastMessageTo(t.dataDir, '+14155550123')).text).toContain('invited you to Plaza');
    await t.plaza.platform.store.db.execute(
      sql`INSERT INTO email_subscriptions (email, is_subscribed, unsubscribe_token) VALUES ('gone@example.org', false, 'x')`,
    );
    const res = await invite(me, { email: 'gone@example.org' });
    expect(res.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(await countMessagesTo(t.dataDir, 'gone@example.org')).toBe(0);
  });

  it('needs exactly one valid address or number', async () => {
    expect((await invite(me, {})).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(
      (await invite(me, { email: 'a@example.org', phone: '+14155552671' })).errors?.[0]?.extensions?.code,
    ).toBe('BAD_USER_INPUT');
    expect((await invite(me, { email: 'not-an-address' })).errors?.[0]?.extensions?.code).toBe(
      'BAD_USER_INPUT',
    );
  });
});

describe('account export', () => {
  it('includes the imported contacts and the invitations sent', async () => {
    const data = await exportAccount(t.plaza.platform, me.userId);
    expect(data.contacts).toContainEqual({ fullName: 'Zoe Lima', email: 'zoe@example.org', phone: null });
    expect(data.invitationsSent.map((i) => i.to)).toContain('nia@example.org');
    expect(data.follows).toEqual([expect.objectContaining({ status: 'FOLLOWING' })]);
  });
});
