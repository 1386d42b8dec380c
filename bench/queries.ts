/**
 * Main queries (issue 11): the server (NODE_ENV=production) in its own process on the generated
 * world of `npm run bench:seed` (BENCH_DATABASE_URL), and beside it a bare GraphQL Yoga endpoint
 * (bench/support/bare-yoga.ts) as the baseline; from this process, open-loop load at BENCH_RATE
 * (300) requests a second for BENCH_SECONDS (15) per query, after a warm-up of a third as long, over
 * the queries the web sends (the same field lists, imported from apps/web): the chat list, a chat
 * room with its page of 50 messages, a plan page, explore near a place, search, and myself (the
 * root loader's viewer query). Signed in as 200 seeded people (sessions written directly, cookie
 * signed with the run's AUTH_SECRET: bench/support/sessions.ts). Prints req/s, p50 / p95 / p99,
 * failures, and the CPU per request of the server and its PostgreSQL backends.
 *
 * `npm run bench:queries`; BENCH_PORT (3450; the baseline on the next port), BENCH_QUERIES (a
 * comma-separated subset of the names below).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  CHAT_LIST_FIELDS,
  CHAT_ROOM_FIELDS,
  MESSAGE_FIELDS,
} from '../apps/web/app/features/chat/chat-data.ts';
import { GROUP_CARD_FIELDS } from '../apps/web/app/features/groups/group-data.ts';
import { PLAN_CARD_FIELDS, PLAN_PAGE_FIELDS } from '../apps/web/app/features/plans/plan-data.ts';
import { PERSON_FIELDS } from '../apps/web/app/features/social/people.ts';
import { CITIES, benchDatabaseUrl } from './seed.ts';
import { cpuPerRequest, cpuReading, machine, openLoop, type LoadResult } from './support/load.ts';
import { ms } from './support/people.ts';
import {
  requireFreePort,
  residentMegabytes,
  spawnServer,
  stopServer,
  waitHealthy,
} from './support/server.ts';
import { dropBenchSessions, newAuthSecret, openSessions, type SessionPerson } from './support/sessions.ts';

const port = Number(process.env.BENCH_PORT ?? 3450);
const barePort = port + 1;
const base = `http://127.0.0.1:${port}`;
const RATE = Number(process.env.BENCH_RATE ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const ONLY = process.env.BENCH_QUERIES?.split(',');

const MY_CHATS = `query MyChats($hidden: Boolean!) {
  shown: myChats(hidden: $hidden) { ${CHAT_LIST_FIELDS} }
  hidden: myChats(hidden: true) { key }
}`;
const ROOM = `query ChatRoom($key: String!) {
  chat(key: $key) {
    ${CHAT_ROOM_FIELDS}
    lastRev hasUnseenThreads canRemove canSetRateLimit
    messages(limit: 50) { canLoadPrev firstMessageKey messages { ${MESSAGE_FIELDS} } }
  }
}`;
const PLAN = `query PlanPage($key: String!, $inviteKey: String, $occurrence: String) {
  plan(key: $key, inviteKey: $inviteKey, occurrence: $occurrence) { ${PLAN_PAGE_FIELDS} }
}`;
// As apps/web/app/features/explore/explore-data.ts asks it.
const EXPLORE = `query Explore($place: String, $near: CoordinatesInput, $filter: ExploreFilter, $sort: ExploreSort, $text: String, $marker: String) {
  explore(place: $place, near: $near, filter: $filter, sort: $sort, text: $text, marker: $marker) {
    place { id name slug description kind }
    radiusKm
    plans { ${PLAN_CARD_FIELDS} }
    groups { ${GROUP_CARD_FIELDS} }
    people { ${PERSON_FIELDS} }
    nextMarker
  }
}`;
const SEARCH = `query Search($text: String!, $context: SearchContext, $near: CoordinatesInput) {
  search(text: $text, context: $context, near: $near) {
    groups { ${GROUP_CARD_FIELDS} }
    plans { ${PLAN_CARD_FIELDS} }
    people { ${PERSON_FIELDS} }
    nextMarker
  }
}`;
const MYSELF = `query RootViewer {
  myself { user { id key username first last fullName image isVerified } needsOnboarding isAdmin }
  myActivities(limit: 1) { unreadCount }
}`;
const SEARCHES = [
  'picnic',
  'hike lisbon',
  'book club',
  'ana',
  'salsa',
  'climbing club',
  'chess',
  'costa',
  'jaz',
  'cozy',
];

interface World {
  people: SessionPerson[];
  /** Per person: their chat with the most messages. */
  chatOf: Map<number, string>;
  plans: string[];
}

type Ask = (index: number) => {
  person: SessionPerson | null;
  query: string;
  variables: Record<string, unknown>;
};

function queriesOf(world: World): Array<{ name: string; ask: Ask }> {
  const person = (index: number) => world.people[index % world.people.length]!;
  const near = (index: number) => {
    const [, latitude, longitude] = CITIES[index % CITIES.length]!;
    return { latitude, longitude };
  };
  const all: Array<{ name: string; ask: Ask }> = [
    { name: 'chat list', ask: (i) => ({ person: person(i), query: MY_CHATS, variables: { hidden: false } }) },
    {
      name: 'chat room, 50 messages',
      ask: (i) => ({ person: person(i), query: ROOM, variables: { key: world.chatOf.get(person(i).id) } }),
    },
    {
      name: 'plan page',
      ask: (i) => ({
        person: person(i),
        query: PLAN,
        variables: { key: world.plans[i % world.plans.length] },
      }),
    },
    {
      name: 'explore near a place',
      ask: (i) => ({ person: person(i), query: EXPLORE, variables: { near: near(i) } }),
    },
    {
      name: 'search',
      ask: (i) => ({ person: person(i), query: SEARCH, variables: { text: SEARCHES[i % SEARCHES.length] } }),
    },
    { name: 'myself', ask: (i) => ({ person: person(i), query: MYSELF, variables: {} }) },
  ];
  return all.filter((q) => !ONLY || ONLY.includes(q.name));
}

