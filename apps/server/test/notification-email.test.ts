import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localMinute, MINUTES_PER_DAY, type ActivityType } from '@plaza/core/notifications';
import { recordActivity } from '../src/domains/activity/record-activity.ts';
import { scheduleDigestSweep } from '../src/domains/notification-email/daily-digest.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { buildUser } from './support/factories.ts';
import { nextIp, postAuth } from './support/sign-in.ts';

/**
 * Notification e-mails and the daily digest (decision 0014), delivered to a real SMTP receiver:
 * what arrives, when, and what its one-click unsubscribe link does.
 */

interface Received {
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
const received: Received[] = [];
let t: TestPlaza;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const { port } = smtp.server.address() as AddressInfo;
  t = await startTestPlaza({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'Plaza <hello@plaza.test>',
    TRUST_PROXY: '1',
  });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const db = () => t.plaza.platform.store.db;

async function mailsTo(address: string): Promise<ParsedMail[]> {
  return Promise.all(
    received.filter((mail) => mail.to.includes(address)).map((mail) => simpleParser(mail.raw)),
  );
}

function oneClickHeaderOf(mail: ParsedMail): string | undefined {
  return mail.headerLines.find((line) => line.key === 'list-unsubscribe-post')?.line;
}

function listUnsubscribeOf(mail: ParsedMail): string {
  return (mail.headers.get('list') as { unsubscribe: { url: string } }).unsubscribe.url;
}

async function person(first: string) {
  return buildUser(db(), first, {
    email: `${first.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.org`,
  });
}

let creatorId: number;

async function activity(
  receiverId: number,
  type: ActivityType,
  at: Date,
  message = `Cleo Built did something (${type})`,
) {
  creatorId ??= (await buildUser(db(), 'Cleo')).id;
  const recorded = await recordActivity(
    t.plaza.platform,
    {
      receiverId,
      creatorId,
      type,
      action: 'requested',
      model: { type: 'User', id: creatorId },
      href: `/people/${creatorId}`,
      message,
    },
    at,
  );
  expect(recorded).not.toBeNull();
  return recorded!;
}

const UNSUBSCRIBE = `mutation ($email: String!, $token: String!) {
  unsubscribeEmail(email: $email, token: $token) { email scope label }
}`;

/** What the /unsubscribe page sends: the address and token of the link. */
async function followUnsubscribeLink(link: string) {
  const query = new URL(link).searchParams;
  return t.gql<{ unsubscribeEmail: { email: string; scope: string; label: string } }>(UNSUBSCRIBE, {
    email: query.get('email'),
    token: query.get('token'),
  });
}

async function emailPreference(userId: number, type: ActivityType): Promise<boolean | null> {
  const result = await db().execute(
    sql`SELECT email FROM notification_preferences WHERE user_id = ${userId} AND type = ${type}`,
  );
  const row = result.rows[0] as { email: boolean | null } | undefined;
  return row ? row.email : null;
}

describe('notification e-mails', () => {
  let ana: Awaited<ReturnType<typeof person>>;
  let link = '';

  it('sends the activity by e-mail ten minutes later, with its link and a one-click unsubscribe', async () => {
    ana = await person('Ana');
    const at = new Date();
    await activity(ana.id, 'FRIEND_REQUEST', at, 'Cleo Built wants to be your friend');
    await t.plaza.jobs.runDue(new Date(at.getTime() + 5 * MINUTE));
    expect(await mailsTo(ana.email!)).toHaveLength(0);

    await t.plaza.jobs.runDue(new Date(at.getTime() + 11 * MINUTE));
    const mails = await mailsTo(ana.email!);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Cleo Built wants to be your friend');
    expect(mail.text).toContain('Hi Ana Built,');
    expect(mail.text).toContain('Cleo Built wants to be your friend.');
    expect(mail.text).toContain(`See it on Plaza: http://plaza.test/people/${creatorId}`);
    expect(mail.text).toContain('Choose which e-mails you get: http://plaza.test/profile/notifications');
    link = listUnsubscribeOf(mail);
    expect(link).toMatch(
      /^http:\/\/plaza\.test\/unsubscribe\?email=ana-\w+%40example\.org&token=[\w-]+\.[\w-]+$/,
    );
    expect(mail.text).toContain(`Stop e-mails about friend requests: ${link}`);
    expect(oneClickHeaderOf(mail)).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail.html).toContain(`href="http://plaza.test/people/${creatorId}"`);
    expect(mail.html).toContain('Stop e-mails about friend requests');
  });

  it('the link stops e-mails of that kind only', async () => {
    const res = await followUnsubscribeLink(link);
    expect(res.errors).toBeUndefined();
    expect(res.data!.unsubscribeEmail).toEqual({
      email: ana.email,
      scope: 'FRIEND_REQUEST',
      label: 'friend requests',
    });
    expect(await emailPreference(ana.id, 'FRIEND_REQUEST')).toBe(false);

    const at = new Date(Date.now() + 20 * MINUTE);
    await activity(ana.id, 'FRIEND_REQUEST', at, 'Dev Built wants to be your friend');
    await t.plaza.jobs.runDue(new Date(at.getTime() + 11 * MINUTE));
    expect(await mailsTo(ana.email!)).toHaveLength(1);

    await activity(ana.id, 'GROUP_INVITE', at, 'Cleo Built invited you to Runners');
    await t.plaza.jobs.runDue(new Date(at.getTime() + 11 * MINUTE));
    const mails = await mailsTo(ana.email!);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Cleo Built wants to be your friend',
      'Cleo Built invited you to Runners',
    ]);
    expect(mails[1]!.text).toContain('Stop e-mails about group invitations');
  });

  it('refuses the same link again, saying it was used, and changes nothing', async () => {
    // Turned back on in the settings meanwhile: a used link must not turn it off again.
    await db().execute(
      sql`UPDATE notification_preferences SET email = true WHERE user_id = ${ana.id} AND type = 'FRIEND_REQUEST'`,
    );
    const again = await followUnsubscribeLink(link);
    expect(again.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'token',
      reason: 'USED',
    });
    expect(again.errors?.[0]?.message).toMatch(/^This link was already used/);
    expect(await emailPreference(ana.id, 'FRIEND_REQUEST')).toBe(true);
  });

  it('refuses a tampered token or another address, and changes nothing', async () => {
    const bob = await person('Bob');
    const at = new Date(Date.now() + 40 * MINUTE);
    await activity(bob.id, 'PLAN_INVITE', at, 'Cleo Built invited you to Picnic');
    await t.plaza.jobs.runDue(new Date(at.getTime() + 11 * MINUTE));
    const [mail] = await mailsTo(bob.email!);
    const query = new URL(listUnsubscribeOf(mail!)).searchParams;
    const token = query.get('token')!;
    const [body, signature] = token.split('.') as [string, string];

    // The same signature over a body naming another kind.
    const claim = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown[];
    claim[2] = 'ALL';
    const forgedBody = Buffer.from(JSON.stringify(claim)).toString('base64url');
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    const attempts = [
      { email: bob.email, token: `${forgedBody}.${signature}` },
      { email: bob.email, token: `${body}.${flipped}` },
      { email: bob.email, token: body },
      { email: ana.email, token },
    ];
    for (const variables of attempts) {
      const res = await t.gql(UNSUBSCRIBE, variables);
      expect(res.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'token',
        reason: 'INVALID',
      });
      expect(res.errors?.[0]?.message).toMatch(/not valid/);
    }
    const prefs = await db().execute(sql`SELECT 1 FROM notification_preferences WHERE user_id = ${bob.id}`);
    expect(prefs.rows).toHaveLength(0);
    const settings = await db().execute(sql`SELECT 1 FROM notification_settings WHERE user_id = ${bob.id}`);
    expect(settings.rows).toHaveLength(0);

    // The real link still works afterwards: the refusals used nothing up.
    const res = await t.gql(UNSUBSCRIBE, { email: bob.email, token });
    expect(res.errors).toBeUndefined();
    expect(await emailPreference(bob.id, 'PLAN_INVITE')).toBe(false);
  });

  it('sends nothing when the activity was seen within the ten minutes', async () => {
    const cal = await person('Cal');
    const at = new Date(Date.now() + 60 * MINUTE);
    const { id } = await activity(cal.id, 'MENTION', at, 'Cleo Built mentioned you');
    await db().execute(
      sql`UPDATE activities SET read_at = ${new Date(at.getTime() + 3 * MINUTE).toISOString()}::timestamptz WHERE id = ${id}`,
    );
    await t.plaza.jobs.runDue(new Date(at.getTime() + 11 * MINUTE));
    expect(await mailsTo(cal.email!)).toHaveLength(0);

    // The same kind, not seen, does go out: the read activity was the only difference.
    await activity(cal.id, 'MENTION', at, 'Cleo Built mentioned you again');
    await t.plaza.jobs.runDue(new Date(at.getTime() + 11 * MINUTE));
    expect((await mailsTo(cal.email!)).map((mail) => mail.subject)).toEqual([
      'Cleo Built mentioned you again',
    ]);
  });

  it('sends nothing to an address that is not verified', async () => {
    const dee = await person('Dee');
    await db().execute(sql`UPDATE users SET email_verified = false WHERE id = ${dee.id}`);
    const at = new Date(Date.now() + 80 * MINUTE);
    await activity(dee.id, 'FRIEND_REQUEST', at);
    await t.plaza.jobs.runDue(new Date(at.getTime() + 11 * MINUTE));
    expect(await mailsTo(dee.email!)).toHaveLength(0);
  });

  it('leaves plan reminders to the reminder mails', async () => {
    const eve = await person('Eve');
    const at = new Date(Date.now() + 100 * MINUTE);
    await activity(eve.id, 'PLAN_REMINDER', at, 'Picnic starts soon');
    await activity(eve.id, 'PLAN_CANCELLED', at, 'Picnic was cancelled');
    await t.plaza.jobs.runDue(new Date(at.getTime() + 11 * MINUTE));
    expect((await mailsTo(eve.email!)).map((mail) => mail.subject)).toEqual(['Picnic was cancelled']);
  });

  it('holds the e-mail during quiet hours and sends it when they end', async () => {
    const fin = await person('Fin');
    const at = new Date(Date.now() + 120 * MINUTE);
    const due = new Date(at.getTime() + 11 * MINUTE);
    // Quiet from a minute before the e-mail is due, for an hour (UTC, the default zone).
    const start = (localMinute(due, 'UTC') - 1 + MINUTES_PER_DAY) % MINUTES_PER_DAY;
    await db().execute(sql`INSERT INTO notification_settings (user_id, quiet_start, quiet_end)
      VALUES (${fin.id}, ${start}, ${(start + 60) % MINUTES_PER_DAY})`);
    await activity(fin.id, 'GROUP_INVITE', at, 'Cleo Built invited you to Swimmers');
    await t.plaza.jobs.runDue(due);
    await t.plaza.jobs.runDue(new Date(due.getTime() + 30 * MINUTE));
    expect(await mailsTo(fin.email!)).toHaveLength(0);
    await t.plaza.jobs.runDue(new Date(due.getTime() + 61 * MINUTE));
    expect((await mailsTo(fin.email!)).map((mail) => mail.subject)).toEqual([
      'Cleo Built invited you to Swimmers',
    ]);
  });
});

