/**
 * The generated world of issue 11: a scratch PostgreSQL database (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/plaza_bench; made when missing, migrated by the server's own
 * migrator) filled by set-based SQL, in one transaction, with
 *  - BENCH_SEED_PEOPLE (100,000) people with profiles, spread over eight cities, and a friend graph
 *    (follows both ways): each person asks 1 + 80·u³ others (mean ~21), drawn towards the first
 *    people (u²), so a few have thousands of friends and most a dozen or two;
 *  - BENCH_SEED_GROUPS (10,000) groups (one in ten private) with 2 + 400·u⁴ members (mean ~80); the
 *    first, `bg000000001`, has exactly the first 2,000 people (the fan-out benchmark's group);
 *  - BENCH_SEED_PLANS (50,000) plans from six months ago to six months ahead (one in ten private,
 *    one in five in a group) with 1 + 150·u⁴ answers each;
 *  - a chat per group and per plan, a direct message for one friend pair in ten, and
 *    BENCH_SEED_MESSAGES (2,000,000) messages spread over them by a power law (most chats a message
 *    or two, the busiest ~2,000), numbered per chat
 *    (seq = rev = created_rev = 1..n, the chat's last_seq = last_rev = n, as sends leave them);
 *  - the cities of the place data set a server loads by default (PLAZA_CITIES_MIN_POPULATION,
 *    112,320 cities): explore near a point and people's places look the nearest one up there.
 * `u` is a hash of the row number (hashint8), so the same settings give the same world. A database
 * that already holds the world is left alone (its counts are printed). `npm run bench:seed`.
 */
import pg from 'pg';
import { defaultGroupAccessLevels } from '@plaza/core/group-roles';
import { defaultPlanAccessLevels } from '@plaza/core/plan-access';
import { DEFAULT_CITIES_MIN_POPULATION } from '../apps/server/src/config.ts';
import { openStore } from '../apps/server/src/db/client.ts';
import { loadCities } from '../apps/server/src/domains/places/load-cities.ts';

export const benchDatabaseUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/plaza_bench';
const PEOPLE = Number(process.env.BENCH_SEED_PEOPLE ?? 100_000);
const GROUPS = Number(process.env.BENCH_SEED_GROUPS ?? 10_000);
const PLANS = Number(process.env.BENCH_SEED_PLANS ?? 50_000);
const MESSAGES = Number(process.env.BENCH_SEED_MESSAGES ?? 2_000_000);
/** Members of the first group, every one of them a subscriber in bench/fanout.ts. */
export const FANOUT_GROUP_KEY = 'bg000000001';
export const FANOUT_MEMBERS = 2_000;

const FIRST = ['Ana', 'Ben', 'Carla', 'Diego', 'Elena', 'Farah', 'Gustavo', 'Hana', 'Igor', 'Joana'];
const LAST = ['Silva', 'Costa', 'Okafor', 'Müller', 'Tanaka', 'Dubois', 'Rossi', 'Novak', 'Haddad'];
const HOBBIES = ['trail running', 'board games', 'sketching', 'climbing', 'jazz', 'cooking', 'cycling'];
const ACTIVITIES = [
  'picnic',
  'hike',
  'river run',
  'book club',
  'pottery class',
  'salsa night',
  'chess meetup',
];
const ADJECTIVES = ['Sunday', 'Evening', 'Morning', 'Weekend', 'Friday', 'Easy', 'Big', 'Cozy'];
const LINES = [
  'See you there!',
  'Running ten minutes late, sorry',
  'Who is bringing the snacks?',
  'That was great, same time next week?',
  'I can give two people a ride from the station',
  'Is it still on if it rains?',
  'ok',
  'Haha yes',
  'Sent you the photos',
  'Where exactly do we meet? The map pin looks off to me',
];
export const CITIES: Array<[string, number, number]> = [
  ['Lisbon', 38.7223, -9.1393],
  ['Berlin', 52.52, 13.405],
  ['Paris', 48.8566, 2.3522],
  ['Madrid', 40.4168, -3.7038],
  ['Porto', 41.1579, -8.6291],
  ['Rome', 41.9028, 12.4964],
  ['Vienna', 48.2082, 16.3738],
  ['Prague', 50.0755, 14.4378],
];

const textArray = (values: readonly string[]) =>
  `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`;
const pick = (values: readonly string[], index: string) =>
  `(${textArray(values)})[1 + (${index}) % ${values.length}]`;
const cities = `(SELECT * FROM unnest(${textArray(CITIES.map((c) => c[0]))},
  ARRAY[${CITIES.map((c) => c[1]).join(',')}]::float8[], ARRAY[${CITIES.map((c) => c[2]).join(',')}]::float8[])
  WITH ORDINALITY AS x(name, lat, lon, n))`;

