/**
 * The Plaza server as the benchmarks run it: its own process (`node apps/server/src/main.ts`) on
 * loopback, polled from the benchmark's process until `/healthz` answers, stopped with SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

export interface ServerOptions {
  port: number;
  dataDir: string;
  /** Added to this process's environment (after PORT, HOST and PLAZA_DATA_DIR). */
  env?: Record<string, string>;
  /** 'pipe' to read the server's log (e.g. to wait for a line), else it goes to this terminal. */
  stdout?: 'pipe' | 'inherit';
  /** Node arguments before the script, after BENCH_SERVER_NODE_ARGS' (`--import` of a module). */
  nodeArgs?: string[];
}

/**
 * Starts the server on 127.0.0.1:`port` with its data in `dataDir`; it is not healthy yet.
 * BENCH_SERVER_NODE_ARGS (space-separated) go before the script on the server's command line: V8's
 * flags (`--single-threaded-gc`, `--trace-gc`), which NODE_OPTIONS does not take.
 */
export function spawnServer({
  port,
  dataDir,
  env = {},
  stdout = 'inherit',
  nodeArgs: own = [],
}: ServerOptions): ChildProcess {
  const nodeArgs = [...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), ...own];
  return spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PLAZA_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', stdout, 'inherit'],
  });
}

/** Another server on the port would answer for ours and make every start look instant. */
export async function requireFreePort(port: number): Promise<void> {
  const answer = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
  if (answer) throw new Error(`something already answers on port ${port}: stop it first`);
}

/**
 * Polls `/healthz` every `everyMs` until it answers 200; answers the milliseconds since `since`
 * (by default the call). Fails after `timeoutMs` from `since`, or at once when `server` exited.
 */
export async function waitHealthy(
  port: number,
  {
    since = performance.now(),
    everyMs = 100,
    timeoutMs = 120_000,
    server,
  }: { since?: number; everyMs?: number; timeoutMs?: number; server?: ChildProcess } = {},
): Promise<number> {
  for (;;) {
    if (performance.now() - since > timeoutMs)
      throw new Error(`server did not become healthy in ${timeoutMs / 1000} s`);
    if (server && (server.exitCode !== null || server.signalCode !== null))
      throw new Error(`server exited (${server.exitCode ?? server.signalCode}) before it became healthy`);
    const answer = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
    if (answer?.ok) return performance.now() - since;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** SIGTERM, then waits for the process to be gone. */
export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/** Resolves once the server's piped log contains `line` (the last 10,000 characters are searched). */
export function logLine(server: ChildProcess, line: string): Promise<void> {
  return new Promise((resolve) => {
    let seen = '';
    server.stdout?.on('data', (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-10_000);
      if (seen.includes(line)) resolve();
    });
  });
}

/** The process's resident memory (VmRSS) in MB. */
export async function residentMegabytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}
