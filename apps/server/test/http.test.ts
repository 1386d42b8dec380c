import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlaza, type TestPlaza } from './harness.ts';

let t: TestPlaza;
let base: string;
beforeAll(async () => {
  t = await startTestPlaza();
  const port = await t.plaza.listen(0, '127.0.0.1');
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => t.close());

describe('the HTTP server', () => {
  it('answers GraphQL over real HTTP, POST and GET', async () => {
    const post = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ getBlockedCountryCodes { blockedCountryCodes } }' }),
    });
    expect(post.status).toBe(200);
    expect(await post.json()).toEqual({ data: { getBlockedCountryCodes: { blockedCountryCodes: [] } } });
    const get = await fetch(
      `${base}/graphql?query=${encodeURIComponent('{ getBlockedCountryCodes { blockedCountryCodes } }')}`,
    );
    expect(get.status).toBe(200);
  });

  it('reports the socket address in the health check over a real connection', async () => {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ healthcheck(resolveIps: true) { ip remoteIp } }' }),
    });
    const body = (await res.json()) as { data: { healthcheck: { ip: string; remoteIp: string } } };
    expect(body.data.healthcheck.remoteIp).toMatch(/127\.0\.0\.1$/);
    expect(body.data.healthcheck.ip).toBe(body.data.healthcheck.remoteIp);
  });

  it('runs GraphQL over graphql-ws on the same port and path', async () => {
    const client = createClient({
      url: `${base.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
    });
    try {
      const result = await new Promise<unknown>((resolve, reject) => {
        let value: unknown;
        client.subscribe(
          { query: '{ getBlockedCountryCodes { blockedCountryCodes } }' },
          { next: (data) => (value = data), error: reject, complete: () => resolve(value) },
        );
      });
      expect(result).toEqual({ data: { getBlockedCountryCodes: { blockedCountryCodes: [] } } });
    } finally {
      await client.dispose();
    }
  });

  it('serves /healthz and Prometheus text at /metrics', async () => {
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const metrics = await fetch(`${base}/metrics`);
    expect(metrics.headers.get('content-type')).toContain('text/plain');
    const text = await metrics.text();
    expect(text).toContain('# TYPE plaza_http_request_duration_seconds histogram');
    expect(text).toMatch(/plaza_http_request_duration_seconds_count\{[^}]*route="graphql"[^}]*\} \d+/);
  });

  it("gives the PostgreSQL pool's connections at /metrics, and none for the embedded store", async () => {
    const text = await (await fetch(`${base}/metrics`)).text();
    if (t.plaza.platform.store.kind === 'postgres') {
      const max = t.plaza.platform.store.connections!().max;
      expect(max).toBeGreaterThanOrEqual(1);
      expect(text).toContain(`plaza_database_connections_max ${max}\n`);
      expect(text).toMatch(/plaza_database_connections\{state="busy"\} \d+\n/);
      expect(text).toMatch(/plaza_database_connections\{state="idle"\} [1-9]\d*\n/);
      expect(text).toContain('plaza_database_connection_waits 0\n');
    } else {
      expect(text).not.toContain('plaza_database_connection');
    }
  });

  it("sends a request's statements asked together on one PostgreSQL connection, counted at /metrics (decision 0055)", async () => {
    const counted = async () => {
      const text = await (await fetch(`${base}/metrics`)).text();
      const number = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? NaN);
      return {
        groups: number('plaza_database_statement_groups_total'),
        statements: number('plaza_database_grouped_statements_total'),
      };
    };
    if (t.plaza.platform.store.kind !== 'postgres') {
      expect(await (await fetch(`${base}/metrics`)).text()).not.toContain('plaza_database_statement_groups');
      return;
    }
    const before = await counted();
    // Explore anywhere reads its three lists at once (a new text each time: nothing kept yet).
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'query ($text: String) { explore(text: $text) { plans { id } groups { id } people { id } } }',
        variables: { text: `grouped${Date.now()}` },
      }),
    });
    expect(await response.json()).toEqual({ data: { explore: { plans: [], groups: [], people: [] } } });
    const after = await counted();
    expect(after.groups).toBeGreaterThan(before.groups);
    expect(after.statements - before.statements).toBeGreaterThanOrEqual(
      3 + (after.groups - before.groups - 1) * 2,
    );
  });

  it('redirects a path that starts with a double slash to its single-slash version', async () => {
    const res = await fetch(`${base}//company?x=1`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/company?x=1');
  });

  it('serves stored media with its type and refuses unknown or unsafe keys', async () => {
    await t.plaza.platform.blobs.put('test-image.png', new Uint8Array([137, 80, 78, 71]), 'image/png');
    const res = await fetch(`${base}/media/test-image.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([137, 80, 78, 71]));
    expect((await fetch(`${base}/media/missing.png`)).status).toBe(404);
    expect((await fetch(`${base}/media/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });
});
