/**
 * Fan-out (issue 11): the server on the generated world (`npm run bench:seed`); every one of the
 * 2,000 members of the group `bg000000001` connected over graphql-ws with their session cookie and
 * subscribed to the group chat's chatEvents; one member sends BENCH_RATE (10) messages a second for
 * BENCH_SECONDS (20) over HTTP; send-to-receipt p50 / p95 / p99 over every delivery, and per member
 * the messages missing or received twice. Then a burst: BENCH_BURST (100) messages sent as fast as
 * 4 loops can, and the deliveries per second from the first send to the last receipt, next to the
 * same burst through a bare `ws` broadcast server (bench/support/bare-ws.ts) to as many clients,
 * BENCH_ROUNDS (3) times in turn, with the median of the rounds' ratios.
 * Every client lives in this one process, which shares the machine's cores with the server.
 * `npm run bench:fanout`; BENCH_PORT (3453; the bare server on the next port), BENCH_MEMBERS;
 * BENCH_FIELDS=web subscribes with the web app's own selection of a message (MESSAGE_FIELDS: its
 * sender, media, poll, plan card, thread) instead of `text` alone; BENCH_SENDERS (1) members take
 * turns sending, so a new sender's profile is read for every event. BENCH_CLIENT: `raw` (the
 * default) subscribes over a plain `ws` socket speaking graphql-transport-ws by hand, each frame
 * parsed with JSON.parse as the bare baseline's clients do, so both servers are measured with the
 * same client work on the shared cores; `graphql-ws` uses graphql-ws's own client (its promise
 * machinery costs ~3 × a raw client's CPU a delivery). BENCH_SUBSCRIPTION=list subscribes every member
 * to myChatEvents with the web app's own subscription instead (MY_CHAT_EVENTS, what the web app's
 * chat pages keep open beside a conversation: the chat list's fields and, since decision 0032, a new
 * message alone as MESSAGE): a message counts as received at the first event whose chat shows it, or
 * which is it, or a later one (a list shows the latest state, not every message). Messages sent at once
 * can be stored in another order than sent; one overtaken that way may never be a chat's last
 * message, and counts as missing here. BENCH_SEEN_SPREAD=N first sets the members' last seen
 * message N apart (user id mod N before the chat's last), so their unread counts, and the ways the
 * list's members see the chat (decision 0031), spread over N values (up to 100, the counting cap).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { MESSAGE_FIELDS } from '../apps/web/app/features/chat/chat-data.ts';
import { MY_CHAT_EVENTS } from '../apps/web/app/features/chat/use-chat-list-live.ts';
import { FANOUT_GROUP_KEY, FANOUT_MEMBERS } from './seed.ts';
import { cpuPerRequest, cpuReading, cpuSeconds, machine, machineTicks, stolenShare } from './support/load.ts';
import { ms, percentile, sleep } from './support/people.ts';
import { residentMegabytes } from './support/server.ts';
import { openSessions, type SessionPerson } from './support/sessions.ts';
import { sendMessage, startWorldServer } from './support/world.ts';

const port = Number(process.env.BENCH_PORT ?? 3453);
const RATE = Number(process.env.BENCH_RATE ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const BURST = Number(process.env.BENCH_BURST ?? 100);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? FANOUT_MEMBERS);
const SENDERS = Number(process.env.BENCH_SENDERS ?? 1);
const FIELDS = process.env.BENCH_FIELDS === 'web' ? MESSAGE_FIELDS : 'text';
const CLIENT = process.env.BENCH_CLIENT === 'graphql-ws' ? 'graphql-ws' : 'raw';
const LIST = process.env.BENCH_SUBSCRIPTION === 'list';
const SEEN_SPREAD = Number(process.env.BENCH_SEEN_SPREAD ?? 0);

interface Subscriber<T> {
  next: (result: { data?: T | null; errors?: unknown }) => void;
  error: (error: unknown) => void;
}

/** A subscription over a plain socket: connection_init, subscribe on the ack, JSON.parse per frame. */
function rawSubscription<T>(
  base: string,
  person: SessionPerson,
  payload: { query: string; variables: Record<string, unknown> },
  sink: Subscriber<T>,
): { dispose: () => Promise<void> } {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', {
    headers: { cookie: person.cookie, origin: base },
  });
  socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init' })));
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { type: string; payload?: unknown };
    if (message.type === 'next') sink.next(message.payload as never);
    else if (message.type === 'connection_ack')
      socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload }));
    else if (message.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
    else if (message.type === 'error') sink.error(message.payload);
  });
  socket.on('error', (error) => sink.error(error));
  return {
    dispose: () =>
      new Promise((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close();
      }),
  };
}

