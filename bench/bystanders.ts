/**
 * Bystanders (issue 11, decision 0029): what a message costs the server while many people it does
 * not concern hold the signed-in subscriptions every page keeps open. On the generated world
 * (`npm run bench:seed`): BENCH_IDLE (2,000) members of the fan-out group each subscribe over
 * graphql-ws to `myChatEvents` (the chat list) and `myActivityEvents` (the badge); then two people
 * outside that group send BENCH_MESSAGES (400) messages in their direct chat over HTTP, one after
 * the other. Prints the server's and its PostgreSQL backends' CPU per message, next to the same
 * messages with no one else connected: the difference is what the bystanders cost.
 * `npm run bench:bystanders`; BENCH_PORT (3460).
 */
import WebSocket from 'ws';
import { FANOUT_GROUP_KEY } from './seed.ts';
import { cpuPerRequest, cpuReading, machine } from './support/load.ts';
import { sleep } from './support/people.ts';
import { openSessions, type SessionPerson } from './support/sessions.ts';
import { sendMessage, startWorldServer, type WorldServer } from './support/world.ts';

const port = Number(process.env.BENCH_PORT ?? 3460);
const IDLE = Number(process.env.BENCH_IDLE ?? 2000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 400);

/** Sends `count` messages one after the other; the CPU per message and the seconds they took. */
async function sendAll(
  world: WorldServer,
  sender: SessionPerson,
  chatKey: string,
  count: number,
  tag: string,
) {
  const before = await cpuReading(world.client, world.server.pid!, world.dbName);
  const started = performance.now();
  for (let index = 0; index < count; index++)
    await sendMessage(world.base, sender.cookie, chatKey, `${tag}-${Date.now()}-${index}`, `${tag} ${index}`);
  const seconds = (performance.now() - started) / 1000;
  const after = await cpuReading(world.client, world.server.pid!, world.dbName);
  return { seconds, cpu: cpuPerRequest(before, after, count) };
}

/** A socket holding the chat list and the badge, as a signed-in page beside a conversation does. */
function bystander(world: WorldServer, person: SessionPerson, onReady: () => void): WebSocket {
  const socket = new WebSocket(`${world.base.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', {
    headers: { cookie: person.cookie, origin: world.base },
  });
  socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init' })));
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as {
      type: string;
      payload?: { data?: { myChatEvents?: { kind: string } } };
    };
    if (message.type === 'connection_ack') {
      const subscribe = (id: string, query: string) =>
        socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query } }));
      subscribe('list', 'subscription { myChatEvents { kind chatKey } }');
      subscribe('badge', 'subscription { myActivityEvents { kind unreadCount } }');
    } else if (message.type === 'next' && message.payload?.data?.myChatEvents?.kind === 'READY') onReady();
    else if (message.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
  });
  socket.on('error', (error) => console.error(`bystander socket: ${error.message}`));
  return socket;
}

const world = await startWorldServer(port);
const sockets: WebSocket[] = [];
try {
  const { rows: memberRows } = await world.client.query<{ user_id: number }>(
    `SELECT user_id FROM group_members m JOIN groups g ON g.id = m.group_id
     WHERE g.key = $1 AND m.status = 'member' ORDER BY user_id LIMIT $2`,
    [FANOUT_GROUP_KEY, IDLE],
  );
  // A direct chat of two people outside the group (its members are the first people).
  const { rows: chatRows } = await world.client.query<{ key: string; user_id: number }>(
    `SELECT c.key, min(cm.user_id) AS user_id FROM chats c JOIN chat_members cm ON cm.chat_id = c.id
     WHERE c.type = 'd' GROUP BY c.id, c.key HAVING min(cm.user_id) > $1 ORDER BY c.id LIMIT 1`,
    [Math.max(...memberRows.map((row) => row.user_id), 0)],
  );
  const chat = chatRows[0];
  if (!chat) throw new Error('no direct chat outside the fan-out group in the generated world');
  const [sender] = await openSessions(world.client, world.secret, [Number(chat.user_id)]);
  await sendAll(world, sender!, chat.key, 50, 'warm-up');
  const alone = await sendAll(world, sender!, chat.key, MESSAGES, 'alone');

  const members = await openSessions(
    world.client,
    world.secret,
    memberRows.map((row) => row.user_id),
  );
  let ready = 0;
  const opened = performance.now();
  for (const member of members) sockets.push(bystander(world, member, () => (ready += 1)));
  while (ready < members.length) {
    if (performance.now() - opened > 120_000)
      throw new Error(`${ready} of ${members.length} live after 120 s`);
    await sleep(100);
  }
  await sleep(1000);
  await sendAll(world, sender!, chat.key, 50, 'warm-up');
  const watched = await sendAll(world, sender!, chat.key, MESSAGES, 'watched');

  const { cores, memoryGiB, load } = await machine();
  const row = (label: string, run: typeof alone) =>
    `| ${label} | ${MESSAGES} in ${run.seconds.toFixed(1)} s | ${run.cpu.process.toFixed(2)} / ${run.cpu.database.toFixed(2)} |`;
  console.log(`
| Bystanders | Messages in a direct chat, one after the other | CPU per message, server / database (ms) |
|---|---|---|
${row('none connected', alone)}
${row(`${members.length} people holding the chat list and the badge`, watched)}

${cores} cores, ${memoryGiB} GiB; load average ${load}`);
} finally {
  for (const socket of sockets) socket.terminate();
  await world.stop();
}
