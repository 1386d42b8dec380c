/**
 * Fault test (issue 12, point 1): senders and receivers in direct messages across two real server
 * processes on a PostgreSQL cluster and a Redis of this script's own (private ports, temporary
 * folders), while the script
 *
 * 1. stops Redis for FAULTS_REDIS_DOWN_MS (5000) and starts it again,
 * 2. restarts PostgreSQL (`pg_ctl restart -m fast`),
 * 3. kills process B with SIGKILL mid-send, and later starts it again.
 *
 * Senders retry a failed send with the same client id against the other process (and every 25th
 * message is sent twice on purpose, as after a lost answer); receivers reconnect to the other
 * process and resume with `chatEvents(afterRev: <last cursor>)`. Two probe chats send every 100 ms:
 * one within process A (sender and receiver on A) and one across (sender on B, receiver on A).
 *
 * Then a checker reads the messages table: every client id stored exactly once, per chat `seq`
 * 1..n and `rev` without gaps, every acknowledged client id stored, and every receiver's log
 * (deduplicated by rev, as a client applies events) equal to the chat's messages in rev order.
 * Recovery: the first delivery of a probe stored after Redis (≤ 5 s) / PostgreSQL (≤ 10 s)
 * returned; while Redis is down, the probe within process A must keep arriving. Exit 1 on any
 * failure.
 *
 *   npm run bench:faults
 *   FAULTS_PAIRS=10 FAULTS_MESSAGES=1000 npm run bench:faults     # the short run (CI)
 *
 * FAULTS_PAIRS (50), FAULTS_MESSAGES (10000), FAULTS_SECONDS (the sending pace: the messages are
 * spread over this many seconds; default messages / 150, at least 30), FAULTS_PG_PORT (5491),
 * FAULTS_REDIS_PORT (6391), FAULTS_PORT (3600: A, and B on the next port).
 * Needs PostgreSQL's initdb/pg_ctl (/usr/lib/postgresql/<version>/bin) and redis-server; as root,
 * PostgreSQL runs as the postgres user.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createClient, type Client } from 'graphql-ws';
import pg from 'pg';
import WebSocket from 'ws';
import { requireFreePort, root, spawnServer, waitHealthy } from './support/server.ts';
import { ms, signInCodeFrom, sleep } from './support/people.ts';

const run = promisify(execFile);
const PAIRS = Number(process.env.FAULTS_PAIRS ?? 50);
const MESSAGES = Number(process.env.FAULTS_MESSAGES ?? 10_000);
const SECONDS = Number(process.env.FAULTS_SECONDS ?? Math.max(30, Math.round(MESSAGES / 150)));
const REDIS_DOWN_MS = Number(process.env.FAULTS_REDIS_DOWN_MS ?? 5000);
const PG_PORT = Number(process.env.FAULTS_PG_PORT ?? 5491);
const REDIS_PORT = Number(process.env.FAULTS_REDIS_PORT ?? 6391);
const PORT = Number(process.env.FAULTS_PORT ?? 3600);
const PUBLIC_URL = 'http://plaza.localhost';
/** Budgets of issue 12. */
const REDIS_RESUME_MS = 5000;
const PG_RESUME_MS = 10_000;
/** A send is given up (and the run fails) after this long without an answer. */
const SEND_GIVE_UP_MS = 90_000;
const PROBE_EVERY_MS = 100;

for (const [name, value] of Object.entries({ PAIRS, MESSAGES, SECONDS })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`FAULTS_${name} must be a whole number above 0`);
}
if (!existsSync(path.join(root, 'apps/web/build/server/index.js')))
  throw new Error('the web app is not built: run "npm run build" first (the server serves it)');

const started = performance.now();
const log = (line: string) =>
  console.log(`[faults ${((performance.now() - started) / 1000).toFixed(1)}s] ${line}`);

// ---------------------------------------------------------------------------------------------
// PostgreSQL and Redis of our own

const pgBin = (() => {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error('no PostgreSQL in /usr/lib/postgresql');
  return `/usr/lib/postgresql/${versions[0]}/bin`;
})();
const asRoot = userInfo().uid === 0;

