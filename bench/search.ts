/**
 * Search benchmark (issue 9): a scratch database on the PostgreSQL of BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), filled by SQL with BENCH_SEARCH_ROWS people and as many
 * upcoming plans (one in ten private), a tenth as many groups (one in ten private, one in fifty
 * left out of explore) with members, and two answers per plan; then the server in its own process
 * on it, and `search` asked at BENCH_SEARCH_RATE requests a second (open loop: a request leaves
 * every 1/rate s whatever the answers do) for BENCH_SECONDS, signed out and signed in (a person
 * with 300 friends among the bench people, who blocks 20 and is blocked by 20). Prints p50 / p95
 * / p99. BENCH_SEARCH_KEEP=1 keeps the scratch database (for EXPLAIN) and prints its address.
 *
 * `npm run bench:search`; figures in bench/README.md.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { defaultGroupAccessLevels } from '@plaza/core/group-roles';
import { defaultPlanAccessLevels } from '@plaza/core/plan-access';
import { benchPeople, ms, percentile, sleep, type Person } from './support/people.ts';
import {
  requireFreePort,
  residentMegabytes,
  spawnServer,
  stopServer,
  waitHealthy,
} from './support/server.ts';

const port = Number(process.env.BENCH_PORT ?? 3304);
const base = `http://127.0.0.1:${port}`;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROWS = Number(process.env.BENCH_SEARCH_ROWS ?? 100_000);
const RATE = Number(process.env.BENCH_SEARCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const KEEP = process.env.BENCH_SEARCH_KEEP === '1';

const FIRST = [
  'Ana',
  'Ben',
  'Carla',
  'Diego',
  'Elena',
  'Farah',
  'Gustavo',
  'Hana',
  'Igor',
  'Joana',
  'Kenji',
  'Lucia',
  'Mateo',
  'Nadia',
  'Omar',
  'Priya',
];
const LAST = [
  'Silva',
  'Costa',
  'Okafor',
  'Müller',
  'Tanaka',
  'Dubois',
  'Rossi',
  'Novak',
  'Haddad',
  'Larsen',
  'Moreau',
  'Ferreira',
];
const HOBBIES = [
  'trail running',
  'board games',
  'sketching',
  'climbing',
  'jazz',
  'cooking',
  'cycling',
  'photography',
];
const ACTIVITIES = [
  'picnic',
  'hike',
  'river run',
  'book club',
  'pottery class',
  'salsa night',
  'climbing session',
  'sunset swim',
  'chess meetup',
  'street food tour',
];
const ADJECTIVES = ['Sunday', 'Evening', 'Morning', 'Weekend', 'Friday', 'Easy', 'Big', 'Cozy'];
const CITIES: Array<[string, number, number]> = [
  ['Lisbon', 38.7223, -9.1393],
  ['Berlin', 52.52, 13.405],
  ['Paris', 48.8566, 2.3522],
  ['Madrid', 40.4168, -3.7038],
  ['Porto', 41.1579, -8.6291],
  ['Rome', 41.9028, 12.4964],
  ['Vienna', 48.2082, 16.3738],
  ['Prague', 50.0755, 14.4378],
];
/** What people type: whole words, first letters, a typo, two words, a name, a city. */
const QUERIES = [
  'picnic',
  'pic',
  'picnik',
  'river run',
  'riv',
  'book club',
  'bok club',
  'pottery',
  'potery',
  'salsa',
  'salsa lisbon',
  'hike berlin',
  'climb',
  'sunset swim',
  'chess',
  'street food',
  'joana',
  'joana costa',
  'tanaka',
  'okafr',
  'carla',
  'sketching',
  'jazz',
  'cozy',
  'weekend hike',
  'porto',
  'vienna chess',
  'priya',
  'mül',
  'sundy picnic',
];

/** Rows of a store that has been in use a while: made (and last changed) up to a year ago. */
const AGO = `now() - ((1 + g % 365) || ' days')::interval`;

const textArray = (values: readonly string[]) =>
  `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`;

