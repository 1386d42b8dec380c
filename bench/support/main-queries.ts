/**
 * The main queries of issue 11 as the web sends them (the field lists imported from apps/web; the
 * explore page's query copied from apps/web/app/features/explore/explore-data.ts), and the seeded
 * people and things they are asked about: used by bench/queries.ts (load) and
 * bench/statements.ts (SQL statements per request). After them, the public /explore page as a
 * signed-out visitor sees it (no place: every upcoming public plan, group and person ordered).
 */
import type pg from 'pg';
import {
  CHAT_LIST_FIELDS,
  CHAT_ROOM_FIELDS,
  MESSAGE_FIELDS,
} from '../../apps/web/app/features/chat/chat-data.ts';
import { GROUP_CARD_FIELDS } from '../../apps/web/app/features/groups/group-data.ts';
import { PLAN_CARD_FIELDS, PLAN_PAGE_FIELDS } from '../../apps/web/app/features/plans/plan-data.ts';
import { PERSON_FIELDS } from '../../apps/web/app/features/social/people.ts';
import { CITIES } from '../seed.ts';
import { openSessions, type SessionPerson } from './sessions.ts';

const ONLY = process.env.BENCH_QUERIES?.split(',');
/**
 * BENCH_RECENT_CHANGES=N: before the run, N plans, N people and N groups of the world are marked
 * changed within the last nine minutes (their updated_at), and the three tables analysed, as a
 * live community leaves them (an answer to a plan, a sign-in, a change of place touch them). The
 * generated world is otherwise still: nothing changed since it was seeded. Search reads the rows
 * changed in the last ten minutes beside its shared rankings, and how many PostgreSQL expects
 * there decided whether it planned each search afresh (decision 0043). Default 0.
 */
const RECENT_CHANGES = Number(process.env.BENCH_RECENT_CHANGES ?? 0);

const MY_CHATS = `query MyChats($hidden: Boolean!) {
  shown: myChats(hidden: $hidden) { ${CHAT_LIST_FIELDS} }
  hidden: myChats(hidden: true) { key }
}`;
const ROOM = `query ChatRoom($key: String!) {
  chat(key: $key) {
    ${CHAT_ROOM_FIELDS}
    lastRev hasUnseenThreads canRemove canSetRateLimit
    messages(limit: 50) { canLoadPrev firstMessageKey messages { ${MESSAGE_FIELDS} } }
  }
}`;
const PLAN = `query PlanPage($key: String!, $inviteKey: String, $occurrence: String) {
  plan(key: $key, inviteKey: $inviteKey, occurrence: $occurrence) { ${PLAN_PAGE_FIELDS} }
}`;
// As apps/web/app/features/explore/explore-data.ts asks it.
const EXPLORE = `query Explore($place: String, $near: CoordinatesInput, $filter: ExploreFilter, $sort: ExploreSort, $text: String, $marker: String) {
  explore(place: $place, near: $near, filter: $filter, sort: $sort, text: $text, marker: $marker) {
    place { id name slug description kind }
    radiusKm
    plans { ${PLAN_CARD_FIELDS} }
    groups { ${GROUP_CARD_FIELDS} }
    people { ${PERSON_FIELDS} }
    nextMarker
  }
}`;
const SEARCH = `query Search($text: String!, $context: SearchContext, $near: CoordinatesInput) {
  search(text: $text, context: $context, near: $near) {
    groups { ${GROUP_CARD_FIELDS} }
    plans { ${PLAN_CARD_FIELDS} }
    people { ${PERSON_FIELDS} }
    nextMarker
  }
}`;
const MYSELF = `query RootViewer {
  myself { user { id key username first last fullName image isVerified } needsOnboarding isAdmin }
  myActivities(limit: 1) { unreadCount }
}`;
const SEARCHES = [
  'picnic',
  'hike lisbon',
  'book club',
  'ana',
  'salsa',
  'climbing club',
  'chess',
  'costa',
  'jaz',
  'cozy',
];

export interface World {
  people: SessionPerson[];
  /** Per person: their chat with the most messages. */
  chatOf: Map<number, string>;
  plans: string[];
}

