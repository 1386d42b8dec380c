/**
 * Main queries (issue 11): the server (NODE_ENV=production) in its own process on the generated
 * world of `npm run bench:seed` (BENCH_DATABASE_URL), and beside it a bare GraphQL Yoga endpoint
 * (bench/support/bare-yoga.ts) as the baseline; from this process, open-loop load at BENCH_RATE
 * (300) requests a second for BENCH_SECONDS (15) per query, after a warm-up at the same rate
 * (BENCH_WARM_UP_SECONDS, 15: what V8 compiles in a query's first seconds, decision 0053), over
 * the queries the web sends (the same field lists, imported from apps/web): the chat list, a chat
 * room with its page of 50 messages, a plan page, explore near a place, search, and myself (the
 * root loader's viewer query). Signed in as 200 seeded people (sessions written directly, cookie
 * signed with the run's AUTH_SECRET: bench/support/sessions.ts). Prints req/s, p50 / p95 / p99,
 * failures (a 503 of load shedding among them), and the CPU per answered request of the server and its
 * PostgreSQL backends (what refused requests cost is spread over the answered ones), and the share
 * of the machine's CPU time the hypervisor gave to other guests meanwhile (steal, from /proc/stat).
 *
 * `npm run bench:queries`; BENCH_PORT (3450; the baseline on the next port), BENCH_QUERIES (a
 * comma-separated subset of the names below). BENCH_PROCESSES=N (1) runs N server processes sharing
 * PostgreSQL and Redis (BENCH_REDIS_URL, default redis://127.0.0.1:6379; docs/deploy.md), on
 * BENCH_PORT, then BENCH_PORT + 10, + 11, …; the load goes to them in turn, as a balancer would
 * (one without a proxy's own CPU), and the CPU figure is that of all of them. The servers run on
 * PostgreSQL, so each warms itself before it listens (decision 0054); PLAZA_WARM_UP_SECONDS=0 in
 * this process's environment starts them cold (the warm-up table then shows a cold start). BENCH_TIMELINE=<folder>
 * writes each query's requests there as `<query>.csv` (its warm-up's as `<query>-warm-up.csv`) (sent at, ms since the epoch; latency, ms;
 * answered), to line up a tail with what the server did at that moment (its GC, its stalls).
 * BENCH_GC=1 watches each server's full (mark-compact) garbage collections (support/gc-events.ts)
 * and prints, for each query, how many fell in its measured run and how many of its answers over
 * 50 ms were sent from 0.3 s before one's start to 0.2 s after its end.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { queriesOf, readWorld } from './support/main-queries.ts';
import { openWorldClient, worldServerEnv } from './support/world.ts';
import { post } from './support/http-post.ts';
import { gcNearSlowAnswers, readFullCollections } from './support/gc-events.ts';
import {
  cpuPerRequest,
  cpuReading,
  cpuSeconds,
  describeFailures,
  machine,
  machineTicks,
  openLoop,
  stolenShare,
  type LoadResult,
} from './support/load.ts';
import { ms } from './support/people.ts';
import {
  requireFreePort,
  residentMegabytes,
  spawnServer,
  stopServer,
  waitHealthy,
} from './support/server.ts';
import { dropBenchSessions, newAuthSecret, type SessionPerson } from './support/sessions.ts';

const port = Number(process.env.BENCH_PORT ?? 3450);
const barePort = port + 1;
const base = `http://127.0.0.1:${port}`;
const RATE = Number(process.env.BENCH_RATE ?? 300);
const PROCESSES = Math.max(1, Number(process.env.BENCH_PROCESSES ?? 1));
const ports = Array.from({ length: PROCESSES }, (_, index) => (index === 0 ? port : port + 9 + index));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
/**
 * Each query's warm-up at the same rate, in seconds: the servers' V8 compiles the functions a query
 * runs with TurboFan in its first ~10 s of load (decision 0053), and the answers meanwhile are
 * slower; the warm-up's own figures are printed in a table of their own.
 */
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 15);
if (!(WARM_UP_SECONDS > 0) || !Number.isFinite(WARM_UP_SECONDS))
  throw new Error(
    `BENCH_WARM_UP_SECONDS must be a number of seconds above 0, not ${process.env.BENCH_WARM_UP_SECONDS}`,
  );
const TIMELINE = process.env.BENCH_TIMELINE;
const GC = process.env.BENCH_GC === '1';

