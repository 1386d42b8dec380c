import { serverAudits } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whileBlockedCountryCodesThrow } from './support/failing-config.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';

let t: TestPlaza;
beforeAll(async () => {
  t = await startTestPlaza();
});
afterAll(() => t.close());

describe('GraphQL over HTTP', () => {
  // Audits are listed up front; each runs against the live endpoint.
  const audits = serverAudits({
    url: 'http://plaza.test/graphql',
    fetchFn: (input: RequestInfo | URL, init?: RequestInit) => t.plaza.yoga.fetch(String(input), init ?? {}),
  });

  for (const audit of audits.filter((a) => a.name.startsWith('MUST'))) {
    it(audit.name, async () => {
      const result = await audit.fn();
      expect(
        result.status === 'ok' ? 'ok' : `${result.status}: ${'reason' in result ? result.reason : ''}`,
      ).toBe('ok');
    });
  }

  it('answers a malformed request with 400 and a GraphQL error body', async () => {
    const cases: Array<{ body: string; contentType: string }> = [
      { body: '{not json', contentType: 'application/json' },
      { body: JSON.stringify({ query: '{ healthcheck { ' }), contentType: 'application/json' },
      { body: JSON.stringify({ variables: {} }), contentType: 'application/json' },
      { body: JSON.stringify({ query: '{ noSuchField }' }), contentType: 'application/json' },
    ];
    for (const { body, contentType } of cases) {
      const response = await t.plaza.yoga.fetch('http://plaza.test/graphql', {
        method: 'POST',
        headers: { 'content-type': contentType, accept: 'application/graphql-response+json' },
        body,
      });
      expect(response.status, body).toBe(400);
      const json = (await response.json()) as { errors?: Array<{ message: string }> };
      expect(json.errors?.length, body).toBeGreaterThan(0);
    }
  });

  it('masks unexpected errors instead of leaking internals', async () => {
    // A failure nobody turned into a coded error must reach the client as a generic message.
    const res = await whileBlockedCountryCodesThrow(t, 'secret internal detail', () =>
      t.gql('{ getBlockedCountryCodes { blockedCountryCodes } }'),
    );
    expect(res.errors?.[0]?.message).toBe('Unexpected error.');
    expect(JSON.stringify(res)).not.toContain('secret internal detail');
  });
});