export type Ask = (index: number) => {
  person: SessionPerson | null;
  query: string;
  variables: Record<string, unknown>;
};

export function queriesOf(world: World): Array<{ name: string; ask: Ask }> {
  const person = (index: number) => world.people[index % world.people.length]!;
  const near = (index: number) => {
    const [, latitude, longitude] = CITIES[index % CITIES.length]!;
    return { latitude, longitude };
  };
  const all: Array<{ name: string; ask: Ask }> = [
    { name: 'chat list', ask: (i) => ({ person: person(i), query: MY_CHATS, variables: { hidden: false } }) },
    {
      name: 'chat room with 50 messages',
      ask: (i) => ({ person: person(i), query: ROOM, variables: { key: world.chatOf.get(person(i).id) } }),
    },
    {
      name: 'plan page',
      ask: (i) => ({
        person: person(i),
        query: PLAN,
        variables: { key: world.plans[i % world.plans.length] },
      }),
    },
    {
      name: 'explore near a place',
      ask: (i) => ({ person: person(i), query: EXPLORE, variables: { near: near(i) } }),
    },
    {
      name: 'search',
      ask: (i) => ({ person: person(i), query: SEARCH, variables: { text: SEARCHES[i % SEARCHES.length] } }),
    },
    { name: 'myself', ask: (i) => ({ person: person(i), query: MYSELF, variables: {} }) },
    // The public /explore page: a signed-out visitor, no place (not one of issue 11's main queries).
    { name: 'explore anywhere (signed out)', ask: () => ({ person: null, query: EXPLORE, variables: {} }) },
  ];
  return all.filter((q) => !ONLY || ONLY.includes(q.name));
}

/** Marks RECENT_CHANGES rows of each table changed in the last nine minutes (BENCH_RECENT_CHANGES). */
async function markRecentChanges(client: pg.Client): Promise<void> {
  if (!Number.isSafeInteger(RECENT_CHANGES) || RECENT_CHANGES < 0)
    throw new Error(`BENCH_RECENT_CHANGES must be a count, not ${process.env.BENCH_RECENT_CHANGES}`);
  if (RECENT_CHANGES === 0) return;
  for (const table of ['plans', 'users', 'groups']) {
    await client.query(
      `UPDATE ${table} SET updated_at = now() - random() * interval '9 minutes'
       WHERE id IN (SELECT id FROM ${table} ORDER BY hashint4(id + $2) LIMIT $1)`,
      [RECENT_CHANGES, Date.now() % 1_000_000],
    );
    await client.query(`ANALYZE ${table}`);
  }
  console.log(`marked ${RECENT_CHANGES} plans, people and groups changed in the last nine minutes`);
}

export async function readWorld(client: pg.Client, secret: string): Promise<World> {
  await markRecentChanges(client);
  const { rows: found } = await client.query<{ id: number }>(
    `SELECT id FROM users WHERE key LIKE 'bench%' AND id % 500 = 7 ORDER BY id`,
  );
  if (found.length === 0) throw new Error('no generated world here: run `npm run bench:seed` first');
  const people = await openSessions(
    client,
    secret,
    found.map((row) => row.id),
  );
  const { rows: chats } = await client.query<{ user_id: number; key: string }>(
    `SELECT DISTINCT ON (m.user_id) m.user_id, c.key FROM chat_members m JOIN chats c ON c.id = m.chat_id
     WHERE m.user_id = ANY($1) ORDER BY m.user_id, c.last_seq DESC`,
    [people.map((p) => p.id)],
  );
  const { rows: plans } = await client.query<{ key: string }>(
    `SELECT key FROM plans WHERE key LIKE 'bp%' AND view_mask & 1 = 1 AND starts_at > now() ORDER BY id LIMIT 500`,
  );
  return {
    people: people.filter((p) => chats.some((c) => c.user_id === p.id)),
    chatOf: new Map(chats.map((row) => [row.user_id, row.key])),
    plans: plans.map((row) => row.key),
  };
}
