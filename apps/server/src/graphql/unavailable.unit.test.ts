import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { databasePortOf, isDatabaseUnreachable } from './unavailable.ts';

/** An error as node-postgres or Node's sockets make them: a message, a code (and a port). */
function coded(code: string, message = 'x', port?: number): Error {
  return Object.assign(new Error(message), { code, ...(port === undefined ? {} : { port }) });
}

const PORT = 5432;

describe('isDatabaseUnreachable', () => {
  it('knows a refused or lost connection, a server shutting down or full, however wrapped', () => {
    const refused = coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432', PORT);
    for (const error of [
      refused,
      new AggregateError([coded('ECONNREFUSED', 'x', PORT), refused], ''),
      coded('57P01', 'terminating connection due to administrator command'),
      coded('57P03', 'the database system is starting up'),
      coded('08006', 'connection failure'),
      coded('53300', 'sorry, too many clients already'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      // Drizzle's query error holds the driver's in `cause`; GraphQL's in `originalError`.
      new Error('Failed query: select 1', { cause: refused }),
      new GraphQLError('Unexpected error.', { originalError: new Error('Failed query', { cause: refused }) }),
    ]) {
      expect(isDatabaseUnreachable(error, PORT), String(error)).toBe(true);
    }
  });

  it('leaves every other error to be masked', () => {
    for (const error of [
      coded('23505', 'duplicate key value violates unique constraint'),
      coded('42P01', 'relation "x" does not exist'),
      coded('ENOENT'),
      // Another service out of reach (Stripe, S3, Redis), or any socket error on PGlite.
      coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:6379', 6379),
      coded('ETIMEDOUT', 'connect ETIMEDOUT 1.2.3.4:443', 443),
      new Error('Connection terminated by a story'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      new GraphQLError('Not found', { extensions: { code: 'NOT_FOUND' } }),
      'ECONNREFUSED',
      null,
    ]) {
      expect(isDatabaseUnreachable(error, PORT), String(error)).toBe(false);
    }
    expect(isDatabaseUnreachable(coded('ECONNREFUSED', 'x', PORT), null)).toBe(false);
  });

  it('stops on an error that wraps itself', () => {
    const loop: Error & { cause?: unknown } = new Error('loop');
    loop.cause = new Error('inner', { cause: loop });
    expect(isDatabaseUnreachable(loop, PORT)).toBe(false);
  });
});

describe('databasePortOf', () => {
  it("reads the address's port, PostgreSQL's own when it names none, none for the embedded store", () => {
    expect(databasePortOf('postgres://u@db.example:6543/plaza')).toBe(6543);
    expect(databasePortOf('postgresql://u@127.0.0.1/plaza')).toBe(5432);
    expect(databasePortOf(undefined)).toBeNull();
  });
});
