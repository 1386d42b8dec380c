/**
 * Where a query's database time goes, statement by statement (bench:inprocess with
 * BENCH_STATEMENT_TIMES=1): PostgreSQL's pg_stat_statements, counted from a reset before a query's
 * measured requests to the end of them. PostgreSQL must load the module at its start, which a
 * machine's default configuration does not:
 *
 *   ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'; -- then restart PostgreSQL
 *   ALTER SYSTEM SET pg_stat_statements.track_planning = on;          -- planning times too
 *
 * and `ALTER SYSTEM RESET shared_preload_libraries` (and `… RESET pg_stat_statements.track_planning`)
 * with a restart after, before CI runs on it.
 */
import type pg from 'pg';

/** How to load the module, in the error that says it is not loaded. */
const HOW_TO_LOAD =
  "BENCH_STATEMENT_TIMES needs PostgreSQL to load pg_stat_statements: ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements', restart PostgreSQL, and reset it afterwards";

/** Statements run fewer times than this share of the requests are left out (the benchmark's own). */
const LEAST_SHARE = 0.1;
/** How many statements a query's table lists, the costliest first. */
const LISTED = 12;
/** How much of a statement's text the table shows. */
const TEXT_SHOWN = 100;

/**
 * Makes sure the extension is there and loaded, then forgets what it counted so far (every
 * database's statements: run this on a PostgreSQL of benchmarks). Throws, saying how to load it,
 * when PostgreSQL did not load the module.
 */
export async function resetStatementTimes(client: pg.Client): Promise<void> {
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  try {
    await client.query('SELECT pg_stat_statements_reset()');
  } catch (error) {
    throw new Error(HOW_TO_LOAD, { cause: error });
  }
}

export interface StatementTime {
  /** Executions a request. */
  perRequest: number;
  /** Mean execution time, ms. */
  meanMs: number;
  /** Execution time a request, ms. */
  msPerRequest: number;
  /**
   * Planning time a request, ms: counted only with `pg_stat_statements.track_planning = on` (off by
   * default; then 0). A statement PostgreSQL plans at every run shows here, not in its mean.
   */
  planMsPerRequest: number;
  /** The statement's text (as pg_stat_statements normalised it), whitespace collapsed, cut short. */
  text: string;
}

/** The statements of `dbName` since the reset, costliest first, for `requests` requests. */
export async function readStatementTimes(
  client: pg.Client,
  dbName: string,
  requests: number,
): Promise<StatementTime[]> {
  const { rows } = await client.query<{ calls: string; total: number; plan: number; query: string }>(
    `SELECT s.calls, s.total_exec_time AS total, s.total_plan_time AS plan, s.query FROM pg_stat_statements s
     JOIN pg_database d ON d.oid = s.dbid
     WHERE d.datname = $1 AND s.calls >= $2
     ORDER BY s.total_exec_time + s.total_plan_time DESC LIMIT $3`,
    [dbName, Math.ceil(requests * LEAST_SHARE), LISTED],
  );
  return rows.map((row) => {
    const calls = Number(row.calls);
    return {
      perRequest: calls / requests,
      meanMs: row.total / calls,
      msPerRequest: row.total / requests,
      planMsPerRequest: row.plan / requests,
      text: row.query.replace(/\s+/g, ' ').slice(0, TEXT_SHOWN),
    };
  });
}

/** A table of readStatementTimes' rows for one query. */
export function statementTimesTable(query: string, times: StatementTime[]): string {
  const lines = [
    `| ${query}: statement | Runs a request | Mean (ms) | A request (ms) | Planning a request (ms) |`,
    '|---|---|---|---|---|',
    ...times.map(
      (time) =>
        `| \`${time.text.replaceAll('|', '\\|').replaceAll('`', "'")}\` | ${time.perRequest.toFixed(2)} | ${time.meanMs.toFixed(3)} | ${time.msPerRequest.toFixed(3)} | ${time.planMsPerRequest.toFixed(3)} |`,
    ),
  ];
  const total = times.reduce((sum, time) => sum + time.msPerRequest, 0);
  const planning = times.reduce((sum, time) => sum + time.planMsPerRequest, 0);
  lines.push(`| listed, in all | | | ${total.toFixed(3)} | ${planning.toFixed(3)} |`);
  return lines.join('\n');
}