async function ask(
  url: string,
  person: SessionPerson | null,
  query: string,
  variables: Record<string, unknown>,
) {
  const response = await post(
    url,
    {
      'content-type': 'application/json',
      origin: base,
      ...(person ? { cookie: person.cookie } : {}),
    },
    JSON.stringify({ query, variables }),
  );
  let json: { data?: Record<string, unknown> | null; errors?: Array<{ message: string }> };
  try {
    json = JSON.parse(response.body) as typeof json;
  } catch {
    throw new Error(`${response.status} ${response.body.slice(0, 200)}`);
  }
  if (response.status !== 200 || !json.data || json.errors) {
    throw new Error(`${response.status} ${JSON.stringify(json.errors ?? json).slice(0, 200)}`);
  }
  for (const [field, value] of Object.entries(json.data)) {
    if (value === null && field !== 'hidden') throw new Error(`${field} is null`);
  }
}

async function writeTimeline(file: string, result: LoadResult) {
  await mkdir(path.dirname(file), { recursive: true });
  const lines = result.timeline.map(
    (each) => `${each.sentAt.toFixed(0)},${each.ms.toFixed(1)},${each.answered}`,
  );
  await writeFile(file, `sent_at_ms,latency_ms,answered\n${lines.join('\n')}\n`);
}

/** The load's own CPU (this process: sending, reading and checking the answers) a request sent. */
function clientMs(used: NodeJS.CpuUsage, sent: number) {
  return (used.user + used.system) / 1000 / Math.max(1, sent);
}

function row(
  name: string,
  result: LoadResult,
  cpu: { process: number; database: number } | null,
  client: number,
  stolen: string,
) {
  const line = `| ${name} | ${RATE} | ${result.achieved.toFixed(0)} | ${ms(result.p50)} / ${ms(result.p95)} / ${ms(result.p99)}${result.failures > 0 ? ` (answered: p99 ${ms(result.answeredP99)})` : ''} | ${result.failures}${result.failures > 0 ? ` (${describeFailures(result.failureKinds)})` : ''} | ${cpu ? `${cpu.process.toFixed(1)} / ${cpu.database.toFixed(1)}` : '–'} | ${client.toFixed(1)} | ${stolen} |`;
  console.log(line);
  return line;
}

/** A query's warm-up: how its first seconds of load were answered, while V8 still compiled. */
function warmUpRow(name: string, result: LoadResult): string {
  const slow = result.timeline.filter((answer) => !(answer.ms <= 50)).length;
  const line = `| ${name} | ${ms(result.p50)} / ${ms(result.p95)} / ${ms(result.p99)} | ${slow} of ${result.timeline.length} | ${result.failures} |`;
  console.log(line);
  return line;
}

/** A query's run against the servers' full collections meanwhile (BENCH_GC). */
function gcRow(name: string, result: LoadResult): string {
  const from = Math.min(...result.timeline.map((answer) => answer.sentAt));
  const to = Math.max(...result.timeline.map((answer) => answer.sentAt + answer.ms));
  const each = gcFiles.map((file) => readFullCollections(file).filter((gc) => gc.at >= from && gc.at <= to));
  const all = each.flat();
  const { slow, nearCollection } = gcNearSlowAnswers(result.timeline, all);
  const line = `| ${name} | ${each.map((collections) => collections.length).join(' + ')} | ${all.map((gc) => gc.pauseMs.toFixed(1)).join(', ') || '–'} | ${slow} of ${result.timeline.length} | ${nearCollection} |`;
  console.log(line);
  return line;
}

