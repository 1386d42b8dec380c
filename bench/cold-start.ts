/**
 * Cold start: time from spawning the server to its first healthy answer, on an empty embedded
 * store (with the demo world) and again once the store exists. Polls from this second process.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = 3300;

/** Another server on the port would answer for ours and make every start look instant. */
async function requireFreePort(): Promise<void> {
  const answer = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
  if (answer) throw new Error(`something already answers on port ${port}: stop it first`);
}

async function timeToHealthy(dataDir: string, demo: string): Promise<number> {
  await requireFreePort();
  const started = performance.now();
  const server = spawn(process.execPath, [path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PLAZA_DATA_DIR: dataDir,
      PLAZA_DEMO: demo,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (;;) {
      if (performance.now() - started > 120_000) throw new Error('server did not become healthy in 120 s');
      try {
        const response = await fetch(`http://127.0.0.1:${port}/healthz`);
        if (response.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
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
