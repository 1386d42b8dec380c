import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { access, cp, mkdir, mkdtemp, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A Plaza of a spec's own, for settings no other spec may see (a compliance message would cover
 * every page of the shared server). Same build and command as the shared server, its own port,
 * data folder and environment.
 */
export interface OwnServer {
  url: string;
  dataDir: string;
  /** The 6-digit code of the newest message to `to` written since `since`. */
  codeFor(to: string, since: number): Promise<string>;
  stop(): Promise<void>;
}

/**
 * E2E_OWN_PORT plus the worker's index when set (to stay in a range of one's own), else a port the
 * system has free (an ephemeral one, away from the fixed ports people give servers).
 */
async function freePort(): Promise<number> {
  if (process.env.E2E_OWN_PORT)
    return Number(process.env.E2E_OWN_PORT) + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Runs `npm run <script>` of the repository against the server's store, before the server opens it. */
export function runOperatorCommand(dataDir: string, script: string, args: string[]): string {
  const result = spawnSync('npm', ['run', '--silent', script, '--', ...args], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PLAZA_DATA_DIR: dataDir,
      PLAZA_DEMO: '0',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`npm run ${script} failed: ${result.stderr}${result.stdout}`);
  return result.stdout;
}

/**
 * The run's migrated embedded store, made once by whichever worker asks first (the others wait for
 * it) and copied into each own server's folder: a new store applies every migration on start, and
 * four specs' own servers (and organizations' operator command) each took 20-34 s of a busy
 * machine's worker to start from nothing, against 5 s from a copy (2026-12-02).
 */
async function migratedTemplate(): Promise<string> {
  // E2E_DATA_DIR is set once per run by playwright.config.ts, and shared by its workers.
  const runData = path.resolve(repoRoot, process.env.E2E_DATA_DIR ?? `e2e/.artifacts/data-${process.pid}`);
  const template = `${runData}-own-template`;
  const lock = `${template}.making`;
  const made = () =>
    access(template).then(
      () => true,
      () => false,
    );
  if (await made()) return template;
  const mine = await mkdir(lock, { recursive: false }).then(
    () => true,
    () => false,
  );
  if (mine) {
    const making = `${lock}/store`;
    const result = spawnSync('node', ['e2e/support/migrated-store.ts', making], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`Could not make the migrated store: ${result.stderr}`);
    // Whole or not at all: a waiting worker sees the folder only once every migration is in it.
    await rename(making, template);
    return template;
  }
  const deadline = Date.now() + 170_000;
  while (!(await made())) {
    if (Date.now() > deadline) throw new Error(`No migrated store at ${template}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return template;
}

/** A data folder of the spec's own, with the run's migrated store in it. */
export async function makeDataDir(): Promise<string> {
  const template = await migratedTemplate();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'plaza-e2e-own-'));
  await cp(template, dataDir, { recursive: true });
  return dataDir;
}

export async function startOwnServer(dataDir: string, env: Record<string, string>): Promise<OwnServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn('node', ['apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PLAZA_DATA_DIR: dataDir,
      PLAZA_DEMO: '0',
      NODE_ENV: 'production',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      // Only the biggest cities: the data set loads in a moment and nothing here searches places.
      PLAZA_CITIES_MIN_POPULATION: '5000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  // From the run's migrated store (makeDataDir) a few seconds; a new store's migrations took a
  // minute on a busy machine.
  const deadline = Date.now() + 170_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The spec's own server stopped: ${errors}`);
    const ok = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`The spec's own server did not answer: ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    dataDir,
    async codeFor(to, since) {
      const folder = path.join(dataDir, 'outbox');
      const until = Date.now() + 10_000;
      while (Date.now() < until) {
        for (const name of (await readdir(folder).catch(() => [] as string[])).sort().reverse()) {
          const file = path.join(folder, name);
          if (!name.endsWith('.eml') || (await stat(file)).mtimeMs < since - 1000) continue;
          const mail = await simpleParser(await readFile(file, 'utf8'));
          const address = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
          if (address === to) {
            const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
            if (code) return code;
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`No code in the outbox for ${to}`);
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