/** Runs a PostgreSQL tool, as the postgres user when we are root (initdb refuses root). */
async function pgTool(tool: string, args: string[]): Promise<string> {
  const [file, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', path.join(pgBin, tool), ...args]]
    : [path.join(pgBin, tool), args];
  const { stdout } = await run(file, argv, { maxBuffer: 10_000_000 });
  return stdout;
}

const work = await mkdtemp(path.join(tmpdir(), 'plaza-faults-'));
const pgData = path.join(work, 'pg');
const serverLog = createWriteStream(path.join(work, 'servers.log'));

async function startPostgres(): Promise<void> {
  if (asRoot) {
    const { uid, gid } = await run('id', ['-u', 'postgres']).then(async (u) => ({
      uid: Number(u.stdout),
      gid: Number((await run('id', ['-g', 'postgres'])).stdout),
    }));
    await chown(work, uid, gid);
  }
  await chmod(work, 0o755);
  await pgTool('initdb', ['-D', pgData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-instructions']);
  await pgTool('pg_ctl', [
    '-D',
    pgData,
    '-l',
    path.join(pgData, 'server.log'),
    '-o',
    `-p ${PG_PORT} -c listen_addresses=127.0.0.1 -k ${pgData} -c max_connections=200`,
    '-w',
    'start',
  ]);
}
// With -l, or the new postmaster keeps pg_ctl's stdout (our pipe) open and the call never returns.
const pgRestart = () =>
  pgTool('pg_ctl', ['-D', pgData, '-l', path.join(pgData, 'server.log'), '-m', 'fast', '-w', 'restart']);
const pgStop = () => pgTool('pg_ctl', ['-D', pgData, '-m', 'fast', '-w', 'stop']).catch(() => '');

let redis: ChildProcess | null = null;
async function startRedis(): Promise<void> {
  redis = spawn(
    'redis-server',
    [
      '--port',
      String(REDIS_PORT),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'no',
    ],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 100; i++) {
    const pong = await run('redis-cli', ['-p', String(REDIS_PORT), 'ping']).catch(() => null);
    if (pong?.stdout.trim() === 'PONG') return;
    await sleep(50);
  }
  throw new Error(`Redis did not answer on port ${REDIS_PORT}`);
}
async function stopRedis(): Promise<void> {
  const current = redis;
  if (!current || current.exitCode !== null || current.signalCode !== null) return;
  const exited = new Promise((resolve) => current.once('exit', resolve));
  current.kill('SIGTERM');
  await exited;
}

// ---------------------------------------------------------------------------------------------
// Plaza processes

interface Proc {
  name: 'A' | 'B';
  port: number;
  base: string;
  dataDir: string;
  child: ChildProcess | null;
}
/** Plaza processes that ended without being told to: a finding in itself. */
const unexpectedExits: string[] = [];
const children = new Set<ChildProcess>();
const databaseUrl = `postgres://postgres@127.0.0.1:${PG_PORT}/plaza`;
const redisUrl = `redis://127.0.0.1:${REDIS_PORT}`;

async function startPlaza(proc: Proc): Promise<void> {
  const child = spawnServer({
    port: proc.port,
    dataDir: proc.dataDir,
    stdout: 'pipe',
    env: {
      NODE_ENV: 'production',
      PUBLIC_URL,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      PLAZA_DEMO: '0',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
    },
  });
  child.stdout?.on('data', (chunk: Buffer) => serverLog.write(`[${proc.name}] ${chunk.toString()}`));
  proc.child = child;
  children.add(child);
  child.once('exit', (code, signal) => {
    if (proc.child === child && !stopping.has(child))
      unexpectedExits.push(`process ${proc.name} (pid ${child.pid}) ended by itself: ${code ?? signal}`);
  });
  await waitHealthy(proc.port, { server: child, timeoutMs: 180_000 });
}

const stopping = new Set<ChildProcess>();
async function stopPlaza(proc: Proc): Promise<void> {
  const child = proc.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  stopping.add(child);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

// ---------------------------------------------------------------------------------------------
// People, speaking to either process as behind a load balancer (one PUBLIC_URL for both)

interface Person {
  id: number;
  cookie: string;
  address: string;
}

function headersOf(person: { address: string; cookie?: string }): Record<string, string> {
  return {
    'content-type': 'application/json',
    origin: PUBLIC_URL,
    'x-forwarded-for': person.address,
    ...(person.cookie ? { cookie: person.cookie } : {}),
  };
}

async function graphql<T>(proc: Proc, person: Person, query: string, variables = {}): Promise<T> {
  const response = await fetch(`${proc.base}/graphql`, {
    method: 'POST',
    headers: headersOf(person),
    body: JSON.stringify({ query, variables }),
    signal: AbortSignal.timeout(10_000),
  });
  const json = (await response.json()) as { data?: T; errors?: unknown };
  if (!json.data || json.errors)
    throw new Error(`GraphQL on ${proc.name} failed: ${JSON.stringify(json.errors)}`);
  return json.data;
}

let signedUp = 0;
/** A person signed up through `proc` with an e-mail code read from its outbox. */
async function signUp(proc: Proc, label: string): Promise<Person> {
  signedUp += 1;
  const email = `faults-${label}-${randomBytes(4).toString('hex')}@example.org`;
  const address = `2001:db8::${signedUp.toString(16)}`;
  const headers = headersOf({ address });
  const sent = await fetch(`${proc.base}/api/auth/email-otp/send-verification-otp`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, type: 'sign-in' }),
  });
  if (!sent.ok) throw new Error(`sending a code failed: ${sent.status} ${await sent.text()}`);
  const otp = await signInCodeFrom(path.join(proc.dataDir, 'outbox'), email);
  const signedIn = await fetch(`${proc.base}/api/auth/sign-in/email-otp`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, otp }),
  });
  if (!signedIn.ok) throw new Error(`signing in failed: ${signedIn.status}`);
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((pair) => pair.startsWith('plaza.session_token='));
  if (!cookie) throw new Error('no plaza.session_token cookie after signing in');
  const person = { id: 0, cookie, address };
  const { updateProfile } = await graphql<{ updateProfile: { id: number } }>(
    proc,
    person,
    'mutation ($u: UpdateProfileInput!) { updateProfile(user: $u) { id } }',
    {
      u: {
        first: 'Fault',
        last: label,
        username: `f_${label}_${randomBytes(3).toString('hex')}`.slice(0, 30),
      },
    },
  );
  return { ...person, id: Number(updateProfile.id) };
}

