import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import {
  GraphQLNonNull,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inStatementGroup } from '../../src/db/pipelining-pool.ts';
import { schema } from '../../src/graphql/schema.ts';
import { startTestPlaza, type TestPlaza } from '../harness.ts';
import { buildGroup, buildPlan } from './factories.ts';
import { newPerson, type Person } from './people.ts';
import { signInWithEmail } from './sign-in.ts';

/**
 * Issue 12 point 3: property-based fuzzing of every mutation's arguments. The Mutation root fields
 * and their argument types are read from the executable schema; fast-check draws arguments per
 * type (strings short, very long, unicode, lone surrogates, control characters, SQL- and HTML-ish;
 * Int and Float at and past their range, NaN-ish strings; IDs and keys that do not exist or belong
 * to someone else; enums valid and invalid; input objects with fields missing and extra; nulls).
 * Each call goes as a signed-in person (the web's session cookie) through the test Plaza's Yoga
 * handler in process (`yoga.fetch`: the GraphQL limits, context and every plugin, without a TCP
 * hop), rate limits stood in by "always allowed" so the domain code is reached, not the limiter.
 *
 * Fails on: a 5xx answer; an INTERNAL_SERVER_ERROR code or "Unexpected error." (an error nobody
 * coded, i.e. a crash); a refused call (errors and no answer) that wrote a row, in place or not,
 * to one of the 28 tables mutations write (MAIN_TABLES), as counted by row triggers the test
 * installs on its own store. An accepted call may write.
 *
 * Runs: 500 inputs per mutation on PostgreSQL (CI's second run of the suite; 1,000 until decision
 * 0042, when they took 200 s of the two workers' 510 there), in four files
 * (fuzz-mutations-1..4) so both workers share them; 100 on the embedded store (the suite's first
 * run, and a developer's `npm test` without PostgreSQL). Both stores are PostgreSQL's own engine, and
 * a call costs the embedded one more than twice as much (2026-12-01, 2 cores: fuzz-mutations-1's
 * 18,005 calls took 1.3 ms each on PostgreSQL, 44 s of the file and 48 s of CPU; 3.0 ms on PGlite,
 * 84 s and 100 s of CPU), so CI's larger count goes where it costs least. Measured 2026-11-26 on the
 * 2-core machine: 18,000 calls (18 mutations × 1,000) in 144 s, 6.1 ms of CPU a call including the
 * write counts. `npm run fuzz` runs 10,000 per mutation (FUZZ_RUNS=10000: 720,000 calls); its first
 * whole run, 2026-11-26, passed in 44.5 minutes on both cores (2,477 s of CPU, ~3.4 ms a call).
 * FUZZ_SEED replays a run; FUZZ_TIMING=1 prints the cost per call.
 */

/**
 * Inputs per mutation: 500 on PostgreSQL (CI's second run of the suite), 100 on the embedded
 * store (its first run); FUZZ_RUNS overrides both. Each run draws new inputs (a new seed).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.DATABASE_URL ? 500 : 100));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

const mutationType = schema.getMutationType() as GraphQLObjectType;
const mutations = Object.values(mutationType.getFields());

const HOSTILE = [
  '',
  ' ',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '"; SELECT pg_sleep(10); --',
  '\\',
  '%',
  '_%',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '\u0000',
  'a\u0000b',
  '\r\n\r\nX-Injected: 1',
  '\u202eevil',
  '\ud800',
  '\udfff\ud800',
  '𝕏😀👩‍👩‍👧‍👦',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '-9223372036854775809',
  '99999999999999999999',
  'null',
  'undefined',
  'true',
  '{}',
  '[]',
  '${7*7}{{7*7}}',
  '2026-13-45T25:61:61Z',
  '0000-00-00',
  '9999-12-31T23:59:59Z',
  '2026-06-01T10:00:00.000Z',
  'Europe/Lisbon',
  'Not/AZone',
  'nobody@example.org',
  'a@b',
  '@@@',
  '+14155552671',
  '+1',
  'http://10.0.0.1/',
  'http://169.254.169.254/latest/meta-data/',
  'https://example.org/x',
  'mailto:x@y',
  'FREQ=WEEKLY;COUNT=999999',
  'A'.repeat(300),
];

const INT32 = { min: -2147483648, max: 2147483647 };

/**
 * The tables mutations write, whose rows a refused call must leave alone. Left out: what the
 * background runs write on its own meanwhile (jobs, activities, rate-limit hits, sessions).
 */
