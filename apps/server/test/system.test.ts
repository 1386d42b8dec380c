import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { downloadLinkRequests, trackingEvents } from '../src/db/schema/index.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';

let t: TestPlaza;
beforeAll(async () => {
  t = await startTestPlaza({ PLAZA_BLOCKED_COUNTRIES: 'KP, ir,xx1', PLAZA_COUNTRY_HEADER: 'CF-IPCountry' });
});
afterAll(() => t.close());

async function outboxFiles(extension: string): Promise<string[]> {
  const folder = path.join(t.dataDir, 'outbox');
  const names = await readdir(folder).catch(() => [] as string[]);
  return Promise.all(
    names.filter((name) => name.endsWith(extension)).map((name) => readFile(path.join(folder, name), 'utf8')),
  );
}

describe('healthcheck', () => {
  it('reports a real round trip to the database, bus, blobs and mail, with durations', async () => {
    const res = await t.gql<{
      healthcheck: { ip: string; results: Array<{ message: string; duration: number }> };
    }>('{ healthcheck(resolveIps: false) { ip results { message duration } } }');
    expect(res.errors).toBeUndefined();
    const messages = res.data!.healthcheck.results.map((r) => r.message);
    expect(messages).toHaveLength(4);
    for (const part of ['database', 'bus', 'blobs', 'mail']) {
      expect(messages.find((m) => m.startsWith(`${part}: ok`))).toBeDefined();
    }
    for (const result of res.data!.healthcheck.results) expect(result.duration).toBeGreaterThanOrEqual(0);
    expect(res.data!.healthcheck.ip).toBeNull();
  });

  it('names the addresses only when asked to resolve them', async () => {
    const res = await t.gql<{ healthcheck: { ip: string | null; clientIp: string | null } }>(
      '{ healthcheck(resolveIps: true) { ip clientIp remoteIp } }',
      {},
      { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' },
    );
    // TRUST_PROXY is off: the forwarded address is reported but not believed.
    expect(res.data!.healthcheck.clientIp).toBe('203.0.113.7');
    expect(res.data!.healthcheck.ip).not.toBe('203.0.113.7');
  });

  it('reports a failing part instead of failing the whole query', async () => {
    const { blobs } = t.plaza.platform;
    const original = blobs.ping;
    blobs.ping = async () => {
      throw new Error('disk full');
    };
    try {
      const res = await t.gql<{ healthcheck: { results: Array<{ message: string }> } }>(
        '{ healthcheck { results { message } } }',
      );
      expect(res.data!.healthcheck.results.map((r) => r.message)).toContain(
        'blobs: failed (local): disk full',
      );
    } finally {
      blobs.ping = original;
    }
  });
});

describe('getBlockedCountryCodes', () => {
  it('lists the configured two-letter codes, upper-cased, dropping malformed ones', async () => {
    const res = await t.gql('{ getBlockedCountryCodes { blockedCountryCodes } }');
    expect(res.data).toEqual({ getBlockedCountryCodes: { blockedCountryCodes: ['KP', 'IR'] } });
  });
});

describe('getPrivacySettings', () => {
  const query = `query ($countryCode: String) {
    getPrivacySettings(countryCode: $countryCode) { countryCode consentRequired defaultMask version fullMask cookieName }
  }`;

  it('asks for opt-in with nothing optional on in the EU, and starts every switch on elsewhere', async () => {
    const eu = await t.gql(query, { countryCode: 'de' });
    expect(eu.data).toEqual({
      getPrivacySettings: {
        countryCode: 'DE',
        consentRequired: true,
        defaultMask: 2,
        version: 1,
        fullMask: 30,
        cookieName: 'pcg',
      },
    });
    const us = await t.gql(query, { countryCode: 'US' });
    expect(us.data?.getPrivacySettings).toMatchObject({
      countryCode: 'US',
      consentRequired: false,
      defaultMask: 30,
    });
  });

  it('without a code, reads the country from the configured header, and assumes consent is required without one', async () => {
    const fromHeader = await t.gql(query, {}, { 'CF-IPCountry': 'us' });
    expect(fromHeader.data?.getPrivacySettings).toMatchObject({ countryCode: 'US', consentRequired: false });
    const unknown = await t.gql(query, {}, { 'CF-IPCountry': 'XX' });
    expect(unknown.data?.getPrivacySettings).toMatchObject({
      countryCode: null,
      consentRequired: true,
      defaultMask: 2,
    });
    const none = await t.gql(query);
    expect(none.data?.getPrivacySettings).toMatchObject({ countryCode: null, consentRequired: true });
    const otherHeader = await t.gql(query, {}, { 'X-Country': 'US' });
    expect(otherHeader.data?.getPrivacySettings).toMatchObject({ countryCode: null });
  });

  it('refuses a code that is not two letters', async () => {
    for (const countryCode of ['USA', '1A', '']) {
      const res = await t.gql(query, { countryCode });
      expect(res.errors?.[0]?.extensions, countryCode).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'countryCode',
      });
    }
  });
});

