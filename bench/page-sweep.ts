/**
 * Every kind of page one at a time (issue 11: "stay fast as the data grows"): the server
 * (NODE_ENV=production) in its own process on the generated world of `npm run bench:seed`, and from
 * this process GETs of each page as a browser loads it (Accept: text/html, the loaders' GraphQL run
 * in process), signed in as the world's people and, for the public pages, signed out.
 * BENCH_PAGES (20) pages of each kind. Prints, per kind: the wall time a page and, when PostgreSQL
 * loads pg_stat_statements (bench/support/statement-times.ts says how), its time a page (execution
 * and planning) and the costliest statement. The six main queries of bench/queries.ts miss pages
 * like these: this found `/explore` at 2.1 s and the friends page at 18.5 s a visit on the
 * generated world (bench/README.md, seventh 2026-12-06 session). `npm run bench:page-sweep`.
 */
import { startWorldServer } from './support/world.ts';
import { openSessions } from './support/sessions.ts';
import { readStatementTimes, resetStatementTimes } from './support/statement-times.ts';

const PAGES = Number(process.env.BENCH_PAGES ?? 20);
if (!Number.isInteger(PAGES) || PAGES < 1)
  throw new Error(`BENCH_PAGES must be a count, not ${process.env.BENCH_PAGES}`);

const world = await startWorldServer(Number(process.env.BENCH_PORT ?? 3487));
try {
  const client = world.client;
  const { rows: people } = await client.query<{ id: number; username: string }>(
    `SELECT id, username FROM users WHERE key LIKE 'bench%' AND id % 500 = 7 ORDER BY id LIMIT 40`,
  );
  const sessions = await openSessions(
    client,
    world.secret,
    people.map((person) => person.id),
  );
  const { rows: groups } = await client.query<{ slug: string; key: string }>(
    `SELECT slug, key FROM groups WHERE view_mask & 1 = 1 ORDER BY id LIMIT 40`,
  );
  const { rows: plans } = await client.query<{ slug: string; key: string }>(
    `SELECT slug, key FROM plans WHERE key LIKE 'bp%' AND view_mask & 1 = 1 AND starts_at > now() ORDER BY id LIMIT 40`,
  );
  const { rows: chats } = await client.query<{ user_id: number; key: string }>(
    `SELECT DISTINCT ON (m.user_id) m.user_id, c.key FROM chat_members m JOIN chats c ON c.id = m.chat_id
     WHERE m.user_id = ANY($1) ORDER BY m.user_id, c.last_seq DESC`,
    [people.map((person) => person.id)],
  );
  const nth = <T>(list: T[], index: number) => list[index % list.length]!;
  /** Each kind of page, and whether a signed-out visitor sees it too. */
  const kinds: Array<{ name: string; path: (index: number) => string; public: boolean }> = [
    { name: 'home', path: () => '/', public: true },
    { name: 'explore', path: () => '/explore', public: true },
    { name: 'plan', path: (i) => `/${nth(plans, i).slug}/${nth(plans, i).key}`, public: true },
    { name: 'group', path: (i) => `/group/${nth(groups, i).slug}/${nth(groups, i).key}`, public: true },
    { name: 'profile', path: (i) => `/${nth(people, i + 1).username}`, public: true },
    { name: 'activity', path: () => '/profile/activity', public: false },
    { name: 'friends', path: () => '/profile/friends', public: false },
    { name: 'chats', path: () => '/chat', public: false },
    {
      name: 'chat room',
      path: (i) => `/chat/${chats.find((chat) => chat.user_id === nth(people, i).id)?.key ?? chats[0]!.key}`,
      public: false,
    },
  ];
  let statements = true;
  try {
    await resetStatementTimes(client);
  } catch (error) {
    statements = false;
    console.log(`(no database times: ${(error as Error).message})`);
  }
  console.log(
    '| Page | Who | Wall a page (ms) | PostgreSQL a page, its 12 costliest statements (ms) | Costliest statement a page (ms, runs) |\n|---|---|---|---|---|',
  );
  for (const kind of kinds) {
    for (const signedIn of kind.public ? [true, false] : [true]) {
      if (statements) await resetStatementTimes(client);
      const started = performance.now();
      for (let index = 0; index < PAGES; index++) {
        const answer = await fetch(world.base + kind.path(index), {
          headers: { accept: 'text/html', ...(signedIn ? { cookie: nth(sessions, index).cookie } : {}) },
          redirect: 'manual',
        });
        await answer.arrayBuffer();
        if (answer.status >= 400) throw new Error(`${kind.path(index)}: ${answer.status}`);
      }
      const wall = (performance.now() - started) / PAGES;
      let database = '–';
      let costliest = '–';
      if (statements) {
        const times = await readStatementTimes(client, world.dbName, PAGES);
        const all = times.reduce((sum, time) => sum + time.msPerRequest + time.planMsPerRequest, 0);
        database = all.toFixed(1);
        const top = times[0];
        if (top)
          costliest = `${(top.msPerRequest + top.planMsPerRequest).toFixed(1)} (×${top.perRequest.toFixed(1)}): \`${top.text.slice(0, 60)}\``;
      }
      console.log(
        `| ${kind.name} | ${signedIn ? 'signed in' : 'signed out'} | ${wall.toFixed(1)} | ${database} | ${costliest} |`,
      );
    }
  }
} finally {
  await world.stop();
}
