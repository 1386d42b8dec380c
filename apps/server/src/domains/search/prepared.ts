import { fillPlaceholders, type SQL } from 'drizzle-orm';
import type { Store } from '../../db/client.ts';
import { shapedQuery, shapedRows } from '../../db/shaped-statements.ts';

/**
 * The rows of a viewer's page of search results: `build` makes its statement with placeholders
 * (`sql.placeholder(name)`) where `values` go, once per store and `shape` (a statement of many
 * fragments: Drizzle building it for every search cost ~0.45 ms of a search's ~3.4 ms of server
 * CPU); afterwards it is only filled in. On PostgreSQL it runs as a named statement (named after its
 * text, so each connection prepares it once) on the store's pool of generic plans: its plan does not
 * depend on the values, but the planner's estimate of the rows changed in the last minutes does,
 * and with a few hundred of them PostgreSQL kept planning it afresh at every execution, 0.4-1.4 ms
 * a statement, longer than it ran (decision 0043). On PGlite (one process, no pool), or without
 * named statements, it runs as explore's statements do (shapedRows). Rows come with pg's own value
 * parsing on the pool of generic plans, as the store's `execute` gives them elsewhere (callers read
 * ids and numbers through `Number`).
 */
export async function pageRows<T>(
  store: Store,
  shape: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<T[]> {
  if (!store.genericPlanRows) return shapedRows<T>(store.db, `search-page:${shape}`, build, values);
  const statement = shapedQuery(store.db, `search-page:${shape}`, build, 'search_');
  return store.genericPlanRows<T>(statement.name, statement.sql, fillPlaceholders(statement.params, values));
}
