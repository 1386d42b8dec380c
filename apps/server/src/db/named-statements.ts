import { createHash } from 'node:crypto';
import pg from 'pg';

/** Distinct statement texts a pool names at most; any further text goes unnamed. */
export const NAMED_STATEMENTS_MAX = 200;

/** Uses of a text before it is named: a request's statements get there at once, rare ones late. */
export const NAMED_AFTER_USES = 10;

/** Statement texts counted (not named yet) at most; beyond, new texts go unnamed. */
const COUNTED_MAX = 5_000;

/** Statements with more parameters than this (long IN lists: one text per length) go unnamed. */
export const NAMED_PARAMETERS_MAX = 40;

/** Queries and changes of rows, the statements a request sends; not DDL nor transaction control. */
const NAMEABLE = /^\s*\(?\s*(select|insert|update|delete|with)\b/i;

/**
 * The names one pool gives statement texts: a text is named at its NAMED_AFTER_USES-th use (the
 * statements every request sends get there first; migrations and other one-off statements never),
 * when it takes 1 to NAMED_PARAMETERS_MAX parameters and is a query or a change of rows, while fewer
 * than NAMED_STATEMENTS_MAX texts have a name. The name is a hash of the text, the same on every
 * connection and in every process.
 */
export class StatementNames {
  /** A number counts the uses of a text not named yet; a string is its name; null: never named. */
  private readonly seen = new Map<string, number | string | null>();
  private named = 0;

  nameOf(text: string, parameterCount: number): string | null {
    const known = this.seen.get(text);
    if (typeof known === 'string' || known === null) return known;
    if (known === undefined) {
      if (this.seen.size >= COUNTED_MAX) return null;
      const nameable = parameterCount > 0 && parameterCount <= NAMED_PARAMETERS_MAX && NAMEABLE.test(text);
      this.seen.set(text, nameable ? 1 : null);
      return null;
    }
    if (known + 1 < NAMED_AFTER_USES) {
      this.seen.set(text, known + 1);
      return null;
    }
    if (this.named >= NAMED_STATEMENTS_MAX) {
      this.seen.set(text, null);
      return null;
    }
    this.named += 1;
    const name = `p${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
    this.seen.set(text, name);
    return name;
  }
}

interface QueryConfig {
  text: string;
  name?: string;
  values?: unknown[];
}

function isQueryConfig(value: unknown): value is QueryConfig {
  return typeof value === 'object' && value !== null && typeof (value as QueryConfig).text === 'string';
}

/**
 * A node-postgres Client class for one pool, naming the statements Drizzle sends (StatementNames):
 * PostgreSQL then parses a named text once per connection and, after five executions, may keep one
 * plan for it instead of planning it on every request (decision 0024). With `named` false (a pooler
 * that cannot keep prepared statements), nothing goes named: not even the statements Plaza builds
 * once and names itself (db/prepared.ts), whose names it takes off.
 */
export function namingClient({ named = true }: { named?: boolean } = {}): typeof pg.Client {
  const names = new StatementNames();
  return class NamingClient extends pg.Client {
    override query(...args: unknown[]): never {
      const [config, values] = args;
      if (!named) {
        if (isQueryConfig(config) && config.name !== undefined) {
          const { name: _name, ...unnamed } = config;
          args[0] = unnamed;
        }
      } else if (isQueryConfig(config) && config.name === undefined) {
        const count = Array.isArray(values) ? values.length : (config.values?.length ?? 0);
        const name = names.nameOf(config.text, count);
        if (name !== null) args[0] = { ...config, name };
      }
      return (super.query as (...rest: unknown[]) => never)(...args);
    }
  };
}
