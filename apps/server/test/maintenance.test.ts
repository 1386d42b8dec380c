import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { maintenanceFromEnv } from '../src/http/maintenance.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';

describe('PLAZA_MAINTENANCE', () => {
  it('is on for 1, true, yes and on, off when unset, empty or 0, and refuses anything else', () => {
    for (const value of ['1', 'true', 'YES', ' on ']) {
      expect(maintenanceFromEnv({ PLAZA_MAINTENANCE: value })).toBe(true);
    }
    for (const value of [undefined, '', '0', 'false', 'off']) {
      expect(maintenanceFromEnv({ PLAZA_MAINTENANCE: value })).toBe(false);
    }
    expect(() => maintenanceFromEnv({ PLAZA_MAINTENANCE: 'later' })).toThrow(/PLAZA_MAINTENANCE: "later"/);
  });
});

describe('a Plaza in maintenance', () => {
  let t: TestPlaza;
  let base: string;
  beforeAll(async () => {
    process.env.PLAZA_MAINTENANCE = '1';
    t = await startTestPlaza();
    const port = await t.plaza.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${port}`;
  }, 60_000);
  afterAll(async () => {
    delete process.env.PLAZA_MAINTENANCE;
    await t.close();
  });

  it('answers GraphQL with 503 and the maintenance flag in the error data', async () => {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ getBlockedCountryCodes { blockedCountryCodes } }' }),
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('300');
    const body = (await res.json()) as {
      errors: Array<{ message: string; extensions: Record<string, unknown> }>;
    };
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]?.extensions).toEqual({ code: '503', maintenance: true });
    expect(body.errors[0]?.message).toMatch(/maintenance/);
  });

  it('answers the REST endpoints with 503 and the flag, and still answers the health check', async () => {
    const auth = await fetch(`${base}/api/auth/email-otp/send-verification-otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'someone@example.org', type: 'sign-in' }),
    });
    expect(auth.status).toBe(503);
    expect(await auth.json()).toMatchObject({ code: 'MAINTENANCE', maintenance: true });
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
  });

  it('refuses GraphQL over WebSocket with 503 and Retry-After (no socket reads or sends meanwhile)', async () => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    const refused = await new Promise<{ status: number; retryAfter: string | undefined } | 'opened'>(
      (resolve) => {
        socket.once('open', () => resolve('opened'));
        socket.once('unexpected-response', (_request, response) =>
          resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'] }),
        );
        socket.once('error', () => undefined);
      },
    );
    socket.terminate();
    expect(refused).toEqual({ status: 503, retryAfter: '300' });
  });
});
