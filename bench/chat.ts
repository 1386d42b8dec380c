/**
 * The chat under load, from a second process on loopback, against one server on its embedded
 * defaults (PGlite, demo world):
 *
 * 1. sendMessage over HTTP: BENCH_CHAT_MESSAGES (3000) messages into a direct message, one at a
 *    time, then as many into a second one from 8 loops; messages per second, latency percentiles,
 *    failures and the server's resident memory after each.
 * 2. Real-time fan-out: BENCH_CHAT_SUBSCRIBERS (50) members of a group subscribe to chatEvents over
 *    graphql-ws; 200 messages are sent at a steady pace; send-to-receive latency over every
 *    receiver, and whether each receiver got every message once, in order.
 * 3. The conversation in Chromium: the first direct message opened signed in, older pages loaded
 *    until the beginning shows; time, rendered message rows (the list is virtualised), JS heap, and
 *    the frame times of one scroll from bottom to top.
 *
 * `npm run bench:chat`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.ts';
import {
  logLine,
  requireFreePort,
  residentMegabytes,
  spawnServer,
  stopServer,
  waitHealthy,
} from './support/server.ts';
import { benchPeople, ms, percentile, sleep, type Person } from './support/people.ts';

const port = Number(process.env.BENCH_PORT ?? 3302);
const base = `http://127.0.0.1:${port}`;
const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const SUBSCRIBERS = Number(process.env.BENCH_CHAT_SUBSCRIBERS ?? 50);
const FANOUT_MESSAGES = 200;
const FANOUT_EVERY_MS = Number(process.env.BENCH_CHAT_EVERY_MS ?? 50);
const SCROLL_STEPS = 20;

const WORDS =
  'who is up for the sintra loop on sunday bring water and snacks we meet at the station at nine then walk up to the castle and back down through the forest'.split(
    ' ',
  );

await requireFreePort(port);
const dataDir = await mkdtemp(path.join(tmpdir(), 'plaza-bench-chat-'));
const outbox = path.join(dataDir, 'outbox');
const { headersOf, graphql, signUp, wsClient } = benchPeople(base, outbox);

async function openDirectChat(from: Person, to: Person): Promise<string> {
  const { openDirectChat } = await graphql<{ openDirectChat: { key: string } }>(
    from,
    'mutation ($u: Int!) { openDirectChat(userId: $u) { key } }',
    { u: to.id },
  );
  return openDirectChat.key;
}

const SEND =
  'mutation ($c: String!, $id: String!, $t: String!) { sendMessage(chatKey: $c, clientId: $id, text: $t) { key seq } }';

/** One sendMessage; true when the server answered the stored message. */
async function send(person: Person, chatKey: string, clientId: string, text: string): Promise<boolean> {
  try {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: headersOf(person),
      body: JSON.stringify({ query: SEND, variables: { c: chatKey, id: clientId, t: text } }),
    });
    const json = (await response.json()) as { data?: { sendMessage?: { key?: string } }; errors?: unknown };
    if (response.status !== 200 || json.errors || !json.data?.sendMessage?.key) {
      if (failuresShown++ < 3)
        console.error(`sendMessage failed: ${response.status} ${JSON.stringify(json)}`);
      return false;
    }
    return true;
  } catch (error) {
    if (failuresShown++ < 3) console.error('sendMessage failed:', error);
    return false;
  }
}
let failuresShown = 0;

function messageText(index: number): string {
  const words = WORDS.slice(index % 11, (index % 11) + 3 + (index % 19));
  return `Message ${index}: ${words.join(' ')}`;
}

const rows: string[] = [];
function row(...cells: Array<string | number>) {
  const line = `| ${cells.join(' | ')} |`;
  rows.push(line);
  console.log(line);
}

