import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { users } from '../src/db/schema/index.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { lastCodeTo } from './support/outbox.ts';
import { newPerson, type Person } from './support/people.ts';
import { nextIp, postAuth, signInWithEmail } from './support/sign-in.ts';

const MESSAGE = 'Plaza is for people 16 and older. Meet in public places the first time.';
const COMPLIANCE_ENV = {
  PLAZA_COMPLIANCE_MESSAGE: MESSAGE,
  PLAZA_COMPLIANCE_CONFIRM: 'I am 16 or older',
};

let t: TestPlaza;
let ana: Person;

beforeAll(async () => {
  t = await startTestPlaza({
    TRUST_PROXY: '1',
    PLAZA_BLOCKED_COUNTRIES: 'KP,IR',
    PLAZA_COUNTRY_HEADER: 'CF-IPCountry',
    ...COMPLIANCE_ENV,
  });
  ana = await newPerson(t, 'Ana');
});
afterAll(() => t.close());

/** What the operator's restart with other settings would give: the config parsed from that environment. */
function reconfigure(env: Record<string, string>) {
  t.plaza.platform.config.compliance = loadConfig(env).compliance;
}

interface Compliance {
  complianceMessage: string;
  confirmMessage: string | null;
  confirmRequired: boolean;
  version: string;
}

async function message(headers: Record<string, string> = {}) {
  const res = await t.gql<{ getComplianceMessage: Compliance | null }>(
    '{ getComplianceMessage { complianceMessage confirmMessage confirmRequired version } }',
    {},
    headers,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.getComplianceMessage;
}

const confirm = (headers: Record<string, string>, version: string) =>
  t.gql<{ confirmCompliance: boolean }>(
    'mutation ($v: String!) { confirmCompliance(version: $v) }',
    { v: version },
    headers,
  );

describe('getComplianceMessage and confirmCompliance', () => {
  it('show the message to a signed-in person until they confirm this version of it', async () => {
    const shown = await message(ana.headers);
    expect(shown).toMatchObject({
      complianceMessage: MESSAGE,
      confirmMessage: 'I am 16 or older',
      confirmRequired: true,
    });
    const stale = await confirm(ana.headers, 'some-older-version');
    expect(stale.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'version' });
    expect(await message(ana.headers)).not.toBeNull();

    expect((await confirm(ana.headers, shown!.version)).data).toEqual({ confirmCompliance: true });
    expect(await message(ana.headers)).toBeNull();
    // Confirming twice changes nothing.
    expect((await confirm(ana.headers, shown!.version)).data).toEqual({ confirmCompliance: true });
    const archive = (await (
      await fetch(`${await t.url()}/api/me/export`, { headers: ana.headers })
    ).json()) as { complianceConfirmations: Array<{ version: string }> };
    expect(archive.complianceConfirmations).toEqual([expect.objectContaining({ version: shown!.version })]);
  });

  it('show it to signed-out visitors too, who cannot confirm it', async () => {
    expect((await message())?.complianceMessage).toBe(MESSAGE);
    const res = await confirm({}, 'anything');
    expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('show it again to everyone once its text (and so its version) changes', async () => {
    const ben = await newPerson(t, 'Ben');
    const first = await message(ben.headers);
    await confirm(ben.headers, first!.version);
    expect(await message(ben.headers)).toBeNull();
    try {
      reconfigure({ ...COMPLIANCE_ENV, PLAZA_COMPLIANCE_MESSAGE: `${MESSAGE} Be kind.` });
      const changed = await message(ben.headers);
      expect(changed?.complianceMessage).toBe(`${MESSAGE} Be kind.`);
      expect(changed?.version).not.toBe(first!.version);
      expect(await message(ana.headers)).not.toBeNull();
      // An explicit version keeps a corrected text from asking again.
      reconfigure({ ...COMPLIANCE_ENV, PLAZA_COMPLIANCE_VERSION: first!.version });
      expect(await message(ben.headers)).toBeNull();
    } finally {
      reconfigure(COMPLIANCE_ENV);
    }
  });

  it('offer a message that only informs, closed without a confirmation, and nothing when none is set', async () => {
    const cai = await newPerson(t, 'Cai');
    try {
      reconfigure({ PLAZA_COMPLIANCE_MESSAGE: 'We moved our servers to Frankfurt.' });
      expect(await message(cai.headers)).toMatchObject({ confirmMessage: null, confirmRequired: false });
      reconfigure({});
      expect(await message(cai.headers)).toBeNull();
      const res = await confirm(cai.headers, 'v1');
      expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'version' });
    } finally {
      reconfigure(COMPLIANCE_ENV);
    }
  });
});

describe('sign-up from a blocked country', () => {
  const countOf = async (email: string) =>
    Number(
      (
        await t.plaza.platform.store.db
          .select({ n: sql<number>`count(*)` })
          .from(users)
          .where(eq(users.email, email))
      )[0]!.n,
    );

  it('is refused through the real sign-in route, naming the reason, and makes no account', async () => {
    const email = 'newcomer@example.org';
    const headers = { 'x-forwarded-for': nextIp(), 'cf-ipcountry': 'kp' };
    const sent = await postAuth(t, '/email-otp/send-verification-otp', { email, type: 'sign-in' }, headers);
    expect(sent.status).toBe(200);
    const otp = await lastCodeTo(t.dataDir, email);
    const res = await postAuth<{ code: string; message: string }>(
      t,
      '/sign-in/email-otp',
      { email, otp },
      headers,
    );
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: 'COUNTRY_NOT_SUPPORTED',
      message: 'Plaza is not available in your country yet.',
    });
    expect(res.cookie).toBeNull();
    expect(await countOf(email)).toBe(0);
  });

  it('is refused by phone code too', async () => {
    const headers = { 'x-forwarded-for': nextIp(), 'cf-ipcountry': 'IR' };
    const sent = await postAuth(t, '/phone-number/send-otp', { phoneNumber: '+1 415 555 2671' }, headers);
    expect(sent.status).toBe(200);
    const code = await lastCodeTo(t.dataDir, '+14155552671');
    const res = await postAuth<{ code: string }>(
      t,
      '/phone-number/verify',
      { phoneNumber: '+14155552671', code },
      headers,
    );
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('COUNTRY_NOT_SUPPORTED');
    const [row] = await t.plaza.platform.store.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.phone, '+14155552671'));
    expect(row).toBeUndefined();
  });

  it('still lets an existing account sign in from there, and lets others sign up', async () => {
    const email = 'traveller@example.org';
    await signInWithEmail(t, email);
    const headers = { 'x-forwarded-for': nextIp(), 'cf-ipcountry': 'KP' };
    await postAuth(t, '/email-otp/send-verification-otp', { email, type: 'sign-in' }, headers);
    const otp = await lastCodeTo(t.dataDir, email);
    const res = await postAuth(t, '/sign-in/email-otp', { email, otp }, headers);
    expect(res.status).toBe(200);
    expect(res.cookie).not.toBeNull();

    const elsewhere = 'someone@example.org';
    const from = { 'x-forwarded-for': nextIp(), 'cf-ipcountry': 'DE' };
    await postAuth(t, '/email-otp/send-verification-otp', { email: elsewhere, type: 'sign-in' }, from);
    const code = await lastCodeTo(t.dataDir, elsewhere);
    expect((await postAuth(t, '/sign-in/email-otp', { email: elsewhere, otp: code }, from)).status).toBe(200);
    expect(await countOf(elsewhere)).toBe(1);
  });
});
