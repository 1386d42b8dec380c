/**
 * Page loads under overload: the server (NODE_ENV=production) in its own process on the generated
 * world of `npm run bench:seed`, and from this process open-loop GETs of public plan pages, as a
 * signed-out visitor following a shared link (Accept: text/html, gzip), at each rate of BENCH_RATES
 * (50,100,200) for BENCH_SECONDS (15) after a warm-up, once with each PLAZA_MAX_CONCURRENT_REQUESTS
 * of BENCH_LIMITS (128,0: load shedding as shipped, then off). Prints, per run: answered a second
 * (200s), refused (503s, the busy page), other failures, p50 / p99 of the answered, the CPU of the
 * server a request it answered, and the server's peak resident memory (sampled every 100 ms).
 *
 * `npm run bench:pages`; BENCH_PORT (3470).
 */
import { get } from './support/http-post.ts';
import { cpuSeconds, describeFailures, machine, openLoop } from './support/load.ts';
import { ms, sleep } from './support/people.ts';
import { residentMegabytes } from './support/server.ts';
import { startWorldServer } from './support/world.ts';

const port = Number(process.env.BENCH_PORT ?? 3470);
const RATES = (process.env.BENCH_RATES ?? '50,100,200').split(',').map(Number);
const LIMITS = (process.env.BENCH_LIMITS ?? '128,0').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);

interface Row {
  limit: number;
  rate: number;
  answered: number;
  refused: number;
  other: string;
  p50: number;
  p99: number;
  cpu: number;
  peakMb: number;
}

async function runAt(limit: number): Promise<Row[]> {
  const world = await startWorldServer(port, { PLAZA_MAX_CONCURRENT_REQUESTS: String(limit) });
  const rows: Row[] = [];
  try {
    const { rows: plans } = await world.client.query<{ slug: string; key: string }>(
      `SELECT slug, key FROM plans WHERE key LIKE 'bp%' AND view_mask & 1 = 1 AND starts_at > now()
       ORDER BY id LIMIT 500`,
    );
    if (plans.length === 0) throw new Error('no public plans in the generated world');
    const pid = world.server.pid!;
    const load = (rate: number, seconds: number) =>
      openLoop(rate, seconds, async (index) => {
        const plan = plans[index % plans.length]!;
        const answer = await get(`${world.base}/${plan.slug}/${plan.key}`, {
          accept: 'text/html,application/xhtml+xml',
          'user-agent': 'plaza-bench',
        });
        // A failure's kind is its message: '503' is a refusal (the busy page).
        if (answer.status !== 200) throw new Error(String(answer.status));
      });
    // Warm-up: the page's modules, the statements' plans, the process's heap.
    await load(20, 5);
    for (const rate of RATES) {
      let peakMb = await residentMegabytes(pid);
      const sampler = setInterval(() => {
        void residentMegabytes(pid)
          .then((mb) => (peakMb = Math.max(peakMb, mb)))
          .catch(() => {});
      }, 100);
      const cpuBefore = await cpuSeconds(pid);
      const done = await load(rate, SECONDS);
      const cpu = (await cpuSeconds(pid)) - cpuBefore;
      clearInterval(sampler);
      const answered = done.timeline.filter((each) => each.answered).length;
      const refused = done.failureKinds['503'] ?? 0;
      const others = Object.fromEntries(Object.entries(done.failureKinds).filter(([kind]) => kind !== '503'));
      rows.push({
        limit,
        rate,
        answered: done.achieved,
        refused,
        other: describeFailures(others) || '–',
        p50: done.p50,
        p99: done.answeredP99,
        cpu: (cpu * 1000) / Math.max(1, answered),
        peakMb,
      });
      console.log(
        `limit ${limit}, ${rate}/s: ${done.achieved.toFixed(0)} answered a second, ${refused} refused, p99 of the answered ${ms(done.answeredP99)} ms`,
      );
      // Let the queue drain and the heap settle before the next rate.
      await sleep(3_000);
    }
  } finally {
    await world.stop();
  }
  return rows;
}

const all: Row[] = [];
for (const limit of LIMITS) all.push(...(await runAt(limit)));
const { cores, memoryGiB, load } = await machine();
console.log(
  `\nPublic plan pages, signed out; ${cores} cores, ${memoryGiB} GiB, load ${load}; ${SECONDS} s a rate\n`,
);
console.log(
  '| Shedding limit | Rate | Answered/s | Refused (503) | Other failures | p50 (all) | p99 (answered) | Server CPU / answer | Peak RSS |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const row of all) {
  console.log(
    `| ${row.limit === 0 ? 'off' : row.limit} | ${row.rate} | ${row.answered.toFixed(0)} | ${row.refused} | ${row.other} | ${ms(row.p50)} ms | ${ms(row.p99)} ms | ${row.cpu.toFixed(1)} ms | ${row.peakMb.toFixed(0)} MB |`,
  );
}