const MAIN_TABLES = [
  'users',
  'plans',
  'plan_occurrences',
  'plan_responses',
  'plan_contact_invites',
  'groups',
  'group_members',
  'group_invitations',
  'group_audit_events',
  'group_subscriptions',
  'chats',
  'chat_members',
  'messages',
  'poll_votes',
  'uploads',
  'reports',
  'moderation_actions',
  'site_admins',
  'organizations',
  'organization_accounts',
  'follows',
  'contacts',
  'contact_invitations',
  'notification_mutes',
  'push_subscriptions',
  'device_tokens',
  'calendar_feeds',
  'email_subscriptions',
];

/**
 * Registers the fuzzing of every `parts`-th mutation from `part` (0-based) in the calling test
 * file, with its own test Plaza: the mutations are spread over several files so that both of the
 * suite's workers share them.
 */
export function fuzzMutations(part: number, parts: number): void {
  const mine = mutations.filter((_, index) => index % parts === part);
  let t: TestPlaza;
  let me: Person;
  let other: Person;
  /** Ids and keys of the seeded world: the caller's own, someone else's, and none at all. */
  const known = { ints: [] as number[], keys: [] as string[] };

  /** Built once per kind: fast-check's string arbitraries are costly to build (milliseconds each). */
  const stringArbs = new Map<boolean, fc.Arbitrary<string>>();
  function stringArb(long: boolean): fc.Arbitrary<string> {
    let arbitrary = stringArbs.get(long);
    if (!arbitrary) {
      arbitrary = buildStringArb(long);
      stringArbs.set(long, arbitrary);
    }
    return arbitrary;
  }

  function buildStringArb(long: boolean): fc.Arbitrary<string> {
    return fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...HOSTILE) },
      { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
      { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
      {
        weight: 1,
        arbitrary: fc
          .array(fc.integer({ min: 0, max: 31 }), { maxLength: 20 })
          .map((codes) => String.fromCharCode(...codes)),
      },
      { weight: 3, arbitrary: fc.constantFrom(...known.keys) },
      { weight: 1, arbitrary: fc.constantFrom(...known.ints).map(String) },
      // Very long only at the top (a list of them would only meet the 100 KB body limit).
      ...(long
        ? [{ weight: 1, arbitrary: fc.integer({ min: 1_000, max: 60_000 }).map((n) => 'x'.repeat(n)) }]
        : []),
    );
  }

  function intArb(): fc.Arbitrary<number> {
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...known.ints) },
      { weight: 2, arbitrary: fc.constantFrom(0, -1, 1, INT32.max, INT32.min, 86_400, 3_600_000) },
      { weight: 3, arbitrary: fc.integer(INT32) },
      { weight: 2, arbitrary: fc.integer({ min: -5, max: 500 }) },
    );
  }

  /** A value of the wrong kind for the type (GraphQL must refuse it before any resolver runs). */
  function wrongArb(type: GraphQLInputType): fc.Arbitrary<unknown> {
    const named = getNamedType(type);
    const wrong: unknown[] = [{ zzz: 1 }, [1, 'a'], 'NaN', 'not-a-value', 2 ** 31, 1e300, 1.5, -1.5, true];
    if (isEnumType(named)) wrong.push('NOT_AN_ENUM_VALUE', named.getValues()[0]!.name.toLowerCase());
    if (isNonNullType(type)) wrong.push(null);
    return fc.constantFrom(...wrong);
  }

  function valueArb(type: GraphQLInputType, depth: number): fc.Arbitrary<unknown> {
    const valid = validArb(type, depth);
    return fc.oneof({ weight: 19, arbitrary: valid }, { weight: 1, arbitrary: wrongArb(type) });
  }

  function validArb(type: GraphQLInputType, depth: number): fc.Arbitrary<unknown> {
    if (!isNonNullType(type)) {
      return fc.oneof(
        { weight: 5, arbitrary: validArb(new GraphQLNonNull(type), depth) },
        { weight: 1, arbitrary: fc.constant(null) },
      );
    }
    const inner = type.ofType;
    if (isListType(inner)) {
      return fc.oneof(
        { weight: 6, arbitrary: fc.array(valueArb(inner.ofType, depth + 1), { maxLength: 4 }) },
        {
          weight: 1,
          arbitrary: fc.array(validArb(inner.ofType, depth + 1), { minLength: 200, maxLength: 400 }),
        },
      );
    }
    if (isEnumType(inner)) return fc.constantFrom(...inner.getValues().map((v) => v.name));
    if (isInputObjectType(inner)) {
      if (depth > 3) return fc.constant({});
      const fields = Object.values(inner.getFields());
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const f of fields) shape[f.name] = valueArb(f.type, depth + 1);
      const required = fields.filter((f) => isNonNullType(f.type) && f.defaultValue === undefined);
      const complete = fc.record(shape, { requiredKeys: required.map((f) => f.name) });
      return fc.oneof(
        { weight: 12, arbitrary: complete },
        // Missing a required field, or with a field the type does not have.
        { weight: 1, arbitrary: fc.record(shape, { requiredKeys: [] }) },
        { weight: 1, arbitrary: complete.map((value) => ({ ...(value as object), notAField: 'x' })) },
      );
    }
    switch (getNamedType(inner).name) {
      case 'Int':
        return intArb();
      case 'Float':
        return fc.oneof(
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          fc.constantFrom(0, -0, 90, -180, 180.0001, 1e308, -1e308, 5e-324),
        );
      case 'Boolean':
        return fc.boolean();
      case 'ID':
        return fc.oneof(intArb().map(String), stringArb(depth === 0));
      default:
        return stringArb(depth === 0);
    }
  }

  function selectionOf(field: GraphQLField<unknown, unknown>): string {
    const named = getNamedType(field.type);
    if (isLeafType(named)) return '';
    if (!isObjectType(named)) return '{ __typename }';
    const scalars = Object.values(named.getFields())
      .filter((f) => isLeafType(getNamedType(f.type)) && !f.args.some((a) => isNonNullType(a.type)))
      .map((f) => f.name);
    return `{ __typename ${scalars.join(' ')} }`;
  }

  function operationOf(field: GraphQLField<unknown, unknown>): string {
    const declared = field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
    const passed = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
    return field.args.length === 0
      ? `mutation { ${field.name} ${selectionOf(field)} }`
      : `mutation (${declared}) { ${field.name}(${passed}) ${selectionOf(field)} }`;
  }

  function argumentsArb(field: GraphQLField<unknown, unknown>): fc.Arbitrary<Record<string, unknown>> {
    const shape: Record<string, fc.Arbitrary<unknown>> = {};
    for (const a of field.args) shape[a.name] = valueArb(a.type, 0);
    const required = field.args.filter((a) => isNonNullType(a.type)).map((a) => a.name);
    return fc.record(shape, { requiredKeys: required });
  }

  /**
   * Rows written per main table since the counter was installed: row triggers (this test's own, on
   * its own store) count every insert, delete, and update that changed the row, in the writing
   * transaction, so a write rolled back is not counted. Also sees an update that changes a row in
   * place, which row counts could not.
   */
  async function installWriteCounter(): Promise<void> {
    const db = t.plaza.platform.store.db;
    await db.execute(sql.raw('CREATE TABLE fuzz_writes (tbl text PRIMARY KEY, n bigint NOT NULL)'));
    await db.execute(
      sql.raw(`CREATE FUNCTION fuzz_count_write() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO fuzz_writes (tbl, n) VALUES (TG_TABLE_NAME, 1)
            ON CONFLICT (tbl) DO UPDATE SET n = fuzz_writes.n + 1;
          RETURN NULL;
        END $$`),
    );
    for (const table of MAIN_TABLES) {
      await db.execute(
        sql.raw(
          `CREATE TRIGGER fuzz_write AFTER INSERT OR DELETE ON "${table}" FOR EACH ROW EXECUTE FUNCTION fuzz_count_write()`,
        ),
      );
      await db.execute(
        sql.raw(
          `CREATE TRIGGER fuzz_change AFTER UPDATE ON "${table}" FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION fuzz_count_write()`,
        ),
      );
    }
  }

  /** Rows written per main table (tables not written yet are absent). */
  async function rowWrites(): Promise<Record<string, number>> {
    const result = (await t.plaza.platform.store.db.execute(
      sql.raw('SELECT tbl, n::int AS n FROM fuzz_writes ORDER BY tbl'),
    )) as unknown as { rows: Array<{ tbl: string; n: number }> };
    return Object.fromEntries(result.rows.map((row) => [row.tbl, row.n]));
  }

  beforeAll(async () => {
    t = await startTestPlaza({ TRUST_PROXY: '1' });
    const db = t.plaza.platform.store.db;
    me = await newPerson(t, 'Fuzzer');
    // Calls go with the web's session cookie, as the web's own calls do.
    me = { ...me, ...(await signInWithEmail(t, me.email, { strategy: 'cookie' })) };
    other = await newPerson(t, 'Other');
    const third = await newPerson(t, 'Third');
    // The caller's own things (so valid ids reach deep into the domain) and someone else's.
    const mine = await buildGroup(db, me.userId, [{ userId: other.userId }], { isPublic: true });
    const theirs = await buildGroup(db, other.userId, [{ userId: third.userId }]);
    const myPlan = await buildPlan(db, me.userId, [
      { userId: other.userId, response: 'ATTENDING', invited: true },
    ]);
    const theirPlan = await buildPlan(db, other.userId, [], { isPublic: false });
    // Through the API, so each chat's numbering stays the domain's own.
    const send = async (person: Person, chatKey: string, text: string) => {
      const sent = await t.gql<{ sendMessage: { key: string } }>(
        'mutation ($c: String!, $t: String!) { sendMessage(chatKey: $c, clientId: "seed", text: $t) { key } }',
        { c: chatKey, t: text },
        person.headers,
      );
      expect(sent.errors).toBeUndefined();
      return sent.data!.sendMessage;
    };
    const myMessage = await send(me, mine.chat.key, 'hello');
    const theirMessage = await send(other, theirs.chat.key, 'secret');
    known.ints = [
      me.userId,
      other.userId,
      third.userId,
      mine.group.id,
      theirs.group.id,
      myPlan.plan.id,
      theirPlan.plan.id,
      999_999,
    ];
    known.keys = [
      mine.group.key,
      theirs.group.key,
      mine.chat.key,
      theirs.chat.key,
      myPlan.plan.key,
      theirPlan.plan.key,
      myPlan.chat.key,
      myMessage.key,
      theirMessage.key,
      'doesnotexist',
      other.username,
    ];
    await installWriteCounter();
    // The limiter is not under test here: let every call through to the domain.
    t.plaza.platform.rateLimits.hit = async () => ({ allowed: true });
  }, 120_000);
  afterAll(async () => {
    if (process.env.FUZZ_TIMING) {
      const per = (ms: number) => (ms / Math.max(1, timing.calls)).toFixed(1);
      console.warn(
        `${timing.calls} calls: ${per(timing.callMs)} ms per call, ${per(timing.countMs)} ms of row counts per call`,
      );
    }
    await t.close();
  });

  const timing = { calls: 0, callMs: 0, countMs: 0 };
  /**
   * The write counts after the last call when it was refused (so it wrote nothing, and nothing runs
   * after it: triggers and jobs follow accepted calls only), else null and counted again.
   */
  let settled: Record<string, number> | null = null;
  async function timed<T>(kind: 'callMs' | 'countMs', work: Promise<T>): Promise<T> {
    const started = performance.now();
    const result = await work;
    timing[kind] += performance.now() - started;
    return result;
  }

  async function call(operation: string, variables: Record<string, unknown>) {
    timing.calls += 1;
    // Its statements grouped as an HTTP request's are (decision 0055).
    const send = () =>
      inStatementGroup(() =>
        t.plaza.yoga.fetch('http://plaza.test/graphql', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/graphql-response+json',
            ...me.headers,
          },
          body: JSON.stringify({ query: operation, variables }),
        }),
      );
    const response = await send();
    const text = await response.text();
    let body: {
      data?: Record<string, unknown> | null;
      errors?: Array<{ message: string; extensions?: { code?: string } }>;
    };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      body = { errors: [{ message: text.slice(0, 200) }] };
    }
    return { status: response.status, ...body };
  }

  describe(`fuzzing every mutation (part ${part + 1} of ${parts})`, () => {
    it('reads the mutations from the schema', () => {
      expect(mutations.length).toBeGreaterThan(50);
      expect(mine.length).toBeGreaterThan(0);
    });

    for (const field of mine) {
      it(
        `${field.name} (${RUNS} runs)`,
        async () => {
          const operation = operationOf(field);
          await fc.assert(
            fc.asyncProperty(argumentsArb(field), async (variables) => {
              // After a refused call its own count is this one's "before": nothing wrote since.
              const before = settled ?? (await timed('countMs', rowWrites()));
              settled = null;
              const answer = await timed('callMs', call(operation, variables));
              const where = `${field.name} ${JSON.stringify(variables).slice(0, 300)}`;
              expect(answer.status, where).toBeLessThan(500);
              for (const error of answer.errors ?? []) {
                expect(error.extensions?.code, `${where}: ${error.message}`).not.toBe(
                  'INTERNAL_SERVER_ERROR',
                );
                expect(error.message, where).not.toBe('Unexpected error.');
              }
              const refused = (answer.errors?.length ?? 0) > 0 && answer.data?.[field.name] == null;
              if (refused) {
                const after = await timed('countMs', rowWrites());
                expect(after, `${where} was refused but wrote rows`).toEqual(before);
                settled = after;
              }
            }),
            { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }), endOnFailure: true },
          );
        },
        Math.max(30_000, RUNS * 400),
      );
    }
  });

  describe.runIf(part === 0)('text the store cannot keep (found by this fuzzing)', () => {
    it('refuses the NUL character and lone surrogates as BAD_USER_INPUT, in variables and in the query', async () => {
      const hide = await call('mutation ($k: String!) { hideChat(key: $k, hidden: true) { key } }', {
        k: 'a\u0000b',
      });
      expect(hide.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      // The same text twice: the second ask is answered from what was found in the document the first time.
      for (let ask = 0; ask < 2; ask += 1) {
        const inline = await call('mutation { hideChat(key: "a\\u0000b", hidden: true) { key } }', {});
        expect(inline.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      }
      // A chat of its own: the fuzzing above may have left the caller outside the seeded ones.
      const { chat } = await buildGroup(t.plaza.platform.store.db, me.userId);
      const before = await rowWrites();
      const prompt = await call(
        'mutation ($c: String!, $q: String!) { createPrompt(chatKey: $c, clientId: "p1", question: $q) { key } }',
        { c: chat.key, q: '\udfff\ud800' },
      );
      expect(prompt.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(await rowWrites()).toEqual(before);
      // Well-formed text beyond the Basic Multilingual Plane still passes.
      const fine = await call(
        'mutation ($c: String!, $q: String!) { createPrompt(chatKey: $c, clientId: "p2", question: $q) { key } }',
        { c: chat.key, q: 'Which one? 𝕏😀' },
      );
      expect(fine.errors).toBeUndefined();
    });
  });
}