async function ask(
  url: string,
  person: SessionPerson | null,
  query: string,
  variables: Record<string, unknown>,
) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: base,
      ...(person ? { cookie: person.cookie } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const json = (await response.json()) as {
    data?: Record<string, unknown> | null;
    errors?: Array<{ message: string }>;
  };
  if (!response.ok || !json.data || json.errors) {
    throw new Error(`${response.status} ${JSON.stringify(json.errors ?? json).slice(0, 200)}`);
  }
  for (const [field, value] of Object.entries(json.data)) {
    if (value === null && field !== 'hidden') throw new Error(`${field} is null`);
  }
}

async function readWorld(client: pg.Client, secret: string): Promise<World> {
  const { rows: found } = await client.query<{ id: number }>(
    `SELECT id FROM users WHERE key LIKE 'bench%' AND id % 500 = 7 ORDER BY id`,
  );
  if (found.length === 0) throw new Error('no generated world here: run `npm run bench:seed` first');
  const people = await openSessions(
    client,
    secret,
    found.map((row) => row.id),
  );
  const { rows: chats } = await client.query<{ user_id: number; key: string }>(
    `SELECT DISTINCT ON (m.user_id) m.user_id, c.key FROM chat_members m JOIN chats c ON c.id = m.chat_id
     WHERE m.user_id = ANY($1) ORDER BY m.user_id, c.last_seq DESC`,
    [people.map((p) => p.id)],
  );
  const { rows: plans } = await client.query<{ key: string }>(
    `SELECT key FROM plans WHERE key LIKE 'bp%' AND view_mask & 1 = 1 AND starts_at > now() ORDER BY id LIMIT 500`,
  );
  return {
    people: people.filter((p) => chats.some((c) => c.user_id === p.id)),
    chatOf: new Map(chats.map((row) => [row.user_id, row.key])),
    plans: plans.map((row) => row.key),
  };
}

function row(name: string, result: LoadResult, cpu: { process: number; database: number } | null) {
  const line = `| ${name} | ${RATE} | ${result.achieved.toFixed(0)} | ${ms(result.p50)} / ${ms(result.p95)} / ${ms(result.p99)} | ${result.failures}${result.firstFailure ? ` (${result.firstFailure.slice(0, 80)})` : ''} | ${cpu ? `${cpu.process.toFixed(1)} / ${cpu.database.toFixed(1)}` : '–'} |`;
  console.log(line);
  return line;
}

await requireFreePort(port);
await requireFreePort(barePort);
const dbName = new URL(benchDatabaseUrl).pathname.slice(1);
const client = new pg.Client({ connectionString: benchDatabaseUrl });
client.on('error', (error) => console.error(`database connection: ${error.message}`));
await client.connect();
const secret = newAuthSecret();
const dataDir = await mkdtemp(path.join(tmpdir(), 'plaza-bench-queries-'));
const server = spawnServer({
  port,
  dataDir,
  env: {
    NODE_ENV: 'production',
    DATABASE_URL: benchDatabaseUrl,
    AUTH_SECRET: secret,
    PLAZA_CITIES_MIN_POPULATION: '1000000',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: base,
  },
});
const bare = spawn(
  process.execPath,
  [path.join(import.meta.dirname, 'support/bare-yoga.ts'), String(barePort)],
  {
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
try {
  const world = await readWorld(client, secret);
  await waitHealthy(port, { server });
  const rows = [
    '| Query | Rate asked (req/s) | Achieved (req/s) | p50 / p95 / p99 (ms) | Failures | CPU per request, server / database (ms) |',
    '|---|---|---|---|---|---|',
  ];
  const before = await machine();
  for (const { name, ask: make } of queriesOf(world)) {
    const send = (i: number) => {
      const { person, query, variables } = make(i);
      return ask(`${base}/graphql`, person, query, variables);
    };
    await openLoop(RATE, SECONDS / 3, send);
    const cpuBefore = await cpuReading(client, server.pid!, dbName);
    const result = await openLoop(RATE, SECONDS, send);
    const cpuAfter = await cpuReading(client, server.pid!, dbName);
    rows.push(row(name, result, cpuPerRequest(cpuBefore, cpuAfter, result.sent)));
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
  await openLoop(RATE, SECONDS / 3, hello(`http://127.0.0.1:${barePort}/graphql`));
  const bareBefore = await cpuReading(client, bare.pid!, dbName);
  const baseline = await openLoop(RATE, SECONDS, hello(`http://127.0.0.1:${barePort}/graphql`));
  const bareAfter = await cpuReading(client, bare.pid!, dbName);
  rows.push(
    row('baseline: bare Yoga, `{ hello }`', baseline, cpuPerRequest(bareBefore, bareAfter, baseline.sent)),
  );
  const after = await machine();
  console.log(`\n${rows.join('\n')}`);
  console.log(
    `\n${before.cores} cores, ${before.memoryGiB} GiB; load average before ${before.load}, after ${after.load}; server RSS ${(await residentMegabytes(server.pid!)).toFixed(0)} MB; ${world.people.length} people signed in`,
  );
} finally {
  bare.kill('SIGTERM');
  await stopServer(server);
  await dropBenchSessions(client);
  await client.end();
  await rm(dataDir, { recursive: true, force: true });
}
