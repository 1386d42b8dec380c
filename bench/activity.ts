/**
 * Activity benchmark (issue 8): the server in its own process on loopback, on its embedded store
 * (or DATABASE_URL / REDIS_URL when set), driven from this process over HTTP and graphql-ws.
 *
 * - badge: B asks A for friendship; the time from sending the mutation to A's myActivityEvents
 *   event with the new count (and the mutation's own time, trigger included);
 * - fan-out: a plan with BENCH_ACTIVITY_PEOPLE people going; updatePlan's time when its title
 *   changes (one PLAN_UPDATED each, recorded inline) against a plan nobody answered;
 * - feed: a person with BENCH_ACTIVITY_FEED activities reads myActivities from 1 and 16 loops.
 *
 * `npm run bench:activity`; figures in bench/README.md.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchPeople, ms, percentile, sleep, type Person } from './support/people.ts';
import {
  requireFreePort,
  residentMegabytes,
  spawnServer,
  stopServer,
  waitHealthy,
} from './support/server.ts';

const port = Number(process.env.BENCH_PORT ?? 3303);
const base = `http://127.0.0.1:${port}`;
const PEOPLE = Number(process.env.BENCH_ACTIVITY_PEOPLE ?? 200);
const BADGE_SAMPLES = Math.min(PEOPLE, 50);
const FEED_GROUPS = Number(process.env.BENCH_ACTIVITY_FEED ?? 1000) / PEOPLE;
const READ_SECONDS = 10;

await requireFreePort(port);
const dataDir = await mkdtemp(path.join(tmpdir(), 'plaza-bench-activity-'));
const { graphql, signUp, wsClient } = benchPeople(base, path.join(dataDir, 'outbox'));

const rows: string[] = ['| measure | rate / count | p50 / p95 / max | notes |', '|---|---|---|---|'];
function row(...cells: Array<string | number>) {
  rows.push(`| ${cells.join(' | ')} |`);
  console.log(rows.at(-1));
}

function stats(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `${ms(percentile(sorted, 0.5))} / ${ms(percentile(sorted, 0.95))} / ${ms(sorted.at(-1) ?? Number.NaN)} ms`;
}

async function badge(owner: Person, askers: Person[]): Promise<void> {
  const client = wsClient(owner);
  let latest = -1;
  const waiters: Array<{ count: number; resolve: (at: number) => void }> = [];
  client.subscribe<{ myActivityEvents: { unreadCount: number } }>(
    { query: 'subscription { myActivityEvents { unreadCount } }' },
    {
      next: (result) => {
        const at = performance.now();
        const count = result.data?.myActivityEvents.unreadCount;
        if (count === undefined) return;
        latest = count;
        for (const waiter of waiters.splice(0)) {
          if (count >= waiter.count) waiter.resolve(at);
          else waiters.push(waiter);
        }
      },
      error: (error) => console.error('myActivityEvents failed', error),
      complete: () => undefined,
    },
  );
  while (latest < 0) await sleep(20);
  const toBadge: number[] = [];
  const mutation: number[] = [];
  for (const [index, asker] of askers.entries()) {
    const heard = new Promise<number>((resolve) => waiters.push({ count: latest + 1, resolve }));
    const started = performance.now();
    await graphql(
      asker,
      'mutation ($id: Int) { updateFriendship(userId: $id, action: FRIENDS) { friendshipStatus } }',
      {
        id: owner.id,
      },
    );
    mutation.push(performance.now() - started);
    const at = await Promise.race([heard, sleep(10_000).then(() => Number.NaN)]);
    if (Number.isNaN(at)) throw new Error(`badge event ${index + 1} never came`);
    toBadge.push(at - started);
  }
  await client.dispose();
  row(
    'badge: friend request sent → the other’s badge event',
    `${askers.length} requests`,
    stats(toBadge),
    'one at a time',
  );
  row('badge: updateFriendship alone (trigger included)', `${askers.length} requests`, stats(mutation), '');
}

async function fanOut(owner: Person, people: Person[], pid: number): Promise<void> {
  const create = async (title: string) =>
    (
      await graphql<{ createPlan: { key: string } }>(
        owner,
        'mutation ($p: PlanInput!) { createPlan(plan: $p) { key } }',
        {
          p: { title, start: '2027-03-01T18:00', timezone: 'Europe/Lisbon', isPublic: true },
        },
      )
    ).createPlan.key;
  const busy = await create('Bench fan-out');
  const quiet = await create('Bench nobody');
  const answers: number[] = [];
  for (const person of people) {
    const started = performance.now();
    await graphql(person, 'mutation ($k: String!) { respondToPlan(key: $k, response: ATTENDING) { key } }', {
      k: busy,
    });
    answers.push(performance.now() - started);
  }
  row(
    'respondToPlan ATTENDING (PLAN_RESPONSE to the host, folded)',
    `${people.length} answers`,
    stats(answers),
    '',
  );
  const update = async (key: string, rounds: number) => {
    const times: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const started = performance.now();
      await graphql(
        owner,
        'mutation ($k: String!, $p: PlanInput!) { updatePlan(key: $k, plan: $p) { key } }',
        {
          k: key,
          p: { title: `Renamed ${round}` },
        },
      );
      times.push(performance.now() - started);
    }
    return times;
  };
  row('updatePlan title, nobody going', '5 updates', stats(await update(quiet, 5)), '');
  row(
    `updatePlan title, ${people.length} going (one PLAN_UPDATED each)`,
    '5 updates',
    stats(await update(busy, 5)),
    `server RSS ${(await residentMegabytes(pid)).toFixed(0)} MB`,
  );
}

async function feed(owner: Person, people: Person[], pid: number): Promise<void> {
  const groups: string[] = [];
  for (let index = 0; index < FEED_GROUPS; index++) {
    // A private group is found by its key (its share secret), not by its number.
    const { createGroup } = await graphql<{ createGroup: { key: string } }>(
      owner,
      'mutation ($g: GroupInput!) { createGroup(group: $g) { key } }',
      { g: { title: `Bench requests ${index}`, isPublic: false, hasJoinRequests: true } },
    );
    groups.push(createGroup.key);
  }
  let next = 0;
  const jobs = groups.flatMap((id) => people.map((person) => ({ id, person })));
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let index = next++; index < jobs.length; index = next++) {
        const { id, person } = jobs[index]!;
        await graphql(person, 'mutation ($id: ID!) { joinGroup(id: $id) { id } }', { id });
      }
    }),
  );
  const { myActivities } = await graphql<{ myActivities: { unreadCount: number } }>(
    owner,
    '{ myActivities(limit: 1) { unreadCount } }',
  );
  const query =
    '{ myActivities { unreadCount nextMarker activities { id type message href timeAgo highlighted creator { id fullName image } } } }';
  for (const loops of [1, 16]) {
    const latencies: number[] = [];
    const until = performance.now() + READ_SECONDS * 1000;
    await Promise.all(
      Array.from({ length: loops }, async () => {
        while (performance.now() < until) {
          const started = performance.now();
          await graphql(owner, query);
          latencies.push(performance.now() - started);
        }
      }),
    );
    row(
      `myActivities, first page of 30, ${loops} loop${loops === 1 ? '' : 's'}`,
      `${(latencies.length / READ_SECONDS).toFixed(0)} req/s`,
      stats(latencies),
      `${myActivities.unreadCount} unread in the feed; RSS ${(await residentMegabytes(pid)).toFixed(0)} MB`,
    );
  }
}

const server = spawnServer({
  port,
  dataDir,
  env: {
    NODE_ENV: 'production',
    PLAZA_CITIES_MIN_POPULATION: '10000000',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: base,
    TRUST_PROXY: '1',
  },
});
try {
  await waitHealthy(port, { server });
  const pid = server.pid!;
  const owner = await signUp('host');
  const people: Person[] = [];
  for (let index = 0; index < PEOPLE; index++) people.push(await signUp(`p${index}`));
  console.log(`${PEOPLE + 1} people signed up; server RSS ${(await residentMegabytes(pid)).toFixed(0)} MB\n`);
  await badge(owner, people.slice(0, BADGE_SAMPLES));
  await fanOut(owner, people, pid);
  await feed(owner, people, pid);
  console.log(`\n${rows.join('\n')}`);
} finally {
  await stopServer(server);
  await rm(dataDir, { recursive: true, force: true });
}