/** MESSAGES messages into `chatKey` from `loops` loops, the two people taking turns. */
async function sendLoad(
  name: string,
  chatKey: string,
  senders: [Person, Person],
  loops: number,
  pid: number,
): Promise<void> {
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: loops }, async () => {
      for (let index = next++; index < MESSAGES; index = next++) {
        const begun = performance.now();
        const ok = await send(senders[index % 2]!, chatKey, `bench-${index}`, messageText(index));
        latencies.push(performance.now() - begun);
        if (!ok) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  row(
    name,
    `${(MESSAGES / seconds).toFixed(0)} msg/s`,
    `${ms(percentile(latencies, 0.5))} / ${ms(percentile(latencies, 0.95))} / ${ms(percentile(latencies, 0.99))} ms`,
    `${failures} failed`,
    `${(await residentMegabytes(pid)).toFixed(0)} MB`,
  );
}

interface ChatEventData {
  chatEvents: { kind: string; cursor: number; message: { text: string } };
}

async function fanOut(owner: Person, members: Person[], pid: number): Promise<void> {
  const { createGroup } = await graphql<{ createGroup: { id: string; chatKey: string } }>(
    owner,
    'mutation ($g: GroupInput!) { createGroup(group: $g) { id chatKey } }',
    { g: { title: 'Bench fan-out', isPublic: true } },
  );
  for (const member of members) {
    await graphql(member, 'mutation ($id: ID!) { joinGroup(id: $id) { id } }', { id: createGroup.id });
  }
  const chatKey = createGroup.chatKey;
  const { chat } = await graphql<{ chat: { lastRev: number } }>(
    owner,
    'query ($k: String!) { chat(key: $k) { lastRev } }',
    { k: chatKey },
  );

  const receivers = [owner, ...members];
  const received = receivers.map(() => [] as Array<{ index: number; at: number; cursor: number }>);
  const warmedUp = receivers.map(() => false);
  const errors: unknown[] = [];
  const clients = receivers.map((person, r) => {
    const client = wsClient(person);
    client.subscribe<ChatEventData>(
      {
        query:
          'subscription ($k: String!, $after: Int) { chatEvents(key: $k, afterRev: $after) { kind cursor message { text } } }',
        variables: { k: chatKey, after: chat.lastRev },
      },
      {
        next: (result) => {
          const at = performance.now();
          const event = result.data?.chatEvents;
          if (!event) return void errors.push(result.errors);
          if (event.message.text === 'warm-up') warmedUp[r] = true;
          const index = /^fan-(\d+) /.exec(event.message.text)?.[1];
          if (event.kind === 'NEW' && index !== undefined)
            received[r]!.push({ index: Number(index), at, cursor: event.cursor });
        },
        error: (error) => errors.push(error),
        complete: () => {},
      },
    );
    return client;
  });
  try {
    // Every subscription live: a first message reaches everyone.
    const subscribeStarted = performance.now();
    await send(owner, chatKey, 'warm-up', 'warm-up');
    while (!warmedUp.every(Boolean)) {
      if (performance.now() - subscribeStarted > 60_000)
        throw new Error(
          `only ${warmedUp.filter(Boolean).length} of ${receivers.length} subscribers live after 60 s: ${JSON.stringify(errors.slice(0, 3))}`,
        );
      await sleep(20);
    }
    console.log(
      `${receivers.length} subscribers live ${((performance.now() - subscribeStarted) / 1000).toFixed(1)} s after subscribing`,
    );

    const sentAt: number[] = [];
    const sends: Array<Promise<boolean>> = [];
    const started = performance.now();
    for (let index = 0; index < FANOUT_MESSAGES; index++) {
      const due = started + index * FANOUT_EVERY_MS;
      if (due > performance.now()) await sleep(due - performance.now());
      sentAt[index] = performance.now();
      sends.push(send(owner, chatKey, `fan-${index}`, `fan-${index} ${messageText(index)}`));
    }
    const sendFailures = (await Promise.all(sends)).filter((ok) => !ok).length;
    const deadline = performance.now() + 30_000;
    while (received.some((list) => list.length < FANOUT_MESSAGES) && performance.now() < deadline)
      await sleep(50);
    await sleep(500); // anything arriving twice arrives now

    const latencies: number[] = [];
    let missing = 0;
    let duplicates = 0;
    let outOfOrder = 0;
    for (const list of received) {
      const seen = new Set<number>();
      let previousCursor = -1;
      for (const { index, at, cursor } of list) {
        if (seen.has(index)) duplicates++;
        else latencies.push(at - sentAt[index]!);
        seen.add(index);
        if (cursor <= previousCursor) outOfOrder++;
        previousCursor = cursor;
      }
      missing += FANOUT_MESSAGES - seen.size;
    }
    latencies.sort((a, b) => a - b);
    const lastArrival =
      Math.max(...received.flatMap((list) => list.map(({ at }) => at))) - sentAt[FANOUT_MESSAGES - 1]!;
    row(
      `fan-out: ${FANOUT_MESSAGES} messages, 1 per ${FANOUT_EVERY_MS} ms, ${receivers.length} subscribers (graphql-ws)`,
      `${latencies.length} deliveries`,
      `${ms(percentile(latencies, 0.5))} / ${ms(percentile(latencies, 0.95))} / ${ms(percentile(latencies, 0.99))} ms (max ${ms(latencies.at(-1) ?? Number.NaN)})`,
      `${sendFailures} failed; missing ${missing}, duplicate ${duplicates}, out of order ${outOfOrder}; last arrived ${ms(lastArrival)} ms after the last send`,
      `${(await residentMegabytes(pid)).toFixed(0)} MB`,
    );
    if (errors.length > 0) console.error('subscription errors:', JSON.stringify(errors.slice(0, 3)));
  } finally {
    await Promise.all(clients.map((client) => client.dispose()));
  }
}

async function browserList(person: Person, chatKey: string, pid: number): Promise<void> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs, '--enable-precise-memory-info', '--js-flags=--expose-gc'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const [name, value] = person.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: base, httpOnly: true, sameSite: 'Lax' }]);
    const page = await context.newPage();
    const log = page.locator('[role="log"][aria-label^="Messages in "]');
    const started = performance.now();
    await page.goto(`${base}/chat/d/${chatKey}`);
    await log.locator('[data-message-key]').first().waitFor();
    const firstRows = performance.now() - started;
    let rounds = 0;
    let stalls = 0;
    let slowest = 0;
    for (; ; rounds++) {
      const roundStarted = performance.now();
      if (rounds > 1000) throw new Error('the beginning of the conversation never showed');
      // Scrolling to the top loads the page before; the button is there too, clicked if a load
      // did not start by itself.
      const state = await log.evaluate(async (element: HTMLElement) => {
        const before = element.scrollHeight;
        element.scrollTop = 0;
        const since = performance.now();
        while (performance.now() - since < 20_000) {
          await new Promise((resolve) => requestAnimationFrame(resolve));
          if (element.textContent?.includes('This is the beginning of the conversation.')) return 'start';
          if (element.scrollHeight > before) return 'more';
          const button = [...element.querySelectorAll('button')].find(
            (b) => b.textContent === 'Load older messages' && !b.disabled,
          );
          if (button && performance.now() - since > 500) button.click();
        }
        const buttons = [...element.querySelectorAll('button')].map((b) => `${b.textContent} ${b.disabled}`);
        const keys = [...element.querySelectorAll('[data-message-key]')].map((m) =>
          m.textContent?.slice(0, 40),
        );
        return `stuck at scrollTop ${element.scrollTop} of ${element.scrollHeight}; buttons ${JSON.stringify(buttons)}; rows ${JSON.stringify(keys.slice(0, 3))}`;
      });
      slowest = Math.max(slowest, performance.now() - roundStarted);
      if (state === 'start') break;
      if (state !== 'more') {
        console.error(`loading older messages, round ${rounds}: ${state}`);
        if (++stalls > 3) throw new Error('loading older messages stalled 4 times');
      }
    }
    const loadAll = performance.now() - started;
    const firstShown = await log.getByText(/^Message 0: /).count();
    if (firstShown === 0) throw new Error('the beginning showed without the first message');
    const heap = await page.evaluate(() => {
      const memory = (performance as unknown as { memory: { usedJSHeapSize: number } }).memory;
      const used = memory.usedJSHeapSize;
      (globalThis as unknown as { gc?: () => void }).gc?.();
      return { used, afterGc: memory.usedJSHeapSize };
    });
    const rendered = await page.locator('[data-message-key]').count();

    const scroll = await log.evaluate(async (element: HTMLElement, steps: number) => {
      const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
      element.scrollTop = element.scrollHeight;
      await frame();
      await frame();
      const bottom = element.scrollTop;
      const frames: number[] = [];
      let last = await frame();
      const begun = last;
      for (let step = 1; step <= steps; step++) {
        element.scrollTop = bottom * (1 - step / steps);
        const now = await frame();
        frames.push(now - last);
        last = now;
      }
      // The frame after the last step: the rows at the top drawn.
      const end = await frame();
      frames.push(end - last);
      const topAfterSteps = Math.round(element.scrollTop);
      // The list may move the view as rows above get measured: settle at the top.
      let settle = 0;
      while (element.scrollTop > 0 && settle < 60) {
        element.scrollTop = 0;
        await frame();
        settle++;
      }
      return { frames, total: end - begun, topAfterSteps, settle };
    }, SCROLL_STEPS);
    const renderedAfterScroll = await page.locator('[data-message-key]').count();
    const average = scroll.frames.reduce((sum, frame) => sum + frame, 0) / scroll.frames.length;
    row(
      `browser: /chat/d/… with ${MESSAGES} messages, older pages loaded to the beginning`,
      `${(loadAll / 1000).toFixed(1)} s (${rounds} loads, slowest ${(slowest / 1000).toFixed(1)} s, ${stalls} stalled; first rows ${(firstRows / 1000).toFixed(1)} s)`,
      `${rendered} rows in the DOM (${renderedAfterScroll} after the scroll)`,
      `JS heap ${(heap.used / 1048576).toFixed(1)} MB (${(heap.afterGc / 1048576).toFixed(1)} MB after GC)`,
      `${(await residentMegabytes(pid)).toFixed(0)} MB`,
    );
    row(
      `browser: one scroll bottom to top in ${SCROLL_STEPS} steps, one per frame`,
      `${scroll.total.toFixed(0)} ms`,
      `frame ${average.toFixed(1)} ms average, ${Math.max(...scroll.frames).toFixed(1)} ms longest`,
      `${scroll.topAfterSteps} px from the top after the last step; ${scroll.settle} more frames to stay at the top`,
      '',
    );
  } finally {
    await browser.close();
  }
}

