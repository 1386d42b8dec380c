import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlaza, type TestPlaza } from './harness.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
let received: Received[];
let t: TestPlaza;

beforeAll(async () => {
  received = [];
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
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
  t = await startTestPlaza({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Plaza <hello@plaza.test>' });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('mail over SMTP', () => {
  it('delivers the subscription mail to a real SMTP receiver', async () => {
    const res = await t.gql('mutation { subscribeEmail(email: "grace@example.org") }');
    expect(res.errors).toBeUndefined();
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['grace@example.org']);
    expect(received[0]!.from).toBe('hello@plaza.test');
    const mail = await simpleParser(received[0]!.raw);
    expect(mail.subject).toBe('You are subscribed to Plaza news');
    expect(mail.text).toContain('http://plaza.test/unsubscribe?email=grace%40example.org&token=');
    expect((mail.headers.get('list') as { unsubscribe: { url: string } }).unsubscribe.url).toMatch(
      /^http:\/\/plaza\.test\/unsubscribe\?email=grace%40example\.org&token=[\w-]{32}$/,
    );
  });

  it('reports the SMTP server in the health check', async () => {
    const res = await t.gql<{ healthcheck: { results: Array<{ message: string }> } }>(
      '{ healthcheck { results { message } } }',
    );
    expect(res.data!.healthcheck.results.map((r) => r.message)).toContain('mail: ok (smtp)');
  });
});
