import { sql } from 'drizzle-orm';

/**
 * A LIMIT written into a statement's text instead of sent as a parameter, for a statement built
 * once (db/prepared.ts) whose limit never changes. PostgreSQL keeps one ("generic") plan for a
 * named statement only when its estimated cost is no higher than that of the plans made for each
 * execution's values; a generic plan cannot read a parameter's limit and guesses a tenth of the
 * rows, so a statement with `LIMIT $n` over a large join was planned afresh at every execution.
 * Drizzle's `.limit()` writes an SQL chunk as it is (its type says number only).
 */
export function literalLimit(count: number): number {
  if (!Number.isSafeInteger(count) || count < 0) throw new TypeError(`Not a limit: ${String(count)}`);
  return sql.raw(String(count)) as unknown as number;
}
