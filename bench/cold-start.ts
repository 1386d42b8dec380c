/**
 * Cold start: time from spawning the server to its first healthy answer, on an empty embedded
 * store (with the demo world) and again once the store exists. Polls from this second process.
 * BENCH_PORT (3300) is the server's port.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { requireFreePort, spawnServer, stopServer, waitHealthy } from './support/server.ts';

const port = Number(process.env.BENCH_PORT ?? 3300);

async function timeToHealthy(dataDir: string, demo: string): Promise<number> {
  await requireFreePort(port);
  const started = performance.now();
  const server = spawnServer({ port, dataDir, env: { PLAZA_DEMO: demo, LOG_LEVEL: 'warn' } });
  try {
    return await waitHealthy(port, { since: started, everyMs: 50, server });
  } finally {
    await stopServer(server);
  }
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'plaza-bench-'));
try {
  const empty = await timeToHealthy(dataDir, '1');
  const existing = await timeToHealthy(dataDir, '1');
  const rows = [
    ['empty embedded store, demo world seeded', empty],
    ['existing embedded store', existing],
  ] as const;
  console.log('| start | seconds |\n|---|---|');
  for (const [name, ms] of rows) console.log(`| ${name} | ${(ms / 1000).toFixed(2)} |`);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
