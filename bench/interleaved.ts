/**
 * Interleaved A/B of one main query: two server processes on the generated world of
 * `npm run bench:seed` (PostgreSQL and Redis, as bench:queries runs them), one query sent at
 * BENCH_RATE (150) requests a second, and every BENCH_PHASE_MS (1000) the next of BENCH_VARIANTS
 * (`a,b`) named in each request's `x-bench-variant` header; the CPU of the two servers and of the
 * database's backends is read at each phase's end (the phase's requests answered first) and summed
 * per variant. Printed: per variant, requests, CPU a request (server / database / both) and the
 * latency's p50 / p99.
 *
 * Why: this machine's speed drifts by 10-30% over minutes, more than most changes a request's CPU
 * makes, so runs one after the other (bench:queries) could not tell a 5% change from the drift.
 * Interleaved a second at a time, both variants meet the same drift. The server does not read the
 * header: as committed this is an A/A run (the spread between variants is the method's noise); an
 * experiment puts a temporary switch on `context.request.headers.get('x-bench-variant')` in the code
 * it compares (bench/README.md, "Seventh 2026-12-07 session").
 *
 * `npm run bench:interleaved`; BENCH_QUERY (a name of bench/support/main-queries.ts, default
 * `explore near a place`), BENCH_SECONDS (60 measured, after 15 s unmeasured), BENCH_PORT (3460;
 * the second server on BENCH_PORT + 10).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { queriesOf, readWorld } from './support/main-queries.ts';
import { post } from './support/http-post.ts';
import { cpuReading, cpuSeconds } from './support/load.ts';
import { ms, percentile } from './support/people.ts';
import { requireFreePort, spawnServer, stopServer, waitHealthy } from './support/server.ts';
import { dropBenchSessions, newAuthSecret } from './support/sessions.ts';
import { openWorldClient, worldServerEnv } from './support/world.ts';

const RATE = Number(process.env.BENCH_RATE ?? 150);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const PHASE_MS = Number(process.env.BENCH_PHASE_MS ?? 1000);
const QUERY = process.env.BENCH_QUERY ?? 'explore near a place';
const VARIANTS = (process.env.BENCH_VARIANTS ?? 'a,b').split(',').filter(Boolean);
const PORT = Number(process.env.BENCH_PORT ?? 3460);
const ports = [PORT, PORT + 10];
const base = `http://127.0.0.1:${PORT}`;
for (const [name, value] of Object.entries({ RATE, SECONDS, PHASE_MS }))
  if (!(value > 0) || !Number.isFinite(value)) throw new Error(`BENCH_${name} must be a number above 0`);
if (VARIANTS.length < 2) throw new Error('BENCH_VARIANTS names at least two variants, comma-separated');

interface Tally {
  requests: number;
  server: number;
  database: number;
  latencies: number[];
}

for (const port of ports) await requireFreePort(port);
const { client, dbName } = await openWorldClient();
const secret = newAuthSecret();
const dataDirs = await Promise.all(ports.map(() => mkdtemp(path.join(tmpdir(), 'plaza-bench-interleaved-'))));
const servers = ports.map((port, index) =>
  spawnServer({
    port,
    dataDir: dataDirs[index]!,
    env: {
      ...worldServerEnv(secret, base),
      REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
      TRUST_PROXY: '1',
    },
  }),
);
try {
  const world = await readWorld(client, secret);
  for (const [index, port] of ports.entries()) await waitHealthy(port, { server: servers[index]! });
  const query = queriesOf(world).find((each) => each.name === QUERY);
  if (!query) throw new Error(`no main query named "${QUERY}"`);
  /** Both servers' CPU seconds, and the database backends' by process id. */
  const reading = async () => {
    const read = await cpuReading(client, servers[0]!.pid!, dbName);
    read.process += await cpuSeconds(servers[1]!.pid!);
    return read;
  };
  const tallies = new Map<string, Tally>(
    VARIANTS.map((variant) => [variant, { requests: 0, server: 0, database: 0, latencies: [] }]),
  );
  let failures = 0;
  let firstFailure = '';
  const send = async (index: number, variant: string, latencies: number[]) => {
    const { person, query: text, variables } = query.ask(index);
    const started = performance.now();
    try {
      const answer = await post(
        `http://127.0.0.1:${ports[index % ports.length]}/graphql`,
        {
          'content-type': 'application/json',
          origin: base,
          'x-bench-variant': variant,
          ...(person ? { cookie: person.cookie } : {}),
        },
        JSON.stringify({ query: text, variables }),
      );
      const json = JSON.parse(answer.body) as { data?: unknown; errors?: unknown };
      if (answer.status !== 200 || !json.data || json.errors)
        throw new Error(`${answer.status} ${answer.body.slice(0, 200)}`);
      latencies.push(performance.now() - started);
    } catch (error) {
      failures++;
      firstFailure ||= error instanceof Error ? error.message : String(error);
    }
  };
  let index = 0;
  /** `seconds` of phases, variants in turn; measured ones are added to the tallies. */
  const run = async (seconds: number, measured: boolean) => {
    const start = performance.now();
    const first = index;
    for (let phase = 0; performance.now() - start < seconds * 1000; phase++) {
      const variant = VARIANTS[phase % VARIANTS.length]!;
      const before = await reading();
      const phaseStart = performance.now();
      const latencies: number[] = [];
      const sent: Array<Promise<void>> = [];
      while (performance.now() - phaseStart < PHASE_MS) {
        const due = start + ((index - first) * 1000) / RATE - performance.now();
        if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
        sent.push(send(index++, variant, latencies));
      }
      await Promise.all(sent);
      const after = await reading();
      if (!measured) continue;
      const tally = tallies.get(variant)!;
      tally.requests += sent.length;
      tally.server += after.process - before.process;
      for (const [pid, seconds] of after.database)
        tally.database += seconds - (before.database.get(pid) ?? 0);
      tally.latencies.push(...latencies);
    }
  };
  await run(15, false);
  failures = 0;
  await run(SECONDS, true);
  const rows = [
    `| Variant (\`${QUERY}\`, ${RATE} req/s, ${PHASE_MS} ms phases) | Requests | CPU a request: server / database / both (ms) | p50 / p99 (ms) |`,
    '|---|---|---|---|',
  ];
  for (const [variant, tally] of tallies) {
    const perRequest = (seconds: number) => ((seconds * 1000) / Math.max(1, tally.requests)).toFixed(3);
    const sorted = tally.latencies.sort((a, b) => a - b);
    rows.push(
      `| ${variant} | ${tally.requests} | ${perRequest(tally.server)} / ${perRequest(tally.database)} / ${perRequest(tally.server + tally.database)} | ${ms(percentile(sorted, 0.5))} / ${ms(percentile(sorted, 0.99))} |`,
    );
  }
  console.log(rows.join('\n'));
  if (failures > 0) console.log(`\n${failures} failed requests; the first: ${firstFailure}`);
} finally {
  await Promise.all(servers.map((server) => stopServer(server)));
  await dropBenchSessions(client);
  await client.end();
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
}