describe('tracking', () => {
  const mutation =
    'mutation ($events: [TrackingEventInput!]!, $sessionId: String!) { tracking(events: $events, sessionId: $sessionId) }';
  /** The consent cookie of a visitor who accepted analytics (bit 16) among other cookies. */
  const analytics = { cookie: 'i18n_redirected=en; pcg=1.18' };

  async function storedFor(sessionId: string): Promise<number> {
    const [row] = await t.plaza.platform.store.db
      .select({ n: count() })
      .from(trackingEvents)
      .where(eq(trackingEvents.sessionId, sessionId));
    return row!.n;
  }

  it('stores every event of the batch with analytics consent', async () => {
    const res = await t.gql(
      mutation,
      {
        sessionId: 'session-abc-123',
        events: [
          { name: 'page.view', properties: { path: '/' } },
          { name: 'cta.click', properties: { id: 'hero' }, timestamp: Date.now() - 1000 },
        ],
      },
      analytics,
    );
    expect(res.data).toEqual({ tracking: true });
    const rows = await t.plaza.platform.store.db
      .select()
      .from(trackingEvents)
      .where(eq(trackingEvents.sessionId, 'session-abc-123'));
    expect(rows.map((r) => r.name).sort()).toEqual(['cta.click', 'page.view']);
    expect(rows.find((r) => r.name === 'page.view')!.properties).toEqual({ path: '/' });
  });

  it('drops the events of a request without analytics consent', async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['no-cookie', {}],
      ['essential', { cookie: 'pcg=1.2' }],
      ['all-but-analytics', { cookie: 'pcg=1.14' }],
      ['old-version', { cookie: 'pcg=0.30' }],
      ['broken', { cookie: 'pcg=30' }],
    ];
    for (const [label, headers] of cases) {
      const sessionId = `session-${label}`;
      const res = await t.gql(mutation, { sessionId, events: [{ name: 'page.view' }] }, headers);
      expect(res.data, label).toEqual({ tracking: false });
      expect(await storedFor(sessionId), label).toBe(0);
    }
  });

  it('refuses a bad event and stores none of its batch', async () => {
    const res = await t.gql(
      mutation,
      { sessionId: 'session-bad-batch', events: [{ name: 'ok.event' }, { name: '<script>' }] },
      analytics,
    );
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'events.1.name' });
    expect(await storedFor('session-bad-batch')).toBe(0);
  });

  it('refuses a malformed session id and oversized batches, with or without consent', async () => {
    const bad = await t.gql(mutation, { sessionId: 'x', events: [] });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'sessionId' });
    const many = await t.gql(
      mutation,
      { sessionId: 'session-many', events: Array.from({ length: 51 }, () => ({ name: 'e' })) },
      analytics,
    );
    expect(many.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'events' });
  });
});

describe('sendDownloadLink', () => {
  const mutation = 'mutation ($phone: String!) { sendDownloadLink(phone: $phone, consent: true) }';

  it('texts the download link to a valid number through the SMS outbox', async () => {
    const res = await t.gql(mutation, { phone: '+1 (415) 555-2671' });
    expect(res.errors).toBeUndefined();
    const texts = await outboxFiles('.txt');
    expect(
      texts.some((text) => text.includes('To: +14155552671') && text.includes('http://plaza.test/download')),
    ).toBe(true);
  });

  it('refuses an invalid number with BAD_USER_INPUT naming the field, and sends nothing', async () => {
    const before = (await outboxFiles('.txt')).length;
    for (const phone of ['123', 'not a phone', '']) {
      const res = await t.gql(mutation, { phone });
      expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'phone' });
    }
    expect((await outboxFiles('.txt')).length).toBe(before);
  });

  it('limits how often one number gets a text', async () => {
    const phone = '+1 212 555 0188';
    const codes: Array<string | undefined> = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.gql(mutation, { phone });
      codes.push(res.errors?.[0]?.extensions?.code);
    }
    expect(codes).toEqual([undefined, undefined, undefined, 'RATE_LIMITED']);
    const [row] = await t.plaza.platform.store.db
      .select({ n: count() })
      .from(downloadLinkRequests)
      .where(eq(downloadLinkRequests.phone, '+12125550188'));
    expect(row!.n).toBe(3);
  });
});

describe('subscribeEmail and unsubscribeEmail', () => {
  it('sends one welcome mail with a working one-click unsubscribe link', async () => {
    const res = await t.gql('mutation { subscribeEmail(email: " Ada@Example.org ") }');
    expect(res.data).toEqual({ subscribeEmail: true });
    // Subscribing again sends nothing more.
    await t.gql('mutation { subscribeEmail(email: "ada@example.org") }');
    const mails = (await outboxFiles('.eml')).filter((m) => m.includes('To: ada@example.org'));
    expect(mails).toHaveLength(1);
    const mail = await simpleParser(mails[0]!);
    const link = /http:\/\/plaza\.test\/unsubscribe\?\S+/.exec(mail.text ?? '')?.[0];
    expect(link).toBeDefined();
    expect(mail.headers.get('list')).toMatchObject({ unsubscribe: { url: link } });
    const params = new URL(link!).searchParams;

    const wrong = await t.gql(
      'mutation ($t: String!) { unsubscribeEmail(email: "ada@example.org", token: $t) { scope } }',
      {
        t: 'forged-token',
      },
    );
    expect(wrong.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'token' });

    const right = await t.gql(
      'mutation ($e: String!, $t: String!) { unsubscribeEmail(email: $e, token: $t) { email scope label } }',
      {
        e: params.get('email'),
        t: params.get('token'),
      },
    );
    expect(right.errors).toBeUndefined();
    expect(right.data).toEqual({
      unsubscribeEmail: { email: 'ada@example.org', scope: 'NEWS', label: 'Plaza news' },
    });
  });

  it('refuses an invalid address naming the field', async () => {
    const res = await t.gql('mutation { subscribeEmail(email: "not-an-address") }');
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'email' });
  });
});
