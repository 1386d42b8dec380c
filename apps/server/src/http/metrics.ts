import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Store } from '../db/client.ts';

export interface Metrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  websocketConnections: Counter<'event'>;
  /** Subscription events delivered: executed for the subscriber (`own`) or reusing another's (`shared`). */
  subscriptionEvents: Tally<'own' | 'shared'>;
  /**
   * GraphQL `next` messages sent over WebSockets: `direct` (a subscription's shared result written
   * straight to the socket by the direct lane, decision 0028) or `protocol` (through graphql-ws:
   * other subscription results, and the answers of queries and mutations sent over a socket).
   */
  subscriptionMessages: Tally<'direct' | 'protocol'>;
  /** API requests refused with 503 because the process had as many as it takes at once. */
  shedRequests: Counter;
}

/**
 * A counter bumped on a hot path (each subscriber's delivery: 2,000 for one message to a big
 * group): counted in plain numbers and added to its Prometheus counter when /metrics is read, so a
 * delivery pays an addition instead of prom-client's label checks and hashing.
 */
export interface Tally<V extends string> {
  count(value: V): void;
}

function tallyCounter<V extends string>(
  registry: Registry,
  config: { name: string; help: string; labelName: string; values: readonly V[] },
): Tally<V> {
  const pending = Object.fromEntries(config.values.map((value) => [value, 0])) as Record<V, number>;
  new Counter({
    name: config.name,
    help: config.help,
    labelNames: [config.labelName],
    registers: [registry],
    collect() {
      for (const value of config.values) {
        if (pending[value] === 0) continue;
        this.inc({ [config.labelName]: value }, pending[value]);
        pending[value] = 0;
      }
    },
  });
  return {
    count(value) {
      pending[value] += 1;
    },
  };
}

/**
 * The PostgreSQL pool's connections, read when /metrics is asked: busy and idle, the most it opens,
 * and what waits for one. Waits that grow while the database's CPU is free say the pool is too
 * small for the process; waits with a busy database say the database is (docs/deploy.md).
 */
function registerPoolGauges(registry: Registry, store: Pick<Store, 'connections'>): void {
  const read = store.connections?.bind(store);
  if (!read) return;
  new Gauge({
    name: 'plaza_database_connections',
    help: 'PostgreSQL connections of this process by state: busy (running a statement or transaction) or idle',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const now = read();
      this.set({ state: 'busy' }, now.busy);
      this.set({ state: 'idle' }, now.idle);
    },
  });
  new Gauge({
    name: 'plaza_database_connections_max',
    help: 'PostgreSQL connections this process opens at most (PLAZA_DATABASE_POOL_SIZE, and a quarter of it, at least 2, for generic plans)',
    registers: [registry],
    collect() {
      this.set(read().max);
    },
  });
  new Gauge({
    name: 'plaza_database_connection_waits',
    help: 'Statements and transactions of this process waiting for a PostgreSQL connection',
    registers: [registry],
    collect() {
      this.set(read().waiting);
    },
  });
}

/**
 * A request's statements sent together on one PostgreSQL connection (db/pipelining-pool.ts): the
 * groups of two or more, and the statements in them, read from the store when /metrics is asked.
 */
function registerStatementGroups(registry: Registry, store: Pick<Store, 'statementGroups'>): void {
  const read = store.statementGroups?.bind(store);
  if (!read) return;
  const counted = { groups: 0, statements: 0 };
  for (const [key, name, help] of [
    [
      'groups',
      'plaza_database_statement_groups_total',
      "Groups of a request's statements sent together on one PostgreSQL connection",
    ],
    ['statements', 'plaza_database_grouped_statements_total', 'Statements sent in those groups'],
  ] as const)
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        const now = read()[key];
        this.inc(now - counted[key]);
        counted[key] = now;
      },
    });
}

/** Prometheus metrics of one process, served at /metrics; with the store's pool when it has one. */
export function createMetrics(store: Pick<Store, 'connections' | 'statementGroups'> = {}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'plaza_' });
  registerPoolGauges(registry, store);
  registerStatementGroups(registry, store);
  return {
    registry,
    httpDuration: new Histogram({
      name: 'plaza_http_request_duration_seconds',
      help: 'HTTP request duration by kind of route',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    websocketConnections: new Counter({
      name: 'plaza_websocket_events_total',
      help: 'GraphQL WebSocket connections opened and closed',
      labelNames: ['event'],
      registers: [registry],
    }),
    subscriptionEvents: tallyCounter(registry, {
      name: 'plaza_subscription_events_total',
      help: 'GraphQL subscription events by execution: own (executed for the subscriber) or shared (another subscriber’s result)',
      labelName: 'execution',
      values: ['own', 'shared'],
    }),
    subscriptionMessages: tallyCounter(registry, {
      name: 'plaza_subscription_messages_total',
      help: 'GraphQL next messages sent over WebSockets by path: direct (a subscription’s shared result written straight to the socket) or protocol (through graphql-ws: other results, and answers to queries and mutations over a socket)',
      labelName: 'path',
      values: ['direct', 'protocol'],
    }),
    shedRequests: new Counter({
      name: 'plaza_shed_requests_total',
      help: 'API requests refused with 503 because PLAZA_MAX_CONCURRENT_REQUESTS were being answered',
      registers: [registry],
    }),
  };
}
