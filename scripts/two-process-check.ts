/**
 * Two real server processes on one PostgreSQL database and one Redis, as behind a load balancer
 * without sticky sessions (docs/deploy.md): a person subscribed to a chat on process A receives
 * every message another person sends through process B, once and in order. Each person signs in
 * through the other process than the one they then use, so sessions are shared too.
 *
 *   node scripts/two-process-check.ts [--messages N] [--no-redis]
 *
 * PLAZA_TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the PostgreSQL
 * server, on which a scratch database is made and dropped; PLAZA_TEST_REDIS_URL (default
 * redis://127.0.0.1:6379) the Redis. `--no-redis` starts the processes without REDIS_URL: then
 * the check must fail (each process has its own bus). Exit 0 only when every message arrived.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createClient, type Client } from 'graphql-ws';
import pg from 'pg';
import { signInCodeFrom } from '../bench/support/people.ts';
import WebSocket from 'ws';

const root = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: { messages: { type: 'string', default: '20' }, 'no-redis': { type: 'boolean', default: false } },
});
const MESSAGES = Number(args.messages);
if (!Number.isInteger(MESSAGES) || MESSAGES < 1 || MESSAGES > 10_000) {
  console.error('--messages must be a whole number from 1 to 10000');
  process.exit(2);
}
const adminUrl = process.env.PLAZA_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.PLAZA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const withRedis = !args['no-redis'];
/** How long the last message may take to arrive after it was sent. */
const ARRIVAL_TIMEOUT_MS = 15_000;
/** The one address of both processes, as behind a load balancer; browsers send it as Origin. */
const PUBLIC_URL = 'http://plaza.localhost';

const SEND =
  'mutation ($c: String!, $id: String!, $t: String!) { sendMessage(chatKey: $c, clientId: $id, text: $t) { key } }';
const log = (line: string) => console.log(`[two-process] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface Proc {
  name: string;
  base: string;
  outbox: string;
  child: ChildProcess;
  dataDir: string;
}

async function startProcess(name: string, databaseUrl: string): Promise<Proc> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), `plaza-two-${name}-`));
  const child = spawn(process.execPath, [path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PLAZA_DATA_DIR: dataDir,
      PUBLIC_URL,
      DATABASE_URL: databaseUrl,
      ...(withRedis ? { REDIS_URL: redisUrl } : {}),
      PLAZA_DEMO: '0',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`process ${name} exited (${child.exitCode ?? child.signalCode}) before it was healthy`);
    if (Date.now() > deadline) throw new Error(`process ${name} was not healthy within 180 s`);
    const answer = await fetch(`${base}/healthz`).catch(() => null);
    if (answer?.ok) break;
    await sleep(100);
  }
  return { name, base, outbox: path.join(dataDir, 'outbox'), child, dataDir };
}

async function stopProcess(proc: Proc): Promise<void> {
  if (proc.child.exitCode === null && proc.child.signalCode === null) {
    const exited = new Promise((resolve) => proc.child.once('exit', resolve));
    proc.child.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
    if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGKILL');
  }
  await rm(proc.dataDir, { recursive: true, force: true });
}

interface Person {
  label: string;
  id: number;
  cookie: string;
  address: string;
}

async function graphql<T>(
  proc: Proc,
  person: Person,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const response = await fetch(`${proc.base}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: PUBLIC_URL,
      cookie: person.cookie,
      'x-forwarded-for': person.address,
    },
    body: JSON.stringify({ query, variables }),
  });
  const json = (await response.json()) as { data?: T; errors?: unknown };
  if (!json.data || json.errors)
    throw new Error(`GraphQL on ${proc.name} failed: ${JSON.stringify(json.errors)}`);
  return json.data;
}

/** Signs up through `proc` with an e-mail code and sets a name; the session then works anywhere. */
async function signUp(proc: Proc, label: string, n: number): Promise<Person> {
  const email = `two-process-${label}-${randomBytes(4).toString('hex')}@example.org`;
  const address = `2001:db8::${n}`;
  const headers = { 'content-type': 'application/json', origin: PUBLIC_URL, 'x-forwarded-for': address };
  const sent = await fetch(`${proc.base}/api/auth/email-otp/send-verification-otp`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, type: 'sign-in' }),
  });
  if (!sent.ok) throw new Error(`sending a code on ${proc.name} failed: ${sent.status} ${await sent.text()}`);
  const otp = await signInCodeFrom(proc.outbox, email);
  const signedIn = await fetch(`${proc.base}/api/auth/sign-in/email-otp`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, otp }),
  });
  if (!signedIn.ok) throw new Error(`signing in on ${proc.name} failed: ${signedIn.status}`);
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((pair) => pair.startsWith('plaza.session_token='));
  if (!cookie) throw new Error('no plaza.session_token cookie after signing in');
  const person = { label, id: 0, cookie, address };
  const { updateProfile } = await graphql<{ updateProfile: { id: number } }>(
    proc,
    person,
    'mutation ($u: UpdateProfileInput!) { updateProfile(user: $u) { id } }',
    { u: { first: 'Two', last: label, username: `two_${label}_${randomBytes(3).toString('hex')}` } },
  );
  return { ...person, id: Number(updateProfile.id) };
}