for (const each of ports) await requireFreePort(each);
await requireFreePort(barePort);
const { client, dbName } = await openWorldClient();
const secret = newAuthSecret();
const dataDirs = await Promise.all(ports.map(() => mkdtemp(path.join(tmpdir(), 'plaza-bench-queries-'))));
/** Each server's full collections (BENCH_GC), in its data folder. */
const gcFiles = dataDirs.map((dataDir) => path.join(dataDir, 'full-collections.csv'));
const servers = ports.map((each, index) =>
  spawnServer({
    port: each,
    dataDir: dataDirs[index]!,
    nodeArgs: GC ? ['--import', path.join(import.meta.dirname, 'support/gc-events.ts')] : [],
    env: {
      ...(GC ? { BENCH_GC_FILE: gcFiles[index]! } : {}),
      ...worldServerEnv(secret, base),
      ...(PROCESSES > 1
        ? { REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379', TRUST_PROXY: '1' }
        : {}),
      // BENCH_SERVER_NODE_OPTIONS: Node options of the server only (--cpu-prof to profile it).
      ...(process.env.BENCH_SERVER_NODE_OPTIONS
        ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS }
        : {}),
    },
  }),
);
const server = servers[0]!;
/** The CPU of every server process (summed) and of the database's backends. */
async function serversCpu() {
  const reading = await cpuReading(client, server.pid!, dbName);
  for (const other of servers.slice(1)) reading.process += await cpuSeconds(other.pid!);
  return reading;
}
const bare = spawn(
  process.execPath,
  [path.join(import.meta.dirname, 'support/bare-yoga.ts'), String(barePort)],
  {
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
try {
  const world = await readWorld(client, secret);
  for (const [index, each] of ports.entries()) await waitHealthy(each, { server: servers[index]! });
  const rows = [
    '| Query | Rate asked (req/s) | Achieved (req/s) | p50 / p95 / p99 (ms) | Failures | CPU per answered request, server / database (ms) | CPU of the load per request sent (ms) | Machine CPU stolen by the host |',
    '|---|---|---|---|---|---|---|---|',
  ];
  const warmUpRows = [
    `| Query | Warm-up (the first ${WARM_UP_SECONDS} s of its load): p50 / p95 / p99 (ms) | Answers over 50 ms (or none) | Failures |`,
    '|---|---|---|---|',
  ];
  const gcRows = [
    '| Query | Full collections in the run (each process) | Their pauses (ms) | Answers over 50 ms | Of them sent from 0.3 s before a full collection to 0.2 s after it |',
    '|---|---|---|---|---|',
  ];
  const before = await machine();
  for (const { name, ask: make } of queriesOf(world)) {
    const send = (i: number) => {
      const { person, query, variables } = make(i);
      return ask(`http://127.0.0.1:${ports[i % ports.length]}/graphql`, person, query, variables);
    };
    // A pause first: what the previous query left queued (timed-out requests) is done by then.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const warmUp = await openLoop(RATE, WARM_UP_SECONDS, send);
    warmUpRows.push(warmUpRow(name, warmUp));
    if (TIMELINE)
      await writeTimeline(path.join(TIMELINE, `${name.replaceAll(/[^a-z0-9]+/gi, '-')}-warm-up.csv`), warmUp);
    const cpuBefore = await serversCpu();
    const clientBefore = process.cpuUsage();
    const ticksBefore = await machineTicks();
    const result = await openLoop(RATE, SECONDS, send);
    const stolen = stolenShare(ticksBefore, await machineTicks());
    const client = clientMs(process.cpuUsage(clientBefore), result.sent);
    const cpuAfter = await serversCpu();
    rows.push(
      row(name, result, cpuPerRequest(cpuBefore, cpuAfter, result.sent - result.failures), client, stolen),
    );
    if (TIMELINE)
      await writeTimeline(path.join(TIMELINE, `${name.replaceAll(/[^a-z0-9]+/gi, '-')}.csv`), result);
    if (GC) gcRows.push(gcRow(name, result));
  }
  const hello = (url: string) => () => ask(url, null, '{ hello }', {});
  for (
    let tries = 0;
    !(await hello(`http://127.0.0.1:${barePort}/graphql`)().then(
      () => true,
      () => false,
    ));
    tries++
  ) {
    if (tries > 100) throw new Error('the bare Yoga endpoint did not answer');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await openLoop(RATE, WARM_UP_SECONDS, hello(`http://127.0.0.1:${barePort}/graphql`));
  const bareBefore = await cpuReading(client, bare.pid!, dbName);
  const bareClientBefore = process.cpuUsage();
  const bareTicksBefore = await machineTicks();
  const baseline = await openLoop(RATE, SECONDS, hello(`http://127.0.0.1:${barePort}/graphql`));
  const bareStolen = stolenShare(bareTicksBefore, await machineTicks());
  const bareClient = clientMs(process.cpuUsage(bareClientBefore), baseline.sent);
  const bareAfter = await cpuReading(client, bare.pid!, dbName);
  rows.push(
    row(
      'baseline: bare Yoga, `{ hello }`',
      baseline,
      cpuPerRequest(bareBefore, bareAfter, baseline.sent - baseline.failures),
      bareClient,
      bareStolen,
    ),
  );
  const after = await machine();
  console.log(`\n${warmUpRows.join('\n')}`);
  if (GC) console.log(`\n${gcRows.join('\n')}`);
  console.log(`\n${rows.join('\n')}`);
  console.log(
    `\n${before.cores} cores, ${before.memoryGiB} GiB; load average before ${before.load}, after ${after.load}; ${PROCESSES} server process(es), RSS ${(await Promise.all(servers.map((each) => residentMegabytes(each.pid!)))).map((mb) => mb.toFixed(0)).join(' + ')} MB; ${world.people.length} people signed in`,
  );
} finally {
  bare.kill('SIGTERM');
  for (const each of servers) await stopServer(each);
  await dropBenchSessions(client);
  await client.end();
  for (const dataDir of dataDirs) await rm(dataDir, { recursive: true, force: true });
}