describe('through the real friendship mutation', () => {
  /** Signs in with the code the SMTP receiver got, as the person would; onboarded like support/people.ts. */
  async function signIn(first: string) {
    const email = `${first.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
    const ip = { 'x-forwarded-for': nextIp() };
    const sent = await postAuth(t, '/email-otp/send-verification-otp', { email, type: 'sign-in' }, ip);
    expect(sent.status).toBe(200);
    const [codeMail] = (await mailsTo(email)).slice(-1);
    const otp = /\b(\d{6})\b/.exec(codeMail?.text ?? '')?.[1];
    const res = await postAuth<{ token: string; user: { id: number } }>(
      t,
      '/sign-in/email-otp',
      { email, otp },
      { ...ip, 'plaza-session-strategy': 'bearer' },
    );
    expect(res.status).toBe(200);
    await db().execute(sql`UPDATE users SET username = ${`${first.toLowerCase()}${res.body.user.id}`},
      first = ${first}, last = 'Test', onboarded_at = now() WHERE id = ${res.body.user.id}`);
    return { id: res.body.user.id, email, headers: { authorization: `Bearer ${res.body.token}` } };
  }

  const ASK = 'mutation ($id: Int!) { updateFriendship(userId: $id, action: FRIENDS) { friendshipStatus } }';

  it('e-mails a friend request, and its link stops the next one', async () => {
    const ana = await signIn('Anya');
    const ben = await signIn('Benji');
    const cy = await signIn('Cyra');
    const codeMails = (await mailsTo(ana.email)).length;

    const asked = await t.gql(ASK, { id: ana.id }, ben.headers);
    expect(asked.errors).toBeUndefined();
    await t.plaza.jobs.runDue(new Date(Date.now() + 11 * MINUTE));
    const mails = (await mailsTo(ana.email)).slice(codeMails);
    expect(mails.map((mail) => mail.subject)).toEqual(['Benji Test wants to be your friend']);
    const link = listUnsubscribeOf(mails[0]!);
    expect(mails[0]!.text).toContain(`Stop e-mails about friend requests: ${link}`);

    const res = await followUnsubscribeLink(link);
    expect(res.data!.unsubscribeEmail).toMatchObject({ scope: 'FRIEND_REQUEST' });
    expect((await t.gql(ASK, { id: ana.id }, cy.headers)).errors).toBeUndefined();
    await t.plaza.jobs.runDue(new Date(Date.now() + 11 * MINUTE));
    expect((await mailsTo(ana.email)).slice(codeMails)).toHaveLength(1);
  });
});

describe('the daily digest', () => {
  const ZONE = 'America/New_York';
  /** 09:00 in New York, three days or so from now. */
  let nine: Date;
  let dana: Awaited<ReturnType<typeof person>>;
  let ivy: Awaited<ReturnType<typeof person>>;
  let eli: Awaited<ReturnType<typeof person>>;
  let fay: Awaited<ReturnType<typeof person>>;
  let gus: Awaited<ReturnType<typeof person>>;

  async function settings(userId: number, zone: string, lastSeen: Date) {
    await db().execute(sql`INSERT INTO notification_settings (user_id, time_zone, last_seen_at)
      VALUES (${userId}, ${zone}, ${lastSeen.toISOString()}::timestamptz)
      ON CONFLICT (user_id) DO UPDATE SET time_zone = excluded.time_zone, last_seen_at = excluded.last_seen_at`);
  }

  /** The sweep, as the hourly job runs it at `at`. */
  async function sweepAt(at: Date) {
    await scheduleDigestSweep(db(), at);
    await t.plaza.jobs.runDue(at);
  }

  beforeAll(async () => {
    let hour = (Math.floor(Date.now() / HOUR) + 72) * HOUR;
    while (localMinute(new Date(hour), ZONE) !== 9 * 60) hour += HOUR;
    nine = new Date(hour);
    dana = await person('Dana');
    ivy = await person('Ivy');
    eli = await person('Eli');
    fay = await person('Fay');
    gus = await person('Gus');
    const away = new Date(nine.getTime() - 2 * DAY);
    await settings(dana.id, ZONE, away);
    await settings(ivy.id, ZONE, away);
    await settings(eli.id, ZONE, new Date(nine.getTime() - HOUR));
    await settings(fay.id, 'Asia/Tokyo', away);
    await settings(gus.id, ZONE, away);
    // New followers reach the feed only (no e-mail of their own), so each mail here is a digest.
    for (let i = 0; i < 22; i += 1)
      await activity(
        dana.id,
        'FOLLOW',
        new Date(nine.getTime() - DAY + i * MINUTE),
        `Follower ${i} follows you`,
      );
    await activity(ivy.id, 'FOLLOW', new Date(nine.getTime() - DAY), 'Cleo Built follows you');
    await activity(eli.id, 'FOLLOW', new Date(nine.getTime() - 30 * MINUTE), 'Cleo Built follows you');
    await activity(fay.id, 'FOLLOW', new Date(nine.getTime() - DAY), 'Cleo Built follows you');
    const read = await activity(gus.id, 'FOLLOW', new Date(nine.getTime() - DAY), 'Cleo Built follows you');
    await db().execute(sql`UPDATE activities SET read_at = created_at WHERE id = ${read.id}`);
  });

  it('sends one digest at 09:00 in the person’s zone to those away a day with something unread', async () => {
    // The sweep scheduled at start and rescheduling itself hourly: nothing at 08:00, the digest at 09:00.
    await t.plaza.jobs.runDue(new Date(nine.getTime() - HOUR));
    expect(await mailsTo(dana.email!)).toHaveLength(0);
    const pending = await db().execute(
      sql`SELECT run_at FROM jobs WHERE kind = 'notification-email.digest-sweep' AND done_at IS NULL`,
    );
    expect(pending.rows.map((row) => new Date((row as { run_at: string }).run_at))).toEqual([nine]);

    await t.plaza.jobs.runDue(nine);
    const mails = await mailsTo(dana.email!);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('While you were away: 22 new things on Plaza');
    expect(mail.text).toContain('Hi Dana Built,');
    // The newest first, twenty of them, then the count of the rest.
    expect(mail.text).toContain('- Follower 21 follows you.');
    expect(mail.text).toContain('- Follower 2 follows you.');
    expect(mail.text).not.toContain('- Follower 1 follows you.');
    expect(mail.text).toContain('...and 2 more.');
    expect(mail.text).toContain('See everything on Plaza: http://plaza.test/profile/activity');
    expect(mail.text).toContain('Stop the daily digest: ');
    expect(listUnsubscribeOf(mail)).toMatch(/^http:\/\/plaza\.test\/unsubscribe\?email=dana-/);
    expect(oneClickHeaderOf(mail)).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(await mailsTo(ivy.email!)).toHaveLength(1);
  });

  it('does not send a second digest when the sweep runs again in the hour', async () => {
    await sweepAt(new Date(nine.getTime() + 25 * MINUTE));
    await sweepAt(new Date(nine.getTime() + 59 * MINUTE));
    expect(await mailsTo(dana.email!)).toHaveLength(1);
    expect(await mailsTo(ivy.email!)).toHaveLength(1);
  });

  it('sends none to someone seen lately, in another zone’s evening, or with everything read', async () => {
    expect(await mailsTo(eli.email!)).toHaveLength(0);
    expect(await mailsTo(fay.email!)).toHaveLength(0);
    expect(await mailsTo(gus.email!)).toHaveLength(0);
  });

  it('its unsubscribe link stops the digest, and only for that person', async () => {
    const [mail] = await mailsTo(dana.email!);
    const res = await followUnsubscribeLink(listUnsubscribeOf(mail!));
    expect(res.errors).toBeUndefined();
    expect(res.data!.unsubscribeEmail).toMatchObject({ scope: 'DIGEST', label: 'the daily digest' });

    const nextDay = new Date(nine.getTime() + DAY);
    await activity(dana.id, 'FOLLOW', new Date(nine.getTime() + 12 * HOUR), 'Late follower follows you');
    await activity(ivy.id, 'FOLLOW', new Date(nine.getTime() + 12 * HOUR), 'Late follower follows you');
    await sweepAt(nextDay);
    expect(await mailsTo(dana.email!)).toHaveLength(1);
    const ivys = await mailsTo(ivy.email!);
    expect(ivys).toHaveLength(2);
    // Only what came after the last digest.
    expect(ivys[1]!.subject).toBe('While you were away: 1 new thing on Plaza');
  });
});