function wsClient(base: string, person: SessionPerson): Client {
  class CookieWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers: { cookie: person.cookie, origin: base } });
    }
  }
  return createClient({
    url: `${base.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: CookieWebSocket,
    retryAttempts: 0,
    lazy: false,
  });
}

interface BareBurst {
  perSecond: number;
  seconds: number;
  serverMicros: number;
  clientMicros: number;
  /** The machine's CPU time the hypervisor took meanwhile (stolenShare). */
  stolen: string;
}

/**
 * The bare ws broadcast server (its own process) with `count` clients connected and one sender:
 * each `burst()` sends BENCH_BURST messages and answers its deliveries per second, from the first
 * send to the last receipt.
 */
async function openBare(count: number): Promise<{ burst: () => Promise<BareBurst>; close: () => void }> {
  const barePort = port + 1;
  const bare = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'support/bare-ws.ts'), String(barePort)],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  let sockets: WebSocket[] = [];
  const close = () => {
    for (const socket of sockets) socket.terminate();
    bare.kill('SIGTERM');
  };
  try {
    await sleep(1000);
    sockets = await Promise.all(
      Array.from(
        { length: count + 1 },
        () =>
          new Promise<WebSocket>((resolve, reject) => {
            const socket = new WebSocket(`ws://127.0.0.1:${barePort}`);
            socket.on('open', () => resolve(socket));
            socket.on('error', reject);
          }),
      ),
    );
  } catch (error) {
    close();
    throw error;
  }
  const sender = sockets.at(-1)!;
  let delivered = 0;
  let lastAt = 0;
  for (const socket of sockets.slice(0, -1))
    socket.on('message', (data) => {
      JSON.parse(String(data));
      delivered += 1;
      lastAt = performance.now();
    });
  const burst = async (): Promise<BareBurst> => {
    delivered = 0;
    const serverBefore = await cpuSeconds(bare.pid!);
    const clientBefore = process.cpuUsage();
    const ticksBefore = await machineTicks();
    const started = performance.now();
    for (let index = 0; index < BURST; index++)
      sender.send(JSON.stringify({ kind: 'NEW', cursor: index, message: { text: `fan-${index} bare` } }));
    while (delivered < BURST * count && performance.now() - started < 60_000) await sleep(20);
    const seconds = (lastAt - started) / 1000;
    const stolen = stolenShare(ticksBefore, await machineTicks());
    const serverMicros = ((await cpuSeconds(bare.pid!)) - serverBefore) * 1e6;
    const client = process.cpuUsage(clientBefore);
    return {
      perSecond: delivered / seconds,
      seconds,
      serverMicros: serverMicros / Math.max(1, delivered),
      clientMicros: (client.user + client.system) / Math.max(1, delivered),
      stolen,
    };
  };
  return { burst, close };
}

/** The middle round's value (of an even count, the upper of the two middle ones). */
function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

