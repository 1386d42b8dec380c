/**
 * sendMessage (issue 11): the server on the generated world (`npm run bench:seed`), 200 seeded
 * people each writing into one of their direct messages, open loop at BENCH_RATE (100) messages a
 * second for BENCH_SECONDS (30) after a warm-up of a third as long, from this process over loopback.
 * Prints p50 / p95 / p99 and the CPU per message of the server and its PostgreSQL backends.
 * `npm run bench:send`; BENCH_PORT (3452).
 */
import { cpuPerRequest, cpuReading, machine, openLoop } from './support/load.ts';
import { ms } from './support/people.ts';
import { residentMegabytes } from './support/server.ts';
import { openSessions } from './support/sessions.ts';
import { sendMessage, startWorldServer } from './support/world.ts';

const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
// BENCH_SERVER_NODE_OPTIONS: Node options of the server process only (--cpu-prof to profile it).
const serverOptions = process.env.BENCH_SERVER_NODE_OPTIONS;
const world = await startWorldServer(
  Number(process.env.BENCH_PORT ?? 3452),
  serverOptions ? { NODE_OPTIONS: serverOptions } : {},
);
try {
  // One direct message per sender, among the people with one.
  const { rows } = await world.client.query<{ key: string; sender: number }>(
    `SELECT DISTINCT ON (split_part(dm_pair, ':', 1)) key, split_part(dm_pair, ':', 1)::int AS sender
     FROM chats WHERE type = 'd' ORDER BY split_part(dm_pair, ':', 1), id LIMIT 200`,
  );
  const people = await openSessions(
    world.client,
    world.secret,
    rows.map((row) => row.sender),
  );
  const run = `${Date.now().toString(36)}`;
  const send = (index: number) => {
    const sender = people[index % people.length]!;
    return sendMessage(
      world.base,
      sender.cookie,
      rows[index % rows.length]!.key,
      `${run}-${index}`,
      `bench message ${index}`,
    );
  };
  await openLoop(RATE, SECONDS / 3, (i) => send(1_000_000 + i));
  const before = await machine();
  const cpuBefore = await cpuReading(world.client, world.server.pid!, world.dbName);
  const result = await openLoop(RATE, SECONDS, send);
  const cpuAfter = await cpuReading(world.client, world.server.pid!, world.dbName);
  const cpu = cpuPerRequest(cpuBefore, cpuAfter, result.sent);
  const after = await machine();
  console.log(`
| Load | Rate asked / achieved | p50 / p95 / p99 (ms) | Failures | CPU per message, server / database (ms) | Server RSS |
|---|---|---|---|---|---|
| sendMessage, ${people.length} people into their direct messages, ${SECONDS} s | ${RATE} / ${result.achieved.toFixed(0)} msg/s | ${ms(result.p50)} / ${ms(result.p95)} / ${ms(result.p99)} | ${result.failures}${result.firstFailure ? ` (${result.firstFailure})` : ''} | ${cpu.process.toFixed(1)} / ${cpu.database.toFixed(1)} | ${(await residentMegabytes(world.server.pid!)).toFixed(0)} MB |

${before.cores} cores, ${before.memoryGiB} GiB; load average before ${before.load}, after ${after.load}`);
} finally {
  await world.stop();
}
