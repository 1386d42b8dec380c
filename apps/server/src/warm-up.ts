import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import type { Logger } from './logger.ts';
import type { PlazaYoga } from './graphql/create-yoga.ts';
import { inStatementGroup } from './db/pipelining-pool.ts';
import type { Store } from './db/client.ts';
import { PUBLIC_GROUP, PUBLIC_PLAN, rows } from './domains/social/social-sql.ts';

/**
 * A process's warm-up before it listens (decision 0054): the public pages a signed-out visitor
 * reads (explore, anywhere and near a few cities; a plan's page; a group's page) asked of its own
 * GraphQL endpoint in process, over the store's own rows, for `seconds`. A process that starts cold
 * behind a balancer takes its share of the load at once: V8 compiles the request path while the
 * requests queue, the pool opens its connections and PostgreSQL's new backends fill their caches,
 * and for its first seconds it answered late and refused (503) some of what it was given
 * (bench/README.md's warm-up table). What it runs here only reads, as a visitor, through Yoga's
 * whole pipeline, and ends with a full garbage collection (collectGarbage). Search is not asked:
 * in the two runs where it was, the signed-in search that followed tipped over the benchmark
 * machine's cores, which the runs without it did not (decision 0054: maybe the machine's swing).
 */

/** A read the warm-up asks, with the variables of each of its turns. */
interface WarmUpRead {
  name: string;
  query: string;
  variables: Array<Record<string, unknown>>;
}

/** What the warm-up did: requests answered, and those that failed (a GraphQL error or a status other than 200). */
export interface WarmUpReport {
  requests: number;
  /** Requests by read (explore, plan, group). */
  asked: Record<string, number>;
  failed: number;
  /** The first failure's reason, if any. */
  firstFailure: string | null;
  milliseconds: number;
}

const CARD =
  'key slug title image isPublic allDay timezone occurrence start { utc } end { utc } place { name city }';
const GROUP_CARD = 'id key slug title image description isPublic memberCount shareUrl';
const PERSON = 'id username fullName image isPublic isVerified';

/** How many reads are in flight at once: enough to keep the pool's connections and the CPU busy. */
const IN_FLIGHT = 4;

/**
 * What the store holds to read: a few plans and groups strangers may see (social-sql.ts' rules, so no
 * read fails on one a moderator hid, which would leave that read out) and cities; nothing if it is empty.
 */
async function readsOf(store: Store): Promise<WarmUpRead[]> {
  const db = store.db;
  const plans = await rows<{ key: string }>(
    db,
    sql`SELECT key FROM plans WHERE ${PUBLIC_PLAN('plans')} AND starts_at > now() ORDER BY id DESC LIMIT 20`,
  );
  const groups = await rows<{ key: string }>(
    db,
    sql`SELECT key FROM groups WHERE ${PUBLIC_GROUP('groups')} ORDER BY id DESC LIMIT 20`,
  );
  const cities = await rows<{ latitude: number; longitude: number }>(
    db,
    sql`SELECT latitude_e6 AS latitude, longitude_e6 AS longitude FROM places WHERE kind = 'city'
      AND latitude_e6 IS NOT NULL AND longitude_e6 IS NOT NULL ORDER BY id LIMIT 10`,
  );
  const near = cities.map((city) => ({ latitude: city.latitude / 1e6, longitude: city.longitude / 1e6 }));
  const reads: WarmUpRead[] = [
    {
      name: 'explore',
      query: `query WarmUpExplore($near: CoordinatesInput) { explore(near: $near) {
        place { id name slug } radiusKm plans { ${CARD} } groups { ${GROUP_CARD} } people { ${PERSON} } nextMarker } }`,
      variables: [{}, ...near.map((point) => ({ near: point }))],
    },
  ];
  if (plans.length > 0)
    reads.push({
      name: 'plan',
      query: `query WarmUpPlan($key: String!) { plan(key: $key) { ${CARD} description shareUrl
        creator { ${PERSON} } } }`,
      variables: plans.map((plan) => ({ key: plan.key })),
    });
  if (groups.length > 0)
    reads.push({
      name: 'group',
      query: `query WarmUpGroup($key: String!) { group(key: $key) { ${GROUP_CARD} planCount } }`,
      variables: groups.map((group) => ({ key: group.key })),
    });
  return reads;
}

/**
 * A full garbage collection, once the warm-up's reads are done and before the process listens: what
 * they left in the old generation (thousands of requests' rows, promoted young) is garbage, and
 * collected now it is collected while no one waits. Left, the first full collection came under load
 * a minute or so after the start, in both processes at once (pauses of 45-117 ms on the benchmark's
 * machine, the plan page's p99 118-195 ms in three runs of three); with it, none came in any
 * query's run in five runs (decision 0054). V8 gives the collector only to a context made after
 * `--expose-gc` is set; the process's own context is left without it.
 */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** The reason a read failed, or null when it was answered with data and no error. */
async function failureOf(response: Response): Promise<string | null> {
  if (response.status !== 200) return `status ${response.status}`;
  const body = (await response.json()) as { data?: unknown; errors?: Array<{ message?: string }> };
  if (body.errors?.length) return body.errors[0]?.message ?? 'a GraphQL error';
  return body.data ? null : 'no data';
}

/**
 * Asks the store's public reads of `yoga`, IN_FLIGHT at a time, for `seconds` (none for 0), and
 * reports what it did. A read that fails is left out of the turns that follow; the warm-up never
 * throws for one (a process starts all the same, only colder).
 */
export async function warmUp(
  yoga: PlazaYoga,
  store: Store,
  seconds: number,
  logger?: Logger,
): Promise<WarmUpReport> {
  const started = performance.now();
  const report: WarmUpReport = { requests: 0, asked: {}, failed: 0, firstFailure: null, milliseconds: 0 };
  if (seconds <= 0) return report;
  const until = started + seconds * 1000;
  const reads = await readsOf(store);
  const origin = 'http://plaza.warm-up';
  let turn = 0;
  const next = (): { read: WarmUpRead; variables: Record<string, unknown> } | null => {
    if (reads.length === 0) return null;
    const read = reads[turn % reads.length]!;
    const variables = read.variables[Math.floor(turn / reads.length) % read.variables.length] ?? {};
    turn++;
    return { read, variables };
  };
  const worker = async (): Promise<void> => {
    while (performance.now() < until) {
      const asked = next();
      if (!asked) return;
      let failure: string | null;
      try {
        // Its statements grouped as an HTTP request's are (decision 0055).
        const response = await inStatementGroup(() =>
          yoga.fetch(`${origin}${yoga.graphqlEndpoint}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin },
            body: JSON.stringify({ query: asked.read.query, variables: asked.variables }),
          }),
        );
        failure = await failureOf(response);
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
      report.requests++;
      report.asked[asked.read.name] = (report.asked[asked.read.name] ?? 0) + 1;
      if (failure === null) continue;
      report.failed++;
      report.firstFailure ??= `${asked.read.name}: ${failure}`;
      // A read that fails once is not asked again: the warm-up must not spend its time on errors.
      const at = reads.indexOf(asked.read);
      if (at !== -1) reads.splice(at, 1);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  collectGarbage();
  report.milliseconds = Math.round(performance.now() - started);
  if (report.failed > 0)
    logger?.warn(
      { warmUp: report },
      'the warm-up left out reads that failed; the process starts all the same',
    );
  return report;
}