// BENCH_SERVER_NODE_OPTIONS: Node options of the server process only (e.g. --inspect=127.0.0.1:3460 to profile it).
const serverOptions = process.env.BENCH_SERVER_NODE_OPTIONS;
const world = await startWorldServer(port, serverOptions ? { NODE_OPTIONS: serverOptions } : {});
const clients: Array<{ dispose: () => unknown }> = [];
try {
  const { rows: chatRows } = await world.client.query<{ key: string; last_rev: number; creator_id: number }>(
    `SELECT c.key, c.last_rev, g.creator_id FROM chats c JOIN groups g ON g.id = c.group_id WHERE g.key = $1`,
    [FANOUT_GROUP_KEY],
  );
  const chat = chatRows[0]!;
  if (SEEN_SPREAD > 0) {
    // Each member has seen up to a different point: unread counts from 0 to SEEN_SPREAD - 1 (and
    // growing as the run sends), so the chat list's members see the chat in that many ways.
    await world.client.query(
      `UPDATE chat_members m SET last_seen_seq = GREATEST(c.last_seq - m.user_id % $2, 0)
       FROM chats c WHERE c.key = $1 AND m.chat_id = c.id`,
      [chat.key, SEEN_SPREAD],
    );
  }
  const { rows: memberRows } = await world.client.query<{ user_id: number }>(
    `SELECT user_id FROM group_members m JOIN groups g ON g.id = m.group_id WHERE g.key = $1 AND m.status = 'member'
     ORDER BY user_id = $2 DESC, user_id LIMIT $3`,
    [FANOUT_GROUP_KEY, chat.creator_id, MEMBERS],
  );
  const members = await openSessions(
    world.client,
    world.secret,
    memberRows.map((row) => row.user_id),
  );
  const senders = members.slice(0, Math.max(1, SENDERS));
  const rssIdle = await residentMegabytes(world.server.pid!);

  const received = members.map(() => new Map<string, number[]>());
  const live = members.map(() => false);
  // List mode: myChatEvents has no replay, so the warm-up is sent once every member heard READY.
  const ready = members.map(() => !LIST);
  const errors: unknown[] = [];
  const connectStarted = performance.now();
  members.forEach((member, r) => {
    type Event = {
      chatEvents?: { kind: string; cursor: number; message: { text: string } | null };
      myChatEvents?: {
        kind: string;
        chatKey: string | null;
        chat: { lastChat: { text: string } | null } | null;
        message?: { text: string } | null;
      };
    };
    const payload = LIST
      ? { query: MY_CHAT_EVENTS, variables: {} }
      : {
          query: `subscription ($k: String!, $after: Int) { chatEvents(key: $k, afterRev: $after) { kind cursor message { ${FIELDS} } } }`,
          variables: { k: chat.key, after: Number(chat.last_rev) },
        };
    const sink: Subscriber<Event> = {
      next: (result) => {
        const at = performance.now();
        const listEvent = result.data?.myChatEvents;
        const event = LIST
          ? listEvent && {
              kind:
                (listEvent.kind === 'UPDATED' || listEvent.kind === 'MESSAGE') &&
                listEvent.chatKey === chat.key
                  ? 'NEW'
                  : listEvent.kind,
              message: listEvent.message ?? listEvent.chat?.lastChat ?? null,
            }
          : result.data?.chatEvents;
        if (!event) return void errors.push(result.errors);
        if (event.kind === 'READY') ready[r] = true;
        const tag = /^(\S+) /.exec(event.message?.text ?? '')?.[1];
        if (tag === 'warm-up') live[r] = true;
        if (event.kind === 'NEW' && tag) {
          const times = received[r]!.get(tag) ?? [];
          times.push(at);
          received[r]!.set(tag, times);
        }
      },
      error: (error) => errors.push(error),
    };
    if (CLIENT === 'raw') clients.push(rawSubscription(world.base, member, payload, sink));
    else {
      const client = wsClient(world.base, member);
      clients.push(client);
      client.subscribe<Event>(payload, { ...sink, complete: () => {} });
    }
  });
  const run = Date.now().toString(36);
  while (!ready.every(Boolean)) {
    if (performance.now() - connectStarted > 120_000)
      throw new Error(`${ready.filter(Boolean).length} of ${members.length} subscribed after 120 s`);
    await sleep(50);
  }
  await sendMessage(world.base, senders[0]!.cookie, chat.key, `${run}-warm`, 'warm-up everyone');
  while (!live.every(Boolean)) {
    if (performance.now() - connectStarted > 120_000)
      throw new Error(
        `${live.filter(Boolean).length} of ${members.length} live after 120 s: ${JSON.stringify(errors.slice(0, 2))}`,
      );
    await sleep(50);
  }
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  console.error(`${members.length} live in ${connectSeconds.toFixed(1)} s; sending`);
  const rssLive = await residentMegabytes(world.server.pid!);

  /** Sends `count` messages tagged `prefix-<i>`, paced at `rate` a second or in `loops` loops at once. */
  async function sendAll(prefix: string, count: number, pace: { rate: number } | { loops: number }) {
    const sentAt = new Map<string, number>();
    let failures = 0;
    const one = async (index: number) => {
      const tag = `${prefix}-${index}`;
      sentAt.set(tag, performance.now());
      await sendMessage(
        world.base,
        senders[index % senders.length]!.cookie,
        chat.key,
        `${run}-${tag}`,
        `${tag} fan-out ${index}`,
      ).catch(() => void (failures += 1));
    };
    if ('rate' in pace) {
      const started = performance.now();
      const sends: Array<Promise<void>> = [];
      for (let index = 0; index < count; index++) {
        const wait = started + (index * 1000) / pace.rate - performance.now();
        if (wait > 0) await sleep(wait);
        sends.push(one(index));
      }
      await Promise.all(sends);
    } else {
      let next = 0;
      await Promise.all(
        Array.from({ length: pace.loops }, async () => {
          while (next < count) await one(next++);
        }),
      );
    }
    const deadline = performance.now() + 60_000;
    const tags = [...sentAt.keys()];
    const complete = () =>
      received.every((map) => (LIST ? map.has(tags.at(-1)!) : tags.every((tag) => map.has(tag))));
    while (!complete() && performance.now() < deadline) await sleep(50);
    await sleep(500); // anything arriving twice arrives now
    const latencies: number[] = [];
    let missing = 0;
    let duplicates = 0;
    let lastAt = 0;
    for (const map of received) {
      if (LIST) {
        // A list shows its last message: a message is seen with the first event showing it or a later one.
        let seen: number | undefined;
        for (const tag of [...tags].reverse()) {
          const first = map.get(tag)?.[0];
          if (first !== undefined && (seen === undefined || first < seen)) seen = first;
          if (seen === undefined) map.delete(tag);
          else map.set(tag, [seen]);
        }
      }
      for (const [tag, at] of sentAt) {
        const times = map.get(tag);
        if (!times) missing += 1;
        else {
          latencies.push(times[0]! - at);
          duplicates += times.length - 1;
          lastAt = Math.max(lastAt, times[0]!);
        }
      }
    }
    latencies.sort((a, b) => a - b);
    const firstSent = Math.min(...sentAt.values());
    return {
      latencies,
      missing,
      duplicates,
      failures,
      perSecond: latencies.length / ((lastAt - firstSent) / 1000),
    };
  }

  const before = await machine();
  const cpuBefore = await cpuReading(world.client, world.server.pid!, world.dbName);
  const clientBefore = process.cpuUsage();
  const steadyTicks = await machineTicks();
  const steady = await sendAll('steady', RATE * SECONDS, { rate: RATE });
  const steadyStolen = stolenShare(steadyTicks, await machineTicks());
  const cpuSteady = await cpuReading(world.client, world.server.pid!, world.dbName);
  const clientSteady = process.cpuUsage(clientBefore);
  // The benchmark's own clients share the cores: their CPU a delivery, beside the server's.
  const clientMicros = (usage: NodeJS.CpuUsage, deliveries: number) =>
    (usage.user + usage.system) / Math.max(1, deliveries);
  // The bursts, each followed by the bare server's (its clients connected beside Plaza's, idle
  // meanwhile): this machine's speed moves by 10-30% within a minute, so the two are compared
  // round by round and the table gives every round and the median of their ratios.
  const bare = await openBare(members.length);
  const rounds: Array<{
    burst: Awaited<ReturnType<typeof sendAll>>;
    cpu: ReturnType<typeof cpuPerRequest>;
    client: number;
    stolen: string;
    bare: BareBurst;
  }> = [];
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const cpuBefore = await cpuReading(world.client, world.server.pid!, world.dbName);
      const clientBeforeBurst = process.cpuUsage();
      const ticksBefore = await machineTicks();
      const burst = await sendAll(`burst${round}`, BURST, { loops: 4 });
      const stolen = stolenShare(ticksBefore, await machineTicks());
      const cpuAfter = await cpuReading(world.client, world.server.pid!, world.dbName);
      const client = process.cpuUsage(clientBeforeBurst);
      rounds.push({
        burst,
        cpu: cpuPerRequest(cpuBefore, cpuAfter, burst.latencies.length),
        client: clientMicros(client, burst.latencies.length),
        stolen,
        bare: await bare.burst(),
      });
    }
  } finally {
    bare.close();
  }
  const rssAfter = await residentMegabytes(world.server.pid!);
  for (const client of clients.splice(0)) await client.dispose();
  const after = await machine();
  const line = (
    name: string,
    result: typeof steady,
    cpu: ReturnType<typeof cpuPerRequest>,
    client: number,
    stolen: string,
  ) =>
    `| ${name} | ${result.latencies.length} | ${ms(percentile(result.latencies, 0.5))} / ${ms(percentile(result.latencies, 0.95))} / ${ms(percentile(result.latencies, 0.99))} | ${result.perSecond.toFixed(0)} | ${(cpu.process * 1000).toFixed(0)} / ${(cpu.database * 1000).toFixed(1)} / ${client.toFixed(0)} | ${result.failures} failed sends; ${result.missing} missing, ${result.duplicates} duplicate | ${stolen} |`;
  const roundLines = rounds.flatMap(({ burst, cpu, client, stolen, bare: baseline }, index) => [
    line(`burst ${index + 1} of ${BURST} messages, 4 sending loops`, burst, cpu, client, stolen),
    `| bare ws broadcast, burst ${index + 1} of ${BURST} to ${members.length} clients | ${BURST * members.length} | – | ${baseline.perSecond.toFixed(0)} (Plaza ${((100 * burst.perSecond) / baseline.perSecond).toFixed(0)}%) | ${baseline.serverMicros.toFixed(0)} / – / ${baseline.clientMicros.toFixed(0)} | all in ${baseline.seconds.toFixed(2)} s | ${baseline.stolen} |`,
  ]);
  const ratios = rounds.map(({ burst, bare: baseline }) => burst.perSecond / baseline.perSecond);
  console.log(`
${members.length} members live over graphql-ws (${CLIENT === 'raw' ? 'raw clients' : 'graphql-ws clients'}) in ${connectSeconds.toFixed(1)} s, each ${LIST ? "subscribed to myChatEvents with the web app's chat list fields" : `selecting ${FIELDS === 'text' ? 'message { text }' : "the web app's message fields"}`}, ${senders.length} sender(s); server RSS ${rssIdle.toFixed(0)} MB before, ${rssLive.toFixed(0)} MB connected, ${rssAfter.toFixed(0)} MB after

| Load | Deliveries | Send to receipt p50 / p95 / p99 (ms) | Deliveries per second | CPU µs a delivery, server / database / clients | Checks | Machine CPU stolen by the host |
|---|---|---|---|---|---|---|
${line(`${RATE} msg/s for ${SECONDS} s to ${members.length} members`, steady, cpuPerRequest(cpuBefore, cpuSteady, steady.latencies.length), clientMicros(clientSteady, steady.latencies.length), steadyStolen)}
${roundLines.join('\n')}

Plaza's bursts against bare ws, round by round: ${ratios.map((ratio) => `${(100 * ratio).toFixed(0)}%`).join(', ')}; median **${(100 * median(ratios)).toFixed(0)}%** (Plaza ${median(rounds.map((r) => r.burst.perSecond)).toFixed(0)}, bare ws ${median(rounds.map((r) => r.bare.perSecond)).toFixed(0)} deliveries a second; server CPU a delivery ${median(rounds.map((r) => r.cpu.process * 1000)).toFixed(1)} µs against ${median(rounds.map((r) => r.bare.serverMicros)).toFixed(1)})

${before.cores} cores, ${before.memoryGiB} GiB; load average before ${before.load}, after ${after.load}`);
  if (errors.length > 0) console.error('subscription errors:', JSON.stringify(errors.slice(0, 3)));
} finally {
  for (const client of clients) await client.dispose();
  await world.stop();
}
