import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GZIP_THRESHOLD_BYTES } from '../src/graphql/whole-body-gzip.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';

let t: TestPlaza;
let port: number;
beforeAll(async () => {
  t = await startTestPlaza();
  port = await t.plaza.listen(0, '127.0.0.1');
});
afterAll(() => t.close());

/** A GraphQL POST over a real connection, its answer's bytes as sent (fetch would decompress them). */
function post(
  query: string,
  acceptEncoding: string | null,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host: '127.0.0.1',
        port,
        path: '/graphql',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(JSON.stringify({ query }));
  });
}

// Introspection (open outside production) answers well over the threshold.
const LONG = '{ __schema { types { name description } } }';
const SHORT = '{ getBlockedCountryCodes { blockedCountryCodes } }';

describe('GraphQL answers over HTTP', () => {
  it('are gzipped whole, with their length, for a client that takes gzip', async () => {
    for (const acceptEncoding of ['gzip, deflate, br', 'br;q=1, gzip;q=0.5', '*', 'x-gzip']) {
      const answer = await post(LONG, acceptEncoding);
      expect(answer.status, acceptEncoding).toBe(200);
      expect(answer.headers['content-encoding'], acceptEncoding).toBe('gzip');
      expect(answer.headers['transfer-encoding'], acceptEncoding).toBeUndefined();
      expect(Number(answer.headers['content-length']), acceptEncoding).toBe(answer.body.length);
      expect(answer.headers.vary, acceptEncoding).toMatch(/Accept-Encoding/i);
      const json = JSON.parse(gunzipSync(answer.body).toString('utf8')) as {
        data: { __schema: { types: Array<{ name: string }> } };
      };
      expect(
        json.data.__schema.types.map((type) => type.name),
        acceptEncoding,
      ).toContain('Query');
      expect(gunzipSync(answer.body).length, acceptEncoding).toBeGreaterThan(GZIP_THRESHOLD_BYTES);
    }
  });

  it('go as they are to a client that does not take gzip, and when short', async () => {
    for (const acceptEncoding of [null, 'identity', 'gzip;q=0', 'br', '*;q=0']) {
      const answer = await post(LONG, acceptEncoding);
      expect(answer.headers['content-encoding'], String(acceptEncoding)).toBeUndefined();
      expect(answer.headers.vary, String(acceptEncoding)).toMatch(/Accept-Encoding/i);
      const json = JSON.parse(answer.body.toString('utf8')) as { data: { __schema: unknown } };
      expect(json.data.__schema, String(acceptEncoding)).toBeTruthy();
    }
    const short = await post(SHORT, 'gzip');
    expect(short.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(short.body.toString('utf8'))).toEqual({
      data: { getBlockedCountryCodes: { blockedCountryCodes: [] } },
    });
  });

  it('say each its own text, in any script and at any length, one after another or at once', async () => {
    // An argument of the wrong type is said back in the error's message: a text the test chooses.
    const echoed = (text: string) => `{ explore(radiusKm: ${JSON.stringify(text)}) { radiusKm } }`;
    let seed = 7;
    const scrambled = (length: number) =>
      Array.from({ length }, () => {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        return String.fromCodePoint(0x4e00 + (seed % 0x5000));
      }).join('');
    const texts = [
      'Café à Lisboa, ' + 'ação '.repeat(400),
      '中文的计划'.repeat(300),
      // Hardly compressible: more bytes out of zlib than its first output chunk holds.
      scrambled(2_000),
      // Longer than the first scratch buffer (64 KB for up to 3 bytes a character).
      'é'.repeat(25_000),
      'plain ascii '.repeat(200),
    ];
    const check = async (text: string) => {
      const answer = await post(echoed(text), 'gzip');
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      const json = JSON.parse(gunzipSync(answer.body).toString('utf8')) as {
        errors: Array<{ message: string }>;
      };
      expect(json.errors[0]!.message).toContain(text);
    };
    for (const text of texts) await check(text);
    await Promise.all([...texts, ...texts].map(check));
  });
});