// ---------------------------------------------------------------------------------------------
// Senders: retry with the same client id, alternating processes

const SEND =
  'mutation ($c: String!, $id: String!, $t: String!) { sendMessage(chatKey: $c, clientId: $id, text: $t) { key } }';

interface Ack {
  chatKey: string;
  clientId: string;
  /** Start of the attempt that was answered. */
  attemptAt: number;
  ackAt: number;
  attempts: number;
  by: 'A' | 'B';
}
const acks = new Map<string, Ack>();
const sendFailures: string[] = [];
let failedAttempts = 0;
let deliberateRetries = 0;

async function sendOnce(
  procs: readonly Proc[],
  person: Person,
  chatKey: string,
  clientId: string,
  text: string,
  home: number,
): Promise<Ack | null> {
  const first = performance.now();
  for (let attempt = 0; performance.now() - first < SEND_GIVE_UP_MS; attempt++) {
    const proc = procs[(home + attempt) % procs.length]!;
    const attemptAt = performance.now();
    try {
      const response = await fetch(`${proc.base}/graphql`, {
        method: 'POST',
        headers: headersOf(person),
        body: JSON.stringify({ query: SEND, variables: { c: chatKey, id: clientId, t: text } }),
        signal: AbortSignal.timeout(5000),
      });
      const json = (await response.json()) as { data?: { sendMessage?: { key?: string } }; errors?: unknown };
      if (json.data?.sendMessage?.key)
        return {
          chatKey,
          clientId,
          attemptAt,
          ackAt: performance.now(),
          attempts: attempt + 1,
          by: proc.name,
        };
    } catch {
      // refused, reset, timed out: try the other process
    }
    failedAttempts += 1;
    await sleep(attempt % procs.length === 0 ? 0 : Math.min(1000, 100 * 2 ** (attempt >> 1)));
  }
  sendFailures.push(clientId);
  return null;
}

