import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_TYPES } from '@plaza/core/notifications';
import {
  createUnsubscribeToken,
  type UnsubscribeScope,
} from '../src/domains/notification-email/unsubscribe-token.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { buildUser } from './support/factories.ts';
import { lastMessageTo } from './support/outbox.ts';

/**
 * unsubscribeEmail and checkUnsubscribeLink (decision 0014): notification links signed by the
 * server, used once; the newsletter's stored links keep working. Both are public: the token is
 * the caller's only right, so a caller without a good one is refused and changes nothing.
 */

let t: TestPlaza;
beforeAll(async () => {
  t = await startTestPlaza();
});
afterAll(() => t.close());

const db = () => t.plaza.platform.store.db;

const UNSUBSCRIBE = `mutation ($email: String!, $token: String!) {
  unsubscribeEmail(email: $email, token: $token) { email scope label }
}`;
const CHECK = `query ($email: String!, $token: String!) {
  checkUnsubscribeLink(email: $email, token: $token) { email scope label }
}`;

async function someone(first: string) {
  const email = `${first.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
  const user = await buildUser(db(), first, { email });
  return { id: user.id, email };
}

function tokenFor(
  person: { id: number; email: string },
  scope: UnsubscribeScope,
  secret = t.plaza.platform.auth.secret,
) {
  return createUnsubscribeToken(secret, {
    userId: person.id,
    email: person.email,
    scope,
    issuedAt: Date.now(),
  });
}

async function emailChoices(userId: number) {
  const prefs = await db().execute(
    sql`SELECT type, email FROM notification_preferences WHERE user_id = ${userId} ORDER BY type`,
  );
  const settings = await db().execute(
    sql`SELECT email_digest FROM notification_settings WHERE user_id = ${userId}`,
  );
  return {
    kinds: Object.fromEntries(
      (prefs.rows as Array<{ type: string; email: boolean }>).map((r) => [r.type, r.email]),
    ),
    digest: (settings.rows[0] as { email_digest: boolean } | undefined)?.email_digest ?? null,
  };
}

describe('checkUnsubscribeLink', () => {
  it('names what a link stops without using it', async () => {
    const ana = await someone('Ana');
    const token = tokenFor(ana, 'GROUP_JOIN_REQUEST');
    const check = await t.gql(CHECK, { email: ana.email, token });
    expect(check.data).toEqual({
      checkUnsubscribeLink: {
        email: ana.email,
        scope: 'GROUP_JOIN_REQUEST',
        label: 'requests to join my groups',
      },
    });
    expect(await emailChoices(ana.id)).toEqual({ kinds: {}, digest: null });

    const used = await t.gql(UNSUBSCRIBE, { email: ana.email, token });
    expect(used.errors).toBeUndefined();
    const after = await t.gql(CHECK, { email: ana.email, token });
    expect(after.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'token',
      reason: 'USED',
    });
    expect(after.errors?.[0]?.message).toMatch(/^This link was already used/);
  });

  it('refuses a caller without a good link', async () => {
    const ben = await someone('Ben');
    for (const variables of [
      { email: ben.email, token: 'not-a-token' },
      { email: ben.email, token: tokenFor(ben, 'MENTION', 'another server secret') },
      { email: 'someone-else@example.org', token: tokenFor(ben, 'MENTION') },
    ]) {
      const res = await t.gql(CHECK, variables);
      expect(res.data?.checkUnsubscribeLink ?? null).toBeNull();
      expect(res.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'token',
        reason: 'INVALID',
      });
    }
  });
});

describe('unsubscribeEmail with notification links', () => {
  it('ALL turns off the e-mails of every kind and the digest', async () => {
    const cai = await someone('Cai');
    await db().execute(
      sql`INSERT INTO notification_preferences (user_id, type, in_app, push, email) VALUES (${cai.id}, 'MENTION', true, false, true)`,
    );
    const res = await t.gql(UNSUBSCRIBE, { email: cai.email, token: tokenFor(cai, 'ALL') });
    expect(res.data).toEqual({
      unsubscribeEmail: { email: cai.email, scope: 'ALL', label: 'all notification e-mails' },
    });
    const choices = await emailChoices(cai.id);
    expect(choices.digest).toBe(false);
    expect(choices.kinds).toEqual(Object.fromEntries(ACTIVITY_TYPES.map((type) => [type, false])));
    // The other channels the person chose stay as they were.
    const [mention] = (
      await db().execute(
        sql`SELECT in_app, push FROM notification_preferences WHERE user_id = ${cai.id} AND type = 'MENTION'`,
      )
    ).rows as Array<{ in_app: boolean; push: boolean }>;
    expect(mention).toEqual({ in_app: true, push: false });
  });

  it('DIGEST turns off the digest only', async () => {
    const dee = await someone('Dee');
    const res = await t.gql(UNSUBSCRIBE, { email: dee.email.toUpperCase(), token: tokenFor(dee, 'DIGEST') });
    expect(res.data).toEqual({
      unsubscribeEmail: { email: dee.email, scope: 'DIGEST', label: 'the daily digest' },
    });
    expect(await emailChoices(dee.id)).toEqual({ kinds: {}, digest: false });
  });

  it('refuses a link signed by another server or for a deleted account, changing nothing', async () => {
    const eve = await someone('Eve');
    const foreign = await t.gql(UNSUBSCRIBE, {
      email: eve.email,
      token: tokenFor(eve, 'ALL', 'another server secret'),
    });
    expect(foreign.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'token' });
    expect(await emailChoices(eve.id)).toEqual({ kinds: {}, digest: null });

    const token = tokenFor(eve, 'ALL');
    await db().execute(sql`DELETE FROM users WHERE id = ${eve.id}`);
    const usedLinks = async () =>
      (
        (await db().execute(sql`SELECT count(*)::int AS n FROM email_unsubscribe_uses`)).rows[0] as {
          n: number;
        }
      ).n;
    const before = await usedLinks();
    const gone = await t.gql(UNSUBSCRIBE, { email: eve.email, token });
    expect(gone.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'token' });
    expect(await usedLinks()).toBe(before);
  });

  it('refuses a malformed address naming the field', async () => {
    const res = await t.gql(UNSUBSCRIBE, { email: 'not an address', token: 'x.y' });
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'email' });
  });
});

describe('unsubscribeEmail with newsletter links', () => {
  it('stops Plaza news, and the same link keeps answering so', async () => {
    await t.gql('mutation { subscribeEmail(email: "fay@example.org") }');
    const mail = await lastMessageTo(t.dataDir, 'fay@example.org');
    const link = /http:\/\/plaza\.test\/unsubscribe\?\S+/.exec(mail.text)![0];
    const query = new URL(link).searchParams;
    const variables = { email: query.get('email'), token: query.get('token') };

    const check = await t.gql(CHECK, variables);
    expect(check.data).toEqual({
      checkUnsubscribeLink: { email: 'fay@example.org', scope: 'NEWS', label: 'Plaza news' },
    });
    for (let i = 0; i < 2; i += 1) {
      const res = await t.gql(UNSUBSCRIBE, variables);
      expect(res.data).toEqual({
        unsubscribeEmail: { email: 'fay@example.org', scope: 'NEWS', label: 'Plaza news' },
      });
    }
    const row = await db().execute(
      sql`SELECT is_subscribed FROM email_subscriptions WHERE email = 'fay@example.org'`,
    );
    expect(row.rows[0]).toEqual({ is_subscribed: false });
  });
});