const server = spawnServer({
  port,
  dataDir,
  stdout: 'pipe',
  env: {
    NODE_ENV: 'production',
    PLAZA_CITIES_MIN_POPULATION: '100000',
    LOG_LEVEL: 'info',
    PUBLIC_URL: base,
    // Every person signs in from an address of their own (X-Forwarded-For): codes are limited per address.
    TRUST_PROXY: '1',
  },
});
// The store runs one query at a time: figures taken while the city data set loads measure the load.
const citiesLoaded = logLine(server, 'city data set loaded');
try {
  await waitHealthy(port, { server });
  const loadStarted = performance.now();
  await Promise.race([
    citiesLoaded,
    sleep(300_000).then(() => {
      throw new Error('cities did not load in 5 minutes');
    }),
  ]);
  console.log(
    `city data set loaded in the background in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s after start`,
  );
  const pid = server.pid!;
  const [ana, ben, cy] = [await signUp('ana'), await signUp('ben'), await signUp('cy')] as [
    Person,
    Person,
    Person,
  ];
  const firstChat = await openDirectChat(ana, ben);
  const secondChat = await openDirectChat(ana, cy);
  console.log(`server RSS before load: ${(await residentMegabytes(pid)).toFixed(0)} MB\n`);
  console.log('| load | rate / time | p50 / p95 / p99 | failures, rows, heap | server RSS after |');
  console.log('|---|---|---|---|---|');
  rows.push(
    '| load | rate / time | p50 / p95 / p99 | failures, rows, heap | server RSS after |',
    '|---|---|---|---|---|',
  );
  await sendLoad(`sendMessage, ${MESSAGES} into one DM, 1 loop`, firstChat, [ana, ben], 1, pid);
  await sendLoad(
    `sendMessage, ${MESSAGES} into another DM, ${CONCURRENCY} loops`,
    secondChat,
    [ana, cy],
    CONCURRENCY,
    pid,
  );

  const members: Person[] = [];
  for (let index = 1; index < SUBSCRIBERS; index++) members.push(await signUp(`m${index}`));
  await fanOut(ana, members, pid);

  await browserList(ana, firstChat, pid);
  console.log(`\n${rows.join('\n')}`);
} finally {
  await stopServer(server);
  await rm(dataDir, { recursive: true, force: true });
}