function wsClient(proc: Proc, person: Person): Client {
  class CookieWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, {
        headers: { cookie: person.cookie, origin: PUBLIC_URL, 'x-forwarded-for': person.address },
      });
    }
  }
  return createClient({
    url: `${proc.base.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: CookieWebSocket,
    retryAttempts: 0,
    lazy: false,
  });
}

async function main(): Promise<boolean> {
  if (!existsSync(path.join(root, 'apps/web/build/server/index.js'))) {
    throw new Error('the web app is not built: run "npm run build" first (the server serves it)');
  }
  const name = `plaza_two_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const procs: Proc[] = [];
  const clients: Client[] = [];
  try {
    log(`database ${name}, ${withRedis ? `Redis ${redisUrl}` : 'NO Redis (each process has its own bus)'}`);
    // Both at once on the new database, as a deploy starts them: they take turns to migrate it.
    const started = await Promise.allSettled([
      startProcess('A', databaseUrl),
      startProcess('B', databaseUrl),
    ]);
    for (const result of started) if (result.status === 'fulfilled') procs.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    const [a, b] = procs as [Proc, Proc];
    log(`process A at ${a.base} (pid ${a.child.pid}), process B at ${b.base} (pid ${b.child.pid})`);

    // Each signs in on one process and uses the other: sessions live in PostgreSQL.
    const reader = await signUp(b, 'reader', 1);
    const sender = await signUp(a, 'sender', 2);
    const { openDirectChat } = await graphql<{ openDirectChat: { key: string } }>(
      b,
      sender,
      'mutation ($u: Int!) { openDirectChat(userId: $u) { key } }',
      { u: reader.id },
    );
    const chatKey = openDirectChat.key;

    const received: Array<{ text: string; at: number }> = [];
    const errors: unknown[] = [];
    let subscribed = false;
    const client = wsClient(a, reader);
    clients.push(client);
    client.subscribe<{ chatEvents: { kind: string; message: { text: string } | null } }>(
      {
        query: 'subscription ($k: String!) { chatEvents(key: $k) { kind message { text } } }',
        variables: { k: chatKey },
      },
      {
        next: (result) => {
          const event = result.data?.chatEvents;
          if (!event) return void errors.push(result.errors);
          subscribed = true;
          // Warm-ups (sent on A) only show the subscription is live; the check counts what came via B.
          if (event.kind === 'NEW' && event.message?.text.endsWith(' via B'))
            received.push({ text: event.message.text, at: performance.now() });
        },
        error: (error) => errors.push(error),
        complete: () => {},
      },
    );
    // The subscription is live once it answers: a message sent on A itself wakes it through A's
    // own bus whatever the configuration, so this warm-up proves the socket, not the bus. It starts
    // from "now" once registered, which nothing announces: warm up again each second until heard.
    const warmDeadline = Date.now() + 30_000;
    for (let n = 1; !subscribed && Date.now() < warmDeadline; n++) {
      await graphql(a, sender, SEND, { c: chatKey, id: `warm-up-${n}`, t: `warm-up ${n} on A` });
      for (let waited = 0; !subscribed && waited < 1000; waited += 50) await sleep(50);
    }
    if (!subscribed) throw new Error(`the subscription on A never answered: ${JSON.stringify(errors)}`);
    received.length = 0;

    const sentAt: number[] = [];
    for (let i = 1; i <= MESSAGES; i++) {
      sentAt.push(performance.now());
      await graphql(b, sender, SEND, { c: chatKey, id: `two-${i}`, t: `message ${i} via B` });
    }
    log(`${MESSAGES} messages sent through B in ${(performance.now() - sentAt[0]!).toFixed(0)} ms`);
    const deadline = performance.now() + ARRIVAL_TIMEOUT_MS;
    while (received.length < MESSAGES && performance.now() < deadline) await sleep(20);
    await sleep(300); // anything delivered twice shows up now

    const texts = received.map((r) => r.text);
    const expected = Array.from({ length: MESSAGES }, (_, i) => `message ${i + 1} via B`);
    const missing = expected.filter((text) => !texts.includes(text));
    const duplicates = texts.filter((text, i) => texts.indexOf(text) !== i);
    const inOrder = texts.every(
      (text, i) => i === 0 || expected.indexOf(text) > expected.indexOf(texts[i - 1]!),
    );
    const latencies = received
      .map((r) => r.at - sentAt[expected.indexOf(r.text)]!)
      .filter((value) => Number.isFinite(value))
      .sort((x, y) => x - y);
    const pct = (q: number) =>
      latencies.length
        ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1)
        : '–';
    console.log('');
    console.log('| sent through B | received on A | missing | duplicates | in order | p50 ms | max ms |');
    console.log('|---|---|---|---|---|---|---|');
    console.log(
      `| ${MESSAGES} | ${received.length} | ${missing.length} | ${duplicates.length} | ${inOrder ? 'yes' : 'no'} | ${pct(0.5)} | ${pct(1)} |`,
    );
    console.log('');
    if (errors.length > 0) log(`subscription errors: ${JSON.stringify(errors).slice(0, 500)}`);
    const ok =
      missing.length === 0 &&
      duplicates.length === 0 &&
      inOrder &&
      received.length === MESSAGES &&
      errors.length === 0;
    if (!ok && missing.length > 0)
      log(`missing: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}`);
    return ok;
  } finally {
    await Promise.all(clients.map((client) => client.dispose()));
    await Promise.all(procs.map(stopProcess));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

main().then(
  (ok) => {
    log(ok ? 'PASS: every message sent through B reached the subscriber on A, once and in order' : 'FAIL');
    process.exit(ok ? 0 : 1);
  },
  (error: unknown) => {
    log(`FAIL: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
