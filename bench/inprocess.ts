/**
 * The main queries one at a time, in this process (issue 11): Plaza made here on the generated world
 * of `npm run bench:seed` (as bench/statements.ts makes it), each query of bench/queries.ts asked
 * BENCH_REQUESTS (1,500) times in a row through `yoga.fetch` (the whole GraphQL pipeline without
 * HTTP) after a warm-up of 300, signed in as the same 200 people. Prints the CPU a request of this
 * process and of its PostgreSQL backends, and the answer's size.
 *
 * With nothing queued and nothing else on the cores, this is the steadiest figure of what a query
 * costs, and `node --cpu-prof bench/inprocess.ts` gives a profile whose samples are the work
 * itself: under load, a profile also counts the time the server spends preempted inside a system
 * call (a write that wakes a PostgreSQL backend on the same core), which made `writev` look like a
 * third of the server's CPU (bench/README.md, main queries). `npm run bench:inprocess`;
 * BENCH_QUERIES picks queries by name, as for bench:queries. BENCH_STATEMENT_TIMES=1 prints too,
 * for each query, its statements' execution and planning time a request in PostgreSQL
 * (pg_stat_statements, which PostgreSQL must load, planning counted with its track_planning on:
 * support/statement-times.ts). BENCH_CPU_PROFILE=<folder> writes, for each query, a CPU profile of
 * this process over the measured requests alone (no start-up, no warm-up): `<query>.cpuprofile`.
 * BENCH_HEAP_PROFILE=<folder> writes, for each query, a sampling heap profile of what this process
 * allocated over the measured requests, kept or collected since (`<query>.heapprofile`, for Chrome's
 * memory tools), and prints the bytes allocated a request by that sample; with
 * BENCH_HEAP_SURVIVORS=1, only what outlived a young collection (promoted to the old generation,
 * where only a full collection frees it).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { benchDatabaseUrl } from './seed.ts';
import { openInProcessPlaza } from './support/in-process.ts';
import { cpuPerRequest, cpuReading, machine } from './support/load.ts';
import { queriesOf } from './support/main-queries.ts';
import { readStatementTimes, resetStatementTimes, statementTimesTable } from './support/statement-times.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1500);
const WARM_UP = 300;
const STATEMENT_TIMES = process.env.BENCH_STATEMENT_TIMES === '1';
const CPU_PROFILE = process.env.BENCH_CPU_PROFILE;
const HEAP_PROFILE = process.env.BENCH_HEAP_PROFILE;
const HEAP_SURVIVORS = process.env.BENCH_HEAP_SURVIVORS === '1';
const profiler = CPU_PROFILE || HEAP_PROFILE ? new Session() : null;
if (profiler) profiler.connect();
if (profiler && CPU_PROFILE) {
  mkdirSync(CPU_PROFILE, { recursive: true });
  await profiler.post('Profiler.enable');
}
if (profiler && HEAP_PROFILE) {
  mkdirSync(HEAP_PROFILE, { recursive: true });
  await profiler.post('HeapProfiler.enable');
}

/** Bytes a sampling heap profile's nodes allocated, all of them. */
function sampledBytes(node: { selfSize: number; children: Array<typeof node> }): number {
  return node.children.reduce((sum, child) => sum + sampledBytes(child), node.selfSize);
}
const dbName = new URL(benchDatabaseUrl).pathname.slice(1);
const { client, world, post, close } = await openInProcessPlaza('inprocess');
try {
  const statementTables: string[] = [];
  const rows = [
    '| Query | Requests | Wall a request (ms) | CPU a request, this process / its database backends (ms) | Answer (bytes) |',
    '|---|---|---|---|---|',
  ];
  for (const { name, ask } of queriesOf(world)) {
    const answer = async (index: number) => {
      const response = await post(ask(index));
      const text = await response.text();
      if (response.status !== 200 || text.includes('"errors"'))
        throw new Error(`${name}: ${response.status} ${text.slice(0, 300)}`);
      return text.length;
    };
    for (let index = 0; index < WARM_UP; index++) await answer(index);
    if (STATEMENT_TIMES) await resetStatementTimes(client);
    if (CPU_PROFILE) await profiler?.post('Profiler.start');
    // Every allocation sampled, what a full collection freed since included, and what a young one
    // freed unless only the survivors are asked for.
    if (HEAP_PROFILE)
      await profiler?.post('HeapProfiler.startSampling', {
        samplingInterval: 16_384,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: !HEAP_SURVIVORS,
      });
    const before = await cpuReading(client, process.pid, dbName);
    const started = performance.now();
    let bytes = 0;
    for (let index = 0; index < REQUESTS; index++) bytes += await answer(WARM_UP + index);
    const wall = (performance.now() - started) / REQUESTS;
    const cpu = cpuPerRequest(before, await cpuReading(client, process.pid, dbName), REQUESTS);
    if (profiler && CPU_PROFILE) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(join(CPU_PROFILE, `${name.replaceAll(' ', '-')}.cpuprofile`), JSON.stringify(profile));
    }
    if (profiler && HEAP_PROFILE) {
      const { profile } = await profiler.post('HeapProfiler.stopSampling');
      writeFileSync(join(HEAP_PROFILE, `${name.replaceAll(' ', '-')}.heapprofile`), JSON.stringify(profile));
      const what = HEAP_SURVIVORS ? 'outlived a young collection' : 'allocated';
      console.log(
        `${name}: ${(sampledBytes(profile.head) / REQUESTS / 1024).toFixed(1)} KB ${what} a request (sampled)`,
      );
    }
    rows.push(
      `| ${name} | ${REQUESTS} | ${wall.toFixed(2)} | ${cpu.process.toFixed(2)} / ${cpu.database.toFixed(2)} | ${Math.round(bytes / REQUESTS)} |`,
    );
    console.log(rows.at(-1));
    if (STATEMENT_TIMES) {
      statementTables.push(statementTimesTable(name, await readStatementTimes(client, dbName, REQUESTS)));
      console.log(`\n${statementTables.at(-1)}\n`);
    }
  }
  const { cores, memoryGiB, load } = await machine();
  for (const table of statementTables) console.log(`\n${table}`);
  console.log(`\n${rows.join('\n')}\n\n${cores} cores, ${memoryGiB} GiB; load average ${load}`);
} finally {
  await close();
}