/** The counts the world is made of, read back from the database. */
async function counts(client: pg.Client): Promise<Record<string, number>> {
  const { rows } = await client.query<Record<string, string>>(`SELECT
    (SELECT count(*) FROM users WHERE key LIKE 'bench%') AS people,
    (SELECT count(*) FROM follows) AS follows,
    (SELECT count(*) FROM groups WHERE key LIKE 'bg%') AS groups,
    (SELECT count(*) FROM group_members) AS group_members,
    (SELECT count(*) FROM plans WHERE key LIKE 'bp%') AS plans,
    (SELECT count(*) FROM plan_responses) AS plan_answers,
    (SELECT count(*) FROM chats) AS chats,
    (SELECT count(*) FROM chat_members) AS chat_members,
    (SELECT count(*) FROM messages) AS messages,
    (SELECT count(*) FROM places WHERE kind = 'city') AS cities`);
  return Object.fromEntries(Object.entries(rows[0]!).map(([k, v]) => [k, Number(v)]));
}

async function ensureDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name: ${name}`);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!rowCount) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
}

async function fill(client: pg.Client): Promise<void> {
  const step = async (label: string, statement: string) => {
    const started = performance.now();
    const result = await client.query(statement);
    console.log(
      `  ${label}: ${result.rowCount ?? ''} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  };
  const publicPlan = defaultPlanAccessLevels({ isPublic: true, inGroup: false });
  const privatePlan = defaultPlanAccessLevels({ isPublic: false, inGroup: false });
  const groupPlan = defaultPlanAccessLevels({ isPublic: true, inGroup: true });
  const publicGroup = defaultGroupAccessLevels(true);
  const privateGroup = defaultGroupAccessLevels(false);

  await client.query('BEGIN');
  await client.query(`SET LOCAL synchronous_commit = off`);
  await client.query(`SET LOCAL work_mem = '256MB'`);
  // A uniform number in [0, 1) from an integer: the same world each time.
  await client.query(`CREATE FUNCTION pg_temp.u(bigint) RETURNS float8 IMMUTABLE LANGUAGE sql
    AS $$ SELECT (hashint8($1) & 2147483647)::float8 / 2147483648 $$`);

  await step(
    'people',
    `INSERT INTO users (key, username, first, last, bio, email, email_verified, is_public, onboarded_at,
      location_city, latitude_e6, longitude_e6, created_at, updated_at)
    SELECT 'bench' || lpad(g::text, 9, '0'), 'bench_' || g, ${pick(FIRST, 'g')}, ${pick(LAST, 'g / 7')},
      'Into ' || ${pick(HOBBIES, 'g')} || ' and ' || ${pick(HOBBIES, 'g / 3')},
      'bench' || g || '@example.org', true, g % 10 <> 0, now() - (g % 365) * interval '1 day',
      c.name, round((c.lat + (pg_temp.u(g) - 0.5) / 10) * 1e6)::int, round((c.lon + (pg_temp.u(-g) - 0.5) / 10) * 1e6)::int,
      now() - (g % 365) * interval '1 day', now() - (g % 30) * interval '1 day'
    FROM generate_series(1, ${PEOPLE}) g JOIN ${cities} c ON c.n = 1 + g % ${CITIES.length}
    ORDER BY g`,
  );
  const { rows } = await client.query<{ first: number; last: number }>(
    `SELECT min(id) AS first, max(id) AS last FROM users WHERE key LIKE 'bench%'`,
  );
  const first = Number(rows[0]!.first);
  if (Number(rows[0]!.last) - first + 1 !== PEOPLE) throw new Error('people ids are not consecutive');
  // Person number g (1-based) has id first + g - 1.
  const person = (g: string) => `(${first - 1} + (${g}))`;

  await step(
    'friend pairs',
    `CREATE TEMP TABLE pairs ON COMMIT DROP AS
    SELECT DISTINCT least(a, b) AS a, greatest(a, b) AS b FROM (
      SELECT ${person('g')} AS a,
        ${person(`1 + floor(${PEOPLE} * power(pg_temp.u(g::bigint * 1000 + k), 2))::int`)} AS b
      FROM generate_series(1, ${PEOPLE}) g
      CROSS JOIN LATERAL generate_series(1, 1 + floor(80 * power(pg_temp.u(g), 3))::int) k
    ) e WHERE a <> b`,
  );
  // Foreign keys are not checked row by row for follows, answers, chat members and messages (the
  // replica role turns off every trigger, the foreign keys' own too): every id comes from rows this
  // transaction just wrote. Group members, whose triggers keep the groups' member counts (decision
  // 0045), are written with the role back to origin; what the follows' and the answers' triggers
  // keep (each person's follower count, decision 0051; each plan's answer counts, decision 0049) is
  // counted once after them instead.
  const foreignKeyChecks = (on: boolean) =>
    client.query(`SET LOCAL session_replication_role = ${on ? 'origin' : 'replica'}`);
  await foreignKeyChecks(false);
  await step(
    'follows (both ways)',
    `INSERT INTO follows (user_id, target_id, status, created_at)
    SELECT a, b, 'FOLLOWING', now() - ((a + b) % 700) * interval '1 day' FROM pairs
    UNION ALL SELECT b, a, 'FOLLOWING', now() - ((a + b) % 700) * interval '1 day' FROM pairs`,
  );
  await step(
    'follower counts',
    `UPDATE users u SET follower_count = c.n
    FROM (SELECT target_id, count(*) AS n FROM follows WHERE status = 'FOLLOWING' GROUP BY target_id) c
    WHERE u.id = c.target_id`,
  );

  await foreignKeyChecks(true);
  await step(
    'groups',
    `INSERT INTO groups (key, slug, title, description, creator_id, is_public, explore_status, city,
      location_name, latitude_e6, longitude_e6, view_mask, join_mask, hashtags, created_at, updated_at)
    SELECT 'bg' || lpad(g::text, 9, '0'), 'bench-group-' || g, c.name || ' ' || ${pick(HOBBIES, 'g')} || ' club',
      'We meet for ' || ${pick(ACTIVITIES, 'g / 8')} || ' most weeks.',
      CASE WHEN g = 1 THEN ${person('1')} ELSE ${person(`1 + (g::bigint * 7919) % ${PEOPLE}`)} END,
      g = 1 OR g % 10 <> 0, CASE WHEN g % 50 = 0 THEN 'DISABLED' ELSE 'ENABLED' END, c.name, c.name || ' centre',
      round((c.lat + (pg_temp.u(g + 7) - 0.5) / 10) * 1e6)::int, round((c.lon + (pg_temp.u(g + 9) - 0.5) / 10) * 1e6)::int,
      CASE WHEN g = 1 OR g % 10 <> 0 THEN ${publicGroup.view} ELSE ${privateGroup.view} END,
      CASE WHEN g = 1 OR g % 10 <> 0 THEN ${publicGroup.join} ELSE ${privateGroup.join} END,
      ARRAY[${pick(['hiking', 'music', 'food', 'games', 'art', 'sport'], 'g')}],
      now() - (g % 700) * interval '1 day', now() - (g % 30) * interval '1 day'
    FROM generate_series(1, ${GROUPS}) g JOIN ${cities} c ON c.n = 1 + g % ${CITIES.length}
    ORDER BY g`,
  );
  await step(
    'group members',
    `INSERT INTO group_members (group_id, user_id, role, joined_at)
    SELECT gr.id, gr.creator_id, 'owner', gr.created_at FROM groups gr WHERE gr.key LIKE 'bg%'
    UNION ALL
    SELECT gr.id, ${person('k')}, 'member', now() - (k % 300) * interval '1 day'
    FROM groups gr CROSS JOIN generate_series(2, ${FANOUT_MEMBERS}) k WHERE gr.key = '${FANOUT_GROUP_KEY}'
    ON CONFLICT DO NOTHING`,
  );
  await client.query(`INSERT INTO group_members (group_id, user_id, role, joined_at)
    SELECT gr.id, ${person(`1 + floor(${PEOPLE} * pg_temp.u(gr.id::bigint * 100000 + k))::int`)}, 'member',
      now() - (k % 300) * interval '1 day'
    FROM groups gr CROSS JOIN LATERAL generate_series(1, 1 + floor(400 * power(pg_temp.u(gr.id + 77), 4))::int) k
    WHERE gr.key LIKE 'bg%' AND gr.key <> '${FANOUT_GROUP_KEY}'
    ON CONFLICT DO NOTHING`);

  await foreignKeyChecks(true);
  await step(
    'plans',
    `INSERT INTO plans (key, slug, title, description, creator_id, group_id, starts_at, ends_at, timezone, city,
      location_name, latitude_e6, longitude_e6, view_mask, modify_mask, share_mask, hashtags, created_at, updated_at)
    SELECT 'bp' || lpad(g::text, 9, '0'), 'bench-plan-' || g,
      ${pick(ADJECTIVES, 'g')} || ' ' || ${pick(ACTIVITIES, 'g / 8')},
      'Come along: ' || ${pick(ACTIVITIES, 'g / 8')} || ' for everyone, all levels welcome.',
      coalesce(gr.creator_id, ${person(`1 + (g::bigint * 104729) % ${PEOPLE}`)}), gr.id,
      date_trunc('hour', now()) + ((g % 360) - 180) * interval '1 day' + (g % 12) * interval '1 hour',
      date_trunc('hour', now()) + ((g % 360) - 180) * interval '1 day' + (g % 12 + 2) * interval '1 hour',
      'UTC', c.name, c.name || ' park', round((c.lat + (pg_temp.u(g + 3) - 0.5) / 10) * 1e6)::int,
      round((c.lon + (pg_temp.u(g + 5) - 0.5) / 10) * 1e6)::int,
      CASE WHEN gr.id IS NOT NULL THEN ${groupPlan.view} WHEN g % 10 = 0 THEN ${privatePlan.view} ELSE ${publicPlan.view} END,
      ${publicPlan.modify},
      CASE WHEN gr.id IS NOT NULL THEN ${groupPlan.share} WHEN g % 10 = 0 THEN ${privatePlan.share} ELSE ${publicPlan.share} END,
      ARRAY[${pick(['hiking', 'music', 'food', 'games', 'art', 'sport'], 'g / 3')}],
      now() - (g % 200) * interval '1 day', now() - (g % 30) * interval '1 day'
    FROM generate_series(1, ${PLANS}) g JOIN ${cities} c ON c.n = 1 + g % ${CITIES.length}
    LEFT JOIN groups gr ON g % 5 = 0 AND gr.key = 'bg' || lpad((1 + (g / 5) % ${GROUPS})::text, 9, '0')
    ORDER BY g`,
  );
  await foreignKeyChecks(false);
  await step(
    'plan answers',
    `INSERT INTO plan_responses (plan_id, user_id, response, invited, updated_at)
    SELECT p.id, p.creator_id, 'ATTENDING', false, p.created_at FROM plans p WHERE p.key LIKE 'bp%'
    UNION ALL
    SELECT p.id, ${person(`1 + floor(${PEOPLE} * pg_temp.u(p.id::bigint * 100000 + k))::int`)},
      ${pick(['ATTENDING', 'ATTENDING', 'INTERESTED', 'UNATTENDING'], 'k')}, p.view_mask & 1 = 0, p.created_at
    FROM plans p CROSS JOIN LATERAL generate_series(1, floor(150 * power(pg_temp.u(p.id + 99), 4))::int) k
    WHERE p.key LIKE 'bp%'
    ON CONFLICT DO NOTHING`,
  );
  // Written with the triggers off, the answers' counts (decision 0049) are counted once after, as
  // migration 0028 counts them: without them every card and plan page of the world showed no one
  // going, and read an empty table instead of a row a plan.
  await step(
    'plan answer counts',
    `INSERT INTO plan_answer_counts (plan_id, occurrence, attending, interested, next_time, unattending, unanswered)
    SELECT plan_id, occurrence,
      count(*) FILTER (WHERE response = 'ATTENDING'), count(*) FILTER (WHERE response = 'INTERESTED'),
      count(*) FILTER (WHERE response = 'NEXT_TIME'), count(*) FILTER (WHERE response = 'UNATTENDING'),
      count(*) FILTER (WHERE response IS NULL)
    FROM plan_responses
    GROUP BY plan_id, occurrence`,
  );

  await step(
    'chats',
    `INSERT INTO chats (key, type, group_id, plan_id, dm_pair, created_at)
    SELECT 'bcg' || lpad(id::text, 8, '0'), 'g', id, NULL, NULL, created_at FROM groups WHERE key LIKE 'bg%'
    UNION ALL
    SELECT 'bcp' || lpad(id::text, 8, '0'), 'p', NULL, id, NULL, created_at FROM plans WHERE key LIKE 'bp%'
    UNION ALL
    SELECT 'bcd' || a || 'x' || b, 'd', NULL, NULL, a || ':' || b, now() - ((a + b) % 600) * interval '1 day'
    FROM pairs WHERE (a * 31 + b) % 10 = 0`,
  );
  await step(
    'chat members',
    `INSERT INTO chat_members (chat_id, user_id)
    SELECT c.id, m.user_id FROM chats c JOIN group_members m ON m.group_id = c.group_id WHERE c.type = 'g'
    UNION ALL
    SELECT c.id, r.user_id FROM chats c JOIN plan_responses r ON r.plan_id = c.plan_id AND r.response = 'ATTENDING'
    WHERE c.type = 'p'
    UNION ALL
    SELECT c.id, split_part(c.dm_pair, ':', k)::int FROM chats c CROSS JOIN generate_series(1, 2) k WHERE c.type = 'd'
    ON CONFLICT DO NOTHING`,
  );
  // Messages per chat: a power law (Pareto-like, 1/(1 - 0.999u)^1.2) scaled so the total is about
  // MESSAGES: most chats hold a message or two, the busiest ~2,000; the fan-out group starts with 5,000. Who wrote each: the chat's members in turn (a hash of the number).
  await client.query(`CREATE TEMP TABLE chat_sizes ON COMMIT DROP AS
    SELECT c.id AS chat_id, c.created_at, count(m.user_id)::int AS people, power(1 - 0.999 * pg_temp.u(c.id + 555), -1.2) AS w
    FROM chats c JOIN chat_members m ON m.chat_id = c.id GROUP BY c.id`);
  await client.query(`CREATE TEMP TABLE chat_counts ON COMMIT DROP AS
    SELECT chat_id, created_at, people, CASE WHEN chat_id = (SELECT id FROM chats WHERE group_id =
      (SELECT id FROM groups WHERE key = '${FANOUT_GROUP_KEY}')) THEN 5000
      ELSE round(w * (${MESSAGES - 5000}) / sum(w) OVER ())::int END AS n
    FROM chat_sizes`);
  await client.query(`CREATE TEMP TABLE chat_people ON COMMIT DROP AS
    SELECT chat_id, user_id, row_number() OVER (PARTITION BY chat_id ORDER BY user_id)::int AS n FROM chat_members`);
  await client.query('CREATE INDEX ON chat_people (chat_id, n)');
  await client.query('ANALYZE chat_counts; ANALYZE chat_people');
  await step(
    'messages',
    `INSERT INTO messages (key, chat_id, seq, rev, created_rev, sender_id, client_id, text, created_at)
    SELECT 'bm' || cc.chat_id || 'x' || s, cc.chat_id, s, s, s, cp.user_id, 'bench-' || s,
      ${pick(LINES, '(cc.chat_id + s * 7)')},
      greatest(cc.created_at, now() - interval '90 days') + (s::float8 / cc.n) *
        (now() - greatest(cc.created_at, now() - interval '90 days'))
    FROM chat_counts cc CROSS JOIN LATERAL generate_series(1, cc.n) s
    JOIN chat_people cp ON cp.chat_id = cc.chat_id AND cp.n = 1 + (s::bigint * 7919 + cc.chat_id) % cc.people
    WHERE cc.n > 0
    ORDER BY cc.chat_id, s`,
  );
  await step(
    'chat numbers',
    `UPDATE chats c SET last_seq = cc.n, last_rev = cc.n,
      last_message_at = greatest(cc.created_at, now() - interval '90 days') + (now() - greatest(cc.created_at, now() - interval '90 days'))
    FROM chat_counts cc WHERE cc.chat_id = c.id AND cc.n > 0`,
  );
  // Most have read everything; some are up to a dozen behind.
  await step(
    'last seen',
    `UPDATE chat_members m SET last_seen_seq = greatest(0, c.last_seq - floor(12 * power(pg_temp.u(m.user_id::bigint * 7 + m.chat_id), 3))::int)
    FROM chats c WHERE c.id = m.chat_id AND c.last_seq > 0`,
  );
  await client.query('COMMIT');
}

export async function seed(url = benchDatabaseUrl): Promise<void> {
  const started = performance.now();
  await ensureDatabase(url);
  // The server's own migrator, as a server start would apply it; then the city data set, as a
  // server on the default settings loads it after its start (a world server then finds it loaded
  // instead of loading it during a benchmark). Worlds seeded before get it too.
  const store = await openStore({ databaseUrl: url, pgliteDir: 'memory://' });
  try {
    const cities = await loadCities(store, { minPopulation: DEFAULT_CITIES_MIN_POPULATION });
    if (cities.loaded) console.log(`  places: ${cities.inserted} cities of the data set`);
  } finally {
    await store.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rowCount } = await client.query(`SELECT 1 FROM users WHERE key = 'bench000000001'`);
    if (rowCount) {
      console.log(`${url} already holds the generated world; left as it is:`);
      console.table(await counts(client));
      return;
    }
    console.log(`filling ${url}`);
    await fill(client);
    const analysed = performance.now();
    await client.query('VACUUM ANALYZE');
    console.log(`  vacuum and analyse: ${((performance.now() - analysed) / 1000).toFixed(1)} s`);
    console.table(await counts(client));
    console.log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await client.end();
  }
}

if (import.meta.main) await seed();
