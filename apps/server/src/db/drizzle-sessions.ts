import { NodePgSession } from 'drizzle-orm/node-postgres';
import { PgliteSession } from 'drizzle-orm/pglite';

/** What a Drizzle session's `prepareQuery` returns, as far as Plaza adjusts it. */
export interface PreparedStatement {
  customResultMapper?: (rows: unknown[][]) => unknown;
  joinsNotNullableMap?: Record<string, boolean>;
  queryConfig?: { rowMode?: string; parsers?: Record<number, unknown> };
  rawQueryConfig?: { rowMode?: string; parsers?: Record<number, unknown> };
}

/** Drizzle's `prepareQuery(query, fields, name, isResponseInArrayMode, customResultMapper, …)`. */
type PrepareQuery = (this: unknown, ...args: unknown[]) => PreparedStatement;

const SESSIONS = { pg: NodePgSession, pglite: PgliteSession };

/**
 * Runs `adjust` on every statement the named drivers' Drizzle sessions prepare, with the fields it
 * selects (Drizzle's ordered list, or undefined) and whether it came with a row mapper of its own.
 * It leans on Drizzle 0.45's `prepareQuery` signature (decision 0036).
 */
export function afterPrepare(
  drivers: ReadonlyArray<keyof typeof SESSIONS>,
  adjust: (prepared: PreparedStatement, fields: unknown, hasOwnMapper: boolean) => void,
): void {
  for (const driver of drivers) {
    const prototype = SESSIONS[driver].prototype as unknown as { prepareQuery: PrepareQuery };
    const prepareQuery = prototype.prepareQuery;
    prototype.prepareQuery = function (...args) {
      const prepared = prepareQuery.apply(this, args);
      adjust(prepared, args[1], Boolean(args[4]));
      return prepared;
    };
  }
}