async function fill(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const publicLevels = defaultPlanAccessLevels({ isPublic: true, inGroup: false });
  const privateLevels = defaultPlanAccessLevels({ isPublic: false, inGroup: false });
  const cities = CITIES.map(([name]) => name);
  const started = performance.now();
  await client.query(`
    INSERT INTO users (key, username, first, last, bio, is_public, onboarded_at, created_at, updated_at)
    SELECT 'bench' || lpad(g::text, 9, '0'), 'bench_' || g,
      (${textArray(FIRST)})[1 + g % ${FIRST.length}], (${textArray(LAST)})[1 + (g / 7) % ${LAST.length}],
      'Into ' || (${textArray(HOBBIES)})[1 + g % ${HOBBIES.length}] || ' and ' || (${textArray(HOBBIES)})[1 + (g / 3) % ${HOBBIES.length}],
      g % 10 <> 0, now(), ${AGO}, ${AGO}
    FROM generate_series(1, ${ROWS}) g`);
  const { rows } = await client.query<{ min: number }>(
    `SELECT min(id) AS min FROM users WHERE key LIKE 'bench%'`,
  );
  const first = Number(rows[0]!.min);
  await client.query(`
    INSERT INTO plans (key, slug, title, description, creator_id, starts_at, ends_at, timezone, city,
      location_name, latitude_e6, longitude_e6, view_mask, modify_mask, share_mask, created_at, updated_at)
    SELECT 'bp' || lpad(g::text, 9, '0'), 'bench-plan-' || g,
      (${textArray(ADJECTIVES)})[1 + g % ${ADJECTIVES.length}] || ' ' || (${textArray(ACTIVITIES)})[1 + (g / 8) % ${ACTIVITIES.length}],
      'Come along: ' || (${textArray(ACTIVITIES)})[1 + (g / 8) % ${ACTIVITIES.length}] || ' for everyone, all levels welcome.',
      ${first} + g % ${ROWS},
      now() + ((g % 90) || ' days')::interval + ((g % 12) || ' hours')::interval,
      now() + ((g % 90) || ' days')::interval + ((g % 12 + 2) || ' hours')::interval,
      'UTC', c.name, c.name || ' park', round((c.lat + ((g % 200) - 100) / 1000.0) * 1e6)::int,
      round((c.lon + ((g / 200 % 200) - 100) / 1000.0) * 1e6)::int,
      CASE WHEN g % 10 = 0 THEN ${privateLevels.view} ELSE ${publicLevels.view} END,
      ${publicLevels.modify}, CASE WHEN g % 10 = 0 THEN ${privateLevels.share} ELSE ${publicLevels.share} END,
      ${AGO}, ${AGO}
    FROM generate_series(1, ${ROWS}) g
    JOIN (SELECT * FROM unnest(${textArray(cities)}, ARRAY[${CITIES.map((c) => c[1]).join(',')}]::float8[],
      ARRAY[${CITIES.map((c) => c[2]).join(',')}]::float8[]) WITH ORDINALITY AS x(name, lat, lon, n)) c
      ON c.n = 1 + g % ${CITIES.length}`);
  // Two answers per plan from bench people (an invitation on the private ones), so the visibility
  // and friends subqueries of search read a table of realistic size.
  await client.query(`
    INSERT INTO plan_responses (plan_id, user_id, response, invited)
    SELECT p.id, ${first} + (n * 7919 + k * 104729) % ${ROWS},
      CASE WHEN k = 0 THEN 'ATTENDING' ELSE 'INTERESTED' END, p.view_mask & 1 = 0
    FROM (SELECT id, view_mask, row_number() OVER (ORDER BY id) AS n FROM plans WHERE key LIKE 'bp%') p
    CROSS JOIN generate_series(0, 1) k
    ON CONFLICT DO NOTHING`);
  const groupsCount = Math.max(1, Math.floor(ROWS / 10));
  const publicGroup = defaultGroupAccessLevels(true);
  const privateGroup = defaultGroupAccessLevels(false);
  await client.query(`
    INSERT INTO groups (key, slug, title, description, creator_id, is_public, explore_status, city,
      location_name, latitude_e6, longitude_e6, view_mask, join_mask, created_at, updated_at)
    SELECT 'bg' || lpad(g::text, 9, '0'), 'bench-group-' || g,
      c.name || ' ' || (${textArray(HOBBIES)})[1 + g % ${HOBBIES.length}] || ' club',
      'We meet for ' || (${textArray(ACTIVITIES)})[1 + (g / 8) % ${ACTIVITIES.length}] || ' most weeks.',
      ${first} + (g * 31) % ${ROWS}, g % 10 <> 0, CASE WHEN g % 50 = 0 THEN 'DISABLED' ELSE 'ENABLED' END,
      c.name, c.name || ' centre', round((c.lat + ((g % 200) - 100) / 1000.0) * 1e6)::int,
      round(c.lon * 1e6)::int,
      CASE WHEN g % 10 <> 0 THEN ${publicGroup.view} ELSE ${privateGroup.view} END,
      CASE WHEN g % 10 <> 0 THEN ${publicGroup.join} ELSE ${privateGroup.join} END, ${AGO}, ${AGO}
    FROM generate_series(1, ${groupsCount}) g
    JOIN (SELECT * FROM unnest(${textArray(cities)}, ARRAY[${CITIES.map((c) => c[1]).join(',')}]::float8[],
      ARRAY[${CITIES.map((c) => c[2]).join(',')}]::float8[]) WITH ORDINALITY AS x(name, lat, lon, n)) c
      ON c.n = 1 + g % ${CITIES.length}`);
  await client.query(`
    INSERT INTO group_members (group_id, user_id, role)
    SELECT gr.id, ${first} + (gr.id * 31 + k * 7919) % ${ROWS}, CASE WHEN k = 0 THEN 'owner' ELSE 'member' END
    FROM groups gr CROSS JOIN generate_series(0, 1 + gr.id % 9) k
    WHERE gr.key LIKE 'bg%'
    ON CONFLICT DO NOTHING`);
  await client.query('ANALYZE');
  console.log(
    `${ROWS} people, ${ROWS} plans and ${groupsCount} groups written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  await client.end();
}

/** The signed-in searcher's ties: 300 friends spread over the bench people, 20 blocked each way. */
async function tie(url: string, searcher: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const people = `(SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE key LIKE 'bench%')`;
  await client.query(`
    INSERT INTO follows (user_id, target_id, status)
    SELECT ${searcher}, id, 'FOLLOWING' FROM ${people} b WHERE n % ${Math.max(1, Math.floor(ROWS / 300))} = 0
    UNION ALL SELECT id, ${searcher}, 'FOLLOWING' FROM ${people} b WHERE n % ${Math.max(1, Math.floor(ROWS / 300))} = 0
    UNION ALL SELECT ${searcher}, id, 'BLOCKED' FROM ${people} b WHERE n % ${Math.max(1, Math.floor(ROWS / 20))} = 1
    UNION ALL SELECT id, ${searcher}, 'BLOCKED' FROM ${people} b WHERE n % ${Math.max(1, Math.floor(ROWS / 20))} = 2
    ON CONFLICT DO NOTHING`);
  await client.query('ANALYZE follows');
  await client.end();
}

/** CPU seconds (user + system) a process has used, from /proc; 0 when it is gone. */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (!stat) return 0;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * CPU used by the server process and by the PostgreSQL backends serving the scratch database (when
 * PostgreSQL runs on this machine), so the cost of a request can be told on a busy machine too.
 */
async function cpuOf(
  serverPid: number,
  dbName: string,
): Promise<{ server: number; database: Map<number, number> }> {
  const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [
    dbName,
  ]);
  const database = new Map<number, number>();
  for (const { pid } of rows) database.set(pid, await cpuSeconds(pid));
  return { server: await cpuSeconds(serverPid), database };
}

/** CPU the backends used between two readings (a backend that ended in between is not counted). */
function databaseCpu(before: Map<number, number>, after: Map<number, number>): number {
  let used = 0;
  for (const [pid, seconds] of after) used += seconds - (before.get(pid) ?? 0);
  return used;
}

async function load(
  name: string,
  person: Person | null,
  pid: number,
  rows: string[],
  seconds = SECONDS,
): Promise<void> {
  const cpuBefore = await cpuOf(pid, dbName);
  const latencies: number[] = [];
  let failures = 0;
  let found = 0;
  const inFlight: Array<Promise<void>> = [];
  const started = performance.now();
  for (let index = 0; index < RATE * seconds; index++) {
    const due = started + (index * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const text = QUERIES[index % QUERIES.length]!;
    inFlight.push(
      (async () => {
        const begun = performance.now();
        try {
          const response = await fetch(`${base}/graphql`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              origin: base,
              ...(person ? { cookie: person.cookie, 'x-forwarded-for': person.address } : {}),
            },
            body: JSON.stringify({
              query:
                'query ($t: String!) { search(text: $t) { plans { key title } groups { key } people { id } } }',
              variables: { t: text },
            }),
          });
          const json = (await response.json()) as {
            data?: { search?: { plans: unknown[]; people: unknown[] } };
            errors?: unknown;
          };
          if (!json.data?.search || json.errors) failures += 1;
          else if (json.data.search.plans.length + json.data.search.people.length > 0) found += 1;
        } catch {
          failures += 1;
        }
        latencies.push(performance.now() - begun);
      })(),
    );
  }
  await Promise.all(inFlight);
  const took = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const cpuAfter = await cpuOf(pid, dbName);
  const perRequest = (seconds: number) => ((seconds * 1000) / Math.max(1, latencies.length)).toFixed(1);
  const cpu = `${perRequest(cpuAfter.server - cpuBefore.server)} / ${perRequest(databaseCpu(cpuBefore.database, cpuAfter.database))} ms`;
  const line = `| ${name} | ${(latencies.length / took).toFixed(0)} req/s for ${took.toFixed(0)} s | ${ms(percentile(latencies, 0.5))} / ${ms(percentile(latencies, 0.95))} / ${ms(percentile(latencies, 0.99))} ms | ${cpu} | ${failures} failed, ${found} with results | ${(await residentMegabytes(pid)).toFixed(0)} MB |`;
  rows.push(line);
  console.log(line);
}

await requireFreePort(port);
const dbName = `plaza_bench_search_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
// Another process ending this connection (tests recreating a database) should not end the benchmark.
admin.on('error', (error) => console.error(`admin connection: ${error.message}`));
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
const dataDir = await mkdtemp(path.join(tmpdir(), 'plaza-bench-search-'));
const { signUp } = benchPeople(base, path.join(dataDir, 'outbox'));
const env = {
  NODE_ENV: 'production',
  DATABASE_URL: dbUrl.toString(),
  PLAZA_CITIES_MIN_POPULATION: '10000000',
  LOG_LEVEL: 'warn',
  PUBLIC_URL: base,
  TRUST_PROXY: '1',
};
let server = spawnServer({ port, dataDir, env });
try {
  // The first start applies the migrations; the rows go in while it is down, then it starts again.
  await waitHealthy(port, { server });
  await stopServer(server);
  await fill(dbUrl.toString());
  server = spawnServer({ port, dataDir, env });
  await waitHealthy(port, { server });
  const pid = server.pid!;
  const rows = [
    '| load | rate | p50 / p95 / p99 | CPU per request: server / database | answers | server RSS |',
    '|---|---|---|---|---|---|',
  ];
  const person = await signUp('searcher');
  await tie(dbUrl.toString(), person.id);
  // Warm the connection pool, the caches and the prepared statements a little before measuring.
  await load('warm-up, signed out', null, pid, [], 5);
  await load(`search, signed out, ${RATE}/s`, null, pid, rows);
  await load('warm-up, signed in', person, pid, [], 5);
  await load(`search, signed in, ${RATE}/s`, person, pid, rows);
  console.log(`\n${rows.join('\n')}`);
} finally {
  await stopServer(server);
  await rm(dataDir, { recursive: true, force: true });
  if (KEEP) console.log(`kept the scratch database: ${dbUrl.toString()}`);
  else await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
