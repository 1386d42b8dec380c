import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

/** A statement waiting for the end of the event loop's turn (PipeliningPool). */
interface Waiting {
  config: unknown;
  values: unknown;
  resolve: (result: pg.QueryResult) => void;
  reject: (error: unknown) => void;
}

/**
 * The group a statement belongs to: one per HTTP request (create-http-app.ts runs each request in
 * its own), so a request's statements go together and never behind another request's.
 */
const statementGroups = new AsyncLocalStorage<object>();

/** Runs `work` (and everything it starts) as one group of statements (PipeliningPool). */
export function inStatementGroup<T>(work: () => T): T {
  return statementGroups.run({}, work);
}

/** How a group's connection writes: corked, then all its statements' messages in one write. */
interface CorkableClient {
  connection: { stream: { cork(): void; uncork(): void } };
}

/**
 * A pool whose statements of one group (inStatementGroup: an HTTP request) sent in one turn of
 * the event loop go on one connection, written at once and answered one after the other: a
 * request's lists asked together, the per-request loaders' batches (each sent at the turn's end,
 * request-scoped.ts). Its connections run in pg's pipeline mode, where each statement has its own
 * Sync: one's error leaves the others as they were. Why (decision 0055): here a statement on a
 * connection of its own cost ~0.1 ms of the two cores beyond its execution, most of it waking an
 * idle backend and then the server at its answer; a group wakes one backend once. Explore near a
 * place cost 8-11% less CPU a request (bench:interleaved), search and a chat room ~3%.
 *
 * A statement outside any group (a subscription's event, a job, the warm-up) is sent at once, as
 * pg's pool sends it. A group of one is sent at the turn's end, as it was asked. Only the promise
 * form of `query` with a text or a config is grouped (how Drizzle and Plaza call it); a
 * transaction's client (`connect`) is the pool's as before.
 */
export class PipeliningPool extends pg.Pool {
  /**
   * This turn's statements by group, made anew each turn: a map kept by the pool for good would be
   * promoted to V8's old generation, and what it held then (a request's statements, their promises
   * and everything those reach) outlived young collections until a full one, even once cleared:
   * 5 MB promoted at every young collection of the chat list's run, a full collection every ~20 s.
   */
  private turn: Map<object, Waiting[]> | null = null;
  /** Groups of two statements or more sent so far, and their statements (for /metrics). */
  readonly grouped = { groups: 0, statements: 0 };

  /** false: every statement is sent at once, as pg's pool sends it (for a pooler). */
  private readonly grouping: boolean;

  constructor(config: pg.PoolConfig, grouping = true) {
    super({ ...config, pipeline: grouping } as pg.PoolConfig);
    this.grouping = grouping;
  }

  // pg's Pool.query is overloaded (callbacks, query objects, promises); its type is kept as is.
  override query(...args: unknown[]): never {
    const group = statementGroups.getStore();
    const [config, values, callback] = args;
    if (
      group === undefined ||
      !this.grouping ||
      typeof callback === 'function' ||
      typeof values === 'function' ||
      (typeof config === 'object' && config !== null && 'submit' in config)
    )
      return (super.query as (...rest: unknown[]) => never)(...args);
    return new Promise<pg.QueryResult>((resolve, reject) => {
      const statement = { config, values, resolve, reject };
      let turn = this.turn;
      if (turn === null) {
        turn = this.turn = new Map();
        setImmediate(() => this.sendTurn());
      }
      const waiting = turn.get(group);
      if (waiting) waiting.push(statement);
      else turn.set(group, [statement]);
    }) as never;
  }

  private sendTurn(): void {
    const turn = this.turn;
    this.turn = null;
    if (turn) for (const group of turn.values()) this.sendGroup(group);
  }

  private sendGroup(group: Waiting[]): void {
    if (group.length === 1) {
      const [one] = group as [Waiting];
      const sent = super.query(
        one.config as pg.QueryConfig,
        one.values as unknown[],
      ) as Promise<pg.QueryResult>;
      sent.then(one.resolve, one.reject);
      return;
    }
    this.grouped.groups += 1;
    this.grouped.statements += group.length;
    this.connect().then(
      (client) => {
        let failed: unknown;
        const stream = (client as unknown as CorkableClient).connection.stream;
        stream.cork();
        let answered: Array<Promise<void>>;
        try {
          answered = group.map((each) => {
            let sent: Promise<pg.QueryResult>;
            try {
              sent = client.query(each.config as pg.QueryConfig, each.values as unknown[]);
            } catch (error) {
              sent = Promise.reject(error);
            }
            return sent.then(each.resolve, (error: unknown) => {
              failed ??= error;
              each.reject(error);
            });
          });
        } finally {
          stream.uncork();
        }
        // As pg's pool does after a statement that failed: the connection is dropped, not reused.
        void Promise.all(answered).then(() =>
          client.release(failed === undefined ? undefined : failed instanceof Error ? failed : true),
        );
      },
      (error: unknown) => {
        for (const each of group) each.reject(error);
      },
    );
  }
}