async function send(procs: readonly Proc[], person: Person, chatKey: string, clientId: string, home: number) {
  const ack = await sendOnce(procs, person, chatKey, clientId, `fault test ${clientId}`, home);
  if (ack && !acks.has(clientId)) acks.set(clientId, ack);
  return ack;
}

// ---------------------------------------------------------------------------------------------
// Receivers: reconnect to the other process, resume from the last cursor

interface Delivery {
  rev: number;
  clientId: string;
  at: number;
  on: 'A' | 'B';
}
interface Receiver {
  label: string;
  person: Person;
  chatKey: string;
  home: number;
  log: Delivery[];
  cursor: number;
  connections: number;
  client: Client | null;
  stopped: boolean;
}

function wsClient(proc: Proc, person: Person): Client {
  class CookieWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers: headersOf(person) });
    }
  }
  return createClient({
    url: `${proc.base.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: CookieWebSocket,
    retryAttempts: 0,
    lazy: false,
    // A refused or broken connection reaches the subscription's error handler, which reconnects.
    onNonLazyError: () => undefined,
  });
}

const EVENTS =
  'subscription ($k: String!, $a: Int) { chatEvents(key: $k, afterRev: $a) { kind cursor message { rev clientId } } }';

function listen(procs: readonly Proc[], receiver: Receiver, procIndex: number): void {
  if (receiver.stopped) return;
  const proc = procs[procIndex]!;
  const client = wsClient(proc, receiver.person);
  receiver.client = client;
  receiver.connections += 1;
  let ended = false;
  const again = () => {
    if (ended) return;
    ended = true;
    void client.dispose();
    if (receiver.stopped) return;
    // To the other process (the surviving one when this one died), after a short pause.
    setTimeout(() => listen(procs, receiver, (procIndex + 1) % procs.length), 250);
  };
  client.subscribe<{
    chatEvents: { kind: string; cursor: number; message: { rev: number; clientId: string } };
  }>(
    { query: EVENTS, variables: { k: receiver.chatKey, a: receiver.cursor } },
    {
      next: (result) => {
        const event = result.data?.chatEvents;
        if (!event) return again();
        receiver.log.push({
          rev: event.message.rev,
          clientId: event.message.clientId,
          at: performance.now(),
          on: proc.name,
        });
        receiver.cursor = Math.max(receiver.cursor, event.cursor);
      },
      error: again,
      complete: again,
    },
  );
}

// ---------------------------------------------------------------------------------------------
// The run

interface Pair {
  label: string;
  sender: Person;
  senderHome: number;
  receiver: Receiver;
}

async function main(): Promise<boolean> {
  await requireFreePort(PORT);
  await requireFreePort(PORT + 1);
  log(`work folder ${work} (server logs in servers.log)`);
  await startPostgres();
  await startRedis();
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${PG_PORT}/postgres` });
  await admin.connect();
  await admin.query('CREATE DATABASE plaza');
  await admin.end();
  log(`PostgreSQL on ${PG_PORT} (${pgData}), Redis on ${REDIS_PORT}`);

  const procs: Proc[] = (['A', 'B'] as const).map((name, i) => ({
    name,
    port: PORT + i,
    base: `http://127.0.0.1:${PORT + i}`,
    dataDir: path.join(work, `plaza-${name}`),
    child: null,
  }));
  const [a, b] = procs as [Proc, Proc];
  try {
    await Promise.all(procs.map(startPlaza));
    log(`process A on ${a.port} (pid ${a.child?.pid}), B on ${b.port} (pid ${b.child?.pid})`);

    // Pairs: sender and receiver homes cycle through A→A, A→B, B→A, B→B; pair 0 stays within A.
    const pairs: Pair[] = [];
    const make = async (label: string, senderHome: number, receiverHome: number) => {
      const [sender, receiverPerson] = await Promise.all([signUp(a, `${label}s`), signUp(a, `${label}r`)]);
      const { openDirectChat } = await graphql<{ openDirectChat: { key: string } }>(
        procs[senderHome]!,
        sender,
        'mutation ($u: Int!) { openDirectChat(userId: $u) { key } }',
        { u: receiverPerson.id },
      );
      const receiver: Receiver = {
        label,
        person: receiverPerson,
        chatKey: openDirectChat.key,
        home: receiverHome,
        log: [],
        cursor: 0,
        connections: 0,
        client: null,
        stopped: false,
      };
      return { label, sender, senderHome, receiver };
    };
    for (let start = 0; start < PAIRS; start += 10) {
      const batch = Array.from({ length: Math.min(10, PAIRS - start) }, (_, j) => start + j);
      pairs.push(...(await Promise.all(batch.map((i) => make(`p${i}`, i % 2, (i >> 1) % 2)))));
    }
    const localProbe = await make('local', 0, 0);
    const crossProbe = await make('cross', 1, 0);
    const everyone = [...pairs, localProbe, crossProbe];
    for (const pair of everyone) listen(procs, pair.receiver, pair.receiver.home);
    log(`${PAIRS} pairs and 2 probe pairs signed up; receivers subscribing`);
    await sleep(3000);

    // Senders: each sends its share at an even pace over SECONDS.
    const perSender = Array.from(
      { length: PAIRS },
      (_, i) => Math.floor(MESSAGES / PAIRS) + (i < MESSAGES % PAIRS ? 1 : 0),
    );
    const intervalMs = (SECONDS * 1000 * PAIRS) / MESSAGES;
    let sent = 0;
    const t0 = performance.now();
    const senders = pairs.map(async (pair, i) => {
      await sleep((intervalMs * i) / PAIRS);
      for (let k = 1; k <= perSender[i]!; k++) {
        const due = performance.now() + intervalMs;
        const clientId = `${pair.label}-${k}`;
        await send(procs, pair.sender, pair.receiver.chatKey, clientId, pair.senderHome);
        sent += 1;
        // As after an answer lost on the way: the same client id once more, through the other process.
        if (k % 25 === 0) {
          deliberateRetries += 1;
          await sendOnce(
            procs,
            pair.sender,
            pair.receiver.chatKey,
            clientId,
            `fault test ${clientId}`,
            1 - pair.senderHome,
          );
        }
        await sleep(Math.max(0, due - performance.now()));
      }
    });
    let probing = true;
    const probe = async (pair: Pair) => {
      for (let k = 1; probing; k++) {
        const due = performance.now() + PROBE_EVERY_MS;
        await send(procs, pair.sender, pair.receiver.chatKey, `${pair.label}-${k}`, pair.senderHome);
        await sleep(Math.max(0, due - performance.now()));
      }
    };
    const probes = [probe(localProbe), probe(crossProbe)];

    // Faults, at fixed points of the sending time.
    const at = async (fraction: number) =>
      sleep(Math.max(0, t0 + fraction * SECONDS * 1000 - performance.now()));
    const times: Record<string, number> = {};
    const faults = (async () => {
      await at(0.12);
      log(`stopping Redis for ${REDIS_DOWN_MS} ms (${sent} messages sent)`);
      times.redisDown = performance.now();
      await stopRedis();
      await sleep(REDIS_DOWN_MS);
      await startRedis();
      times.redisUp = performance.now();
      log('Redis is back');
      await at(0.35);
      log(`restarting PostgreSQL (${sent} messages sent)`);
      times.pgDown = performance.now();
      await pgRestart();
      times.pgUp = performance.now();
      log(`PostgreSQL is back after ${ms(times.pgUp - times.pgDown)} ms`);
      await at(0.55);
      log(`SIGKILL process B, pid ${b.child?.pid} (${sent} messages sent)`);
      times.killed = performance.now();
      if (b.child) stopping.add(b.child);
      b.child?.kill('SIGKILL');
      await at(0.72);
      log('starting process B again');
      await startPlaza(b);
      times.bBack = performance.now();
      log(`process B is back (pid ${b.child?.pid}) after ${ms(times.bBack - times.killed)} ms`);
    })();
    await Promise.all([...senders, faults]);
    log(`all ${sent} messages sent in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    probing = false;
    await Promise.all(probes);

    // Let receivers catch up: until each holds every message of its chat (or 30 s).
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const chatOf = new Map<string, number>();
    for (const row of (await db.query<{ id: number; key: string }>('SELECT id, key FROM chats')).rows)
      chatOf.set(row.key, row.id);
    const storedCount = async (key: string) =>
      Number(
        (
          await db.query<{ n: string }>('SELECT count(*) AS n FROM messages WHERE chat_id = $1', [
            chatOf.get(key),
          ])
        ).rows[0]!.n,
      );
    const settleDeadline = performance.now() + 30_000;
    for (const pair of everyone) {
      const want = await storedCount(pair.receiver.chatKey);
      while (new Set(pair.receiver.log.map((d) => d.rev)).size < want && performance.now() < settleDeadline)
        await sleep(100);
    }
    await sleep(500);
    for (const pair of everyone) pair.receiver.stopped = true;
    await Promise.all(everyone.map((pair) => pair.receiver.client?.dispose()));

    // ------------------------------------------------------------------------------------------
    // The checker
    const problems: string[] = [];
    const storedDuplicates = (
      await db.query<{ n: string }>(
        `SELECT count(*) AS n FROM (SELECT 1 FROM messages GROUP BY chat_id, sender_id, client_id HAVING count(*) > 1) d`,
      )
    ).rows[0]!.n;
    if (Number(storedDuplicates) > 0) problems.push(`${storedDuplicates} client ids stored more than once`);
    let stored = 0;
    let delivered = 0;
    let deliveredDuplicates = 0;
    let undelivered = 0;
    let outOfOrder = 0;
    for (const pair of everyone) {
      const rows = (
        await db.query<{ seq: number; rev: number; client_id: string }>(
          'SELECT seq, rev, client_id FROM messages WHERE chat_id = $1 ORDER BY rev',
          [chatOf.get(pair.receiver.chatKey)],
        )
      ).rows;
      stored += rows.length;
      const seqs = rows.map((r) => Number(r.seq)).sort((x, y) => x - y);
      if (seqs.some((seq, i) => seq !== i + 1)) problems.push(`chat ${pair.label}: seq has gaps or repeats`);
      if (rows.some((r, i) => Number(r.rev) !== i + 1))
        problems.push(`chat ${pair.label}: rev has gaps or repeats`);
      // As a client applies events: only a rev higher than the highest it holds.
      const applied: Delivery[] = [];
      for (const delivery of pair.receiver.log) {
        if (applied.length > 0 && delivery.rev <= applied.at(-1)!.rev) {
          if (applied.some((d) => d.rev === delivery.rev)) deliveredDuplicates += 1;
          else outOfOrder += 1;
          continue;
        }
        applied.push(delivery);
      }
      delivered += applied.length;
      const got = applied.map((d) => d.clientId);
      const want = rows.map((r) => r.client_id);
      const missing = want.filter((id) => !got.includes(id)).length;
      undelivered += missing;
      if (got.join('\n') !== want.join('\n'))
        problems.push(
          `receiver ${pair.label}: log differs from the database (${got.length} held, ${want.length} stored, ${missing} missing)`,
        );
    }
    const storedIds = new Set(
      (await db.query<{ client_id: string }>('SELECT client_id FROM messages')).rows.map((r) => r.client_id),
    );
    const lostAcked = [...acks.keys()].filter((id) => !storedIds.has(id));
    if (lostAcked.length > 0) problems.push(`${lostAcked.length} acknowledged sends not stored`);
    if (sendFailures.length > 0) problems.push(`${sendFailures.length} sends never answered`);
    problems.push(...unexpectedExits);
    if (deliveredDuplicates > 0) problems.push(`${deliveredDuplicates} events delivered twice`);
    if (outOfOrder > 0) problems.push(`${outOfOrder} events out of order`);
    await db.end();

    // Recovery: first delivery of a probe stored after the component returned.
    const ackOf = (d: Delivery) => acks.get(d.clientId);
    const firstAfter = (pair: Pair, since: number) => {
      const hit = pair.receiver.log.find((d) => (ackOf(d)?.attemptAt ?? -1) >= since);
      return hit ? hit.at - since : Number.POSITIVE_INFINITY;
    };
    const redisResume = firstAfter(crossProbe, times.redisUp!);
    const pgResume = Math.max(firstAfter(crossProbe, times.pgUp!), firstAfter(localProbe, times.pgUp!));
    if (!(redisResume <= REDIS_RESUME_MS))
      problems.push(`delivery across processes resumed ${ms(redisResume)} ms after Redis returned`);
    if (!(pgResume <= PG_RESUME_MS))
      problems.push(`delivery resumed ${ms(pgResume)} ms after PostgreSQL returned`);
    // Within process A while Redis is down: every local probe answered more than 1 s before Redis
    // returned must have arrived before it returned.
    const localDuring = [...acks.values()].filter(
      (ack) =>
        ack.chatKey === localProbe.receiver.chatKey &&
        ack.ackAt > times.redisDown! &&
        ack.ackAt < times.redisUp! - 1000,
    );
    const arrivedBeforeUp = new Set(
      localProbe.receiver.log.filter((d) => d.at < times.redisUp!).map((d) => d.clientId),
    );
    const localDelivered = localDuring.filter((ack) => arrivedBeforeUp.has(ack.clientId)).length;
    if (localDuring.length === 0) problems.push('no probe was sent within process A while Redis was down');
    else if (localDelivered < localDuring.length)
      problems.push(
        `while Redis was down, ${localDelivered} of ${localDuring.length} messages within process A arrived`,
      );
    const crossDuring = [...acks.values()].filter(
      (ack) =>
        ack.chatKey === crossProbe.receiver.chatKey &&
        ack.ackAt > times.redisDown! &&
        ack.ackAt < times.redisUp!,
    ).length;

    const reconnects = everyone.reduce((sum, pair) => sum + pair.receiver.connections - 1, 0);
    console.log('');
    console.log(
      '| pairs | messages (+ probes) | sent (client ids) | stored | delivered | lost | duplicated | failed attempts retried | deliberate retries | receiver reconnects |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    console.log(
      `| ${PAIRS} | ${MESSAGES} (+ ${acks.size - MESSAGES}) | ${acks.size} | ${stored} | ${delivered} | ${lostAcked.length + undelivered} | ${Number(storedDuplicates) + deliveredDuplicates} | ${failedAttempts} | ${deliberateRetries} | ${reconnects} |`,
    );
    console.log('');
    console.log(
      '| Redis down | delivery across processes resumed after Redis returned | within process A while Redis down | PostgreSQL restart took | delivery resumed after PostgreSQL returned | B killed → back |',
    );
    console.log('|---|---|---|---|---|---|');
    console.log(
      `| ${ms(times.redisUp! - times.redisDown!)} ms | ${ms(redisResume)} ms (budget ${REDIS_RESUME_MS}) | ${localDelivered} of ${localDuring.length} arrived (across: ${crossDuring} sent) | ${ms(times.pgUp! - times.pgDown!)} ms | ${ms(pgResume)} ms (budget ${PG_RESUME_MS}) | ${ms(times.bBack! - times.killed!)} ms |`,
    );
    console.log('');
    for (const problem of problems.slice(0, 20)) log(`PROBLEM: ${problem}`);
    return problems.length === 0;
  } finally {
    await Promise.all(procs.map(stopPlaza));
  }
}

// A stray socket error must not end the run before PostgreSQL and Redis are stopped.
process.on('uncaughtException', (error) => log(`uncaught: ${error.message}`));
process.on('unhandledRejection', (error) => log(`unhandled: ${String(error)}`));
// Stopped from outside (Ctrl-C, a timeout): our PostgreSQL and Redis go too.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    log(`${signal}: stopping the Plaza processes, PostgreSQL and Redis`);
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    void Promise.all([stopRedis(), pgStop()]).finally(() => process.exit(1));
  });

let ok = false;
try {
  ok = await main();
} catch (error) {
  log(`FAIL: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
} finally {
  await stopRedis();
  await pgStop();
  serverLog.end();
  if (ok) await rm(work, { recursive: true, force: true });
  else log(`kept ${work} (servers.log, pg/server.log)`);
}
log(
  ok ? 'PASS: no message lost or duplicated, every receiver equals the database, recovery in budget' : 'FAIL',
);
process.exit(ok ? 0 : 1);
