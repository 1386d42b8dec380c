/**
 * Connections (issue 11): the server on the generated world (`npm run bench:seed`), then
 * BENCH_CONNECTIONS (10,000) seeded people each open a graphql-ws connection with their session
 * cookie and subscribe to their activity badge (`myActivityEvents`, what every signed-in tab keeps
 * open), then stay idle. The server's resident memory and V8 heap (from its /metrics) before and
 * after, and the difference per connection. The sockets need file descriptors on both ends: the
 * script says if `ulimit -n` is below what it needs (raise it with `ulimit -n 30000` first).
 * Memory is read twice: as it is (committed: RSS keeps what the opening's garbage made V8 take),
 * and after a full garbage collection asked through the server's inspector
 * (`HeapProfiler.collectGarbage`; the server runs with `--inspect` on BENCH_INSPECT_PORT) and a
 * second to settle: what the connections retain.
 * `npm run bench:connections`; BENCH_PORT (3455), BENCH_INSPECT_PORT (3456).
 */
import { execSync } from 'node:child_process';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { machine } from './support/load.ts';
import { sleep } from './support/people.ts';
import { residentMegabytes } from './support/server.ts';
import { openSessions, type SessionPerson } from './support/sessions.ts';
import { startWorldServer } from './support/world.ts';

const COUNT = Number(process.env.BENCH_CONNECTIONS ?? 10_000);
const limit = Number(execSync('ulimit -n', { shell: '/bin/bash' }).toString().trim());
if (limit < COUNT + 1_000) throw new Error(`ulimit -n is ${limit}: raise it above ${COUNT + 1_000} first`);

/** The server's V8 heap in use, from /metrics (prom-client's default metrics, prefixed plaza_). */
async function heapMegabytes(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const value = /^(?:plaza_)?nodejs_heap_size_used_bytes\s+(\S+)/m.exec(text)?.[1];
  return value ? Number(value) / 2 ** 20 : Number.NaN;
}

/** The server's inspector, to collect garbage and read the heap in use. */
async function inspector(port: number) {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{
    webSocketDebuggerUrl: string;
  }>;
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let id = 0;
  const pending = new Map<number, (result: unknown) => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  });
  const call = <T>(method: string): Promise<T> =>
    new Promise((resolve) => {
      id += 1;
      pending.set(id, resolve as (result: unknown) => void);
      socket.send(JSON.stringify({ id, method }));
    });
  return {
    /** Two full collections, a second to settle; then the heap in use (MB). */
    async settledHeapMegabytes(): Promise<number> {
      await call('HeapProfiler.collectGarbage');
      await call('HeapProfiler.collectGarbage');
      await sleep(1_000);
      const usage = await call<{ usedSize: number }>('Runtime.getHeapUsage');
      return usage.usedSize / 2 ** 20;
    },
    close: () => socket.close(),
  };
}

function wsClient(
  base: string,
  person: SessionPerson,
  onLive: () => void,
  onError: (e: unknown) => void,
): Client {
  class CookieWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers: { cookie: person.cookie, origin: base } });
    }
  }
  const client = createClient({
    url: `${base.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: CookieWebSocket,
    retryAttempts: 0,
    lazy: false,
    keepAlive: 0,
  });
  client.subscribe(
    { query: 'subscription { myActivityEvents { unreadCount } }' },
    { next: onLive, error: onError, complete: () => {} },
  );
  return client;
}

// A socket the server closes rejects inside graphql-ws's client; it is counted as an error above.
process.on('unhandledRejection', (reason) => console.error(`unhandled: ${String(reason).slice(0, 200)}`));
const inspectPort = Number(process.env.BENCH_INSPECT_PORT ?? 3456);
const world = await startWorldServer(Number(process.env.BENCH_PORT ?? 3455), {
  NODE_OPTIONS: `--inspect=127.0.0.1:${inspectPort}`,
});
const debug = await inspector(inspectPort);
const clients: Client[] = [];
try {
  const { rows } = await world.client.query<{ id: number }>(
    `SELECT id FROM users WHERE key LIKE 'bench%' ORDER BY id LIMIT $1`,
    [COUNT],
  );
  const people = await openSessions(
    world.client,
    world.secret,
    rows.map((row) => row.id),
  );
  const settle = async () => {
    await fetch(`${world.base}/healthz`);
    await sleep(3_000);
  };
  await settle();
  // Before: the idle server after a full collection, so both figures after start from the same.
  const heapBefore = await debug.settledHeapMegabytes();
  const rssBefore = await residentMegabytes(world.server.pid!);
  let live = 0;
  const errors: unknown[] = [];
  const started = performance.now();
  for (const [index, person] of people.entries()) {
    let counted = false;
    clients.push(
      wsClient(
        world.base,
        person,
        () => {
          if (!counted) live += 1;
          counted = true;
        },
        (error) => errors.push(error),
      ),
    );
    // Opened in waves, as people arrive: the server answers each upgrade with a session lookup.
    if (index % 200 === 199) while (live < index - 400 && errors.length === 0) await sleep(10);
  }
  while (live + errors.length < people.length && performance.now() - started < 480_000) await sleep(100);
  const openSeconds = (performance.now() - started) / 1000;
  await settle();
  const rssAfter = await residentMegabytes(world.server.pid!);
  const heapAfter = await heapMegabytes(world.base);
  const settledHeapAfter = await debug.settledHeapMegabytes();
  const settledRssAfter = await residentMegabytes(world.server.pid!);
  // Per connection: the opening's cost while it was happening, and after one collection.
  const host = await machine();
  const kb = (before: number, after: number) => (((after - before) * 1024) / Math.max(1, live)).toFixed(1);
  console.log(`
| Idle authenticated WebSockets (graphql-ws, one myActivityEvents each) | Opened in | Server RSS before / after | KB per connection (RSS) | V8 heap before / after | KB per connection (heap) |
|---|---|---|---|---|---|
| ${live} of ${people.length} (${errors.length} failed) | ${openSeconds.toFixed(1)} s | ${rssBefore.toFixed(0)} / ${rssAfter.toFixed(0)} MB | ${kb(rssBefore, rssAfter)} | ${heapBefore.toFixed(0)} / ${heapAfter.toFixed(0)} MB | ${kb(heapBefore, heapAfter)} |
| same, after a full garbage collection | – | ${rssBefore.toFixed(0)} / ${settledRssAfter.toFixed(0)} MB | ${kb(rssBefore, settledRssAfter)} | ${heapBefore.toFixed(0)} / ${settledHeapAfter.toFixed(0)} MB | ${kb(heapBefore, settledHeapAfter)} |

${host.cores} cores, ${host.memoryGiB} GiB; load average ${host.load}; ulimit -n ${limit}`);
  if (errors.length > 0) console.error('errors:', String(errors[0]));
} finally {
  for (const client of clients) void client.dispose();
  debug.close();
  await sleep(1_000);
  await world.stop();
}
