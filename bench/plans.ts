/**
 * Load on the plans pages from a second process on loopback: the server-rendered plan page as a
 * signed-out visitor sees it, the .ics of a plan, and place searches (searchLocations), each for a
 * fixed time at a fixed concurrency. Prints requests per second, latency percentiles and the
 * server's resident memory after each run. `npm run bench:plans`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { logLine, residentMegabytes, spawnServer, stopServer, waitHealthy } from './support/server.ts';

const port = 3301;
const base = `http://127.0.0.1:${port}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

async function graphql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const json = (await response.json()) as { data?: T; errors?: unknown };
  if (!json.data) throw new Error(`GraphQL failed: ${JSON.stringify(json.errors)}`);
  return json.data;
}

/** Runs `request` from CONCURRENCY loops for SECONDS; an answer counts as failed unless 200 and `ok`. */
async function load(
  name: string,
  request: (i: number) => Promise<Response>,
  pid: number,
  ok: (body: string) => boolean = () => true,
) {
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + SECONDS * 1000;
  let counter = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const response = await request(counter++);
        const body = await response.text();
        if (response.status !== 200 || !ok(body)) failures++;
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  console.log(
    `| ${name} | ${(latencies.length / SECONDS).toFixed(0)} | ${at(0.5).toFixed(1)} | ${at(0.95).toFixed(1)} | ${at(0.99).toFixed(1)} | ${failures} | ${(await residentMegabytes(pid)).toFixed(0)} |`,
  );
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'plaza-bench-plans-'));
const server = spawnServer({
  port,
  dataDir,
  stdout: 'pipe',
  env: {
    PLAZA_DEMO: '1',
    NODE_ENV: 'production',
    PLAZA_CITIES_MIN_POPULATION: '1000',
    LOG_LEVEL: 'info',
    PUBLIC_URL: base,
    // Each search poses as its own visitor (X-Forwarded-For), so the per-address limit stays out of it.
    TRUST_PROXY: '1',
  },
});
// The city data set loads in the background after start; the store runs one query at a time, so
// figures taken during the load measure the load. Its end is logged.
const citiesLoaded = logLine(server, 'city data set loaded');
try {
  await waitHealthy(port, { server });
  const loadStarted = performance.now();
  await Promise.race([
    citiesLoaded,
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error('cities did not load in 5 minutes')), 300_000),
    ),
  ]);
  console.log(
    `city data set loaded in the background in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s after start`,
  );
  const { publicUserPlan } = await graphql<{
    publicUserPlan: { plans: Array<{ key: string; slug: string }> };
  }>('{ publicUserPlan(username: "ines") { plans { key slug } } }');
  const plan = publicUserPlan.plans[0];
  if (!plan) throw new Error('the demo world has no public plan of ines');
  const words = ['Lis', 'Porto', 'Berl', 'Paris', 'New Y', 'Amsterdm', 'São P', 'Tok', 'Portland, ME', 'Mun'];
  const search =
    'query ($q: String!, $near: CoordinatesInput) { searchLocations(q: $q, near: $near) { id name description } }';
  console.log(`server RSS before load: ${(await residentMegabytes(server.pid!)).toFixed(0)} MB`);
  console.log(`${CONCURRENCY} concurrent loops, ${SECONDS} s each, server memory after each run\n`);
  console.log('| load | requests/s | p50 ms | p95 ms | p99 ms | not 200 | server RSS MB |');
  console.log('|---|---|---|---|---|---|---|');
  await load(
    'plan page, signed out (SSR)',
    () => fetch(`${base}/${plan.slug}/${plan.key}`),
    server.pid!,
    (b) => b.includes('og:title'),
  );
  await load(
    'plan .ics',
    () => fetch(`${base}/ics/plan/${plan.key}.ics`),
    server.pid!,
    (b) => b.includes('BEGIN:VEVENT'),
  );
  await load(
    'searchLocations, 10 queries near Lisbon',
    (i) =>
      fetch(`${base}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `2001:db8::${(i % 65535).toString(16)}`,
        },
        body: JSON.stringify({
          query: search,
          variables: { q: words[i % words.length], near: { latitude: 38.72, longitude: -9.14 } },
        }),
      }),
    server.pid!,
    (body) => body.includes('"searchLocations":['),
  );
} finally {
  await stopServer(server);
  await rm(dataDir, { recursive: true, force: true });
}
