import {
  getOperationAST,
  GraphQLError,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
  type Source,
  type SourceLocation,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { Plugin } from 'graphql-yoga';
import type { Logger } from '../logger.ts';
import { isPromise } from './is-promise.ts';

/**
 * What a query's document (and operation name) has become: asked once so far, compiled, or left to
 * the interpreter for good (graphql-jit could not compile it, or its compiled run failed as a whole).
 */
type Entry =
  | { state: 'once' }
  | { state: 'compiled'; schema: GraphQLSchema; query: CompiledQuery }
  | { state: 'interpreted' };

type Execute = (args: ExecuteArgs) => unknown;
interface ExecuteArgs {
  schema: GraphQLSchema;
  document: DocumentNode;
  rootValue?: unknown;
  contextValue?: unknown;
  variableValues?: Record<string, unknown> | null;
  operationName?: string | null;
}

/**
 * Queries run compiled by graphql-jit from their second execution on (decision 0034). What the web
 * app asks is a few dozen documents asked over and over; the interpreter (graphql-js's executor)
 * walks each one field by field, value by value, on every request: for a chat room's 50 messages
 * ~15-20% of the server's CPU a request. A document is compiled on its second execution, not its
 * first, so documents a client never sends again cost the compiler nothing (Yoga's parse cache
 * hands out one document object per query text: "asked before" is that object).
 *
 * The answer must not depend on which of the two ran it, so:
 * - a request error (variables that do not fit: no `data` at all) is left to the interpreter, which
 *   words it and gives it its HTTP status as before;
 * - the compiled run's errors become graphql-js errors with the same message, path, locations,
 *   original error and extensions, which Yoga masks, codes and serializes as it does the
 *   interpreter's (graphql-jit's own error class has no source and positions, so Yoga dropped their
 *   locations);
 * - a compiled run that fails as a whole (graphql-jit's own machinery, not a resolver: a resolver's
 *   error is a field's error in both) runs again interpreted, and that document stays interpreted.
 *
 * Only queries: a mutation is not run twice, and it is asked too rarely to be worth compiling;
 * subscriptions have their own execution (subscription-events.ts).
 */
export function useCompiledExecution(logger: Pick<Logger, 'warn'>): Plugin {
  const entries = new WeakMap<DocumentNode, Map<string, Entry>>();
  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      const operation = getOperationAST(args.document, args.operationName);
      if (operation?.operation !== 'query') return;
      let byName = entries.get(args.document);
      if (!byName) entries.set(args.document, (byName = new Map()));
      const name = args.operationName ?? '';
      const entry = byName.get(name);
      if (entry === undefined) {
        byName.set(name, { state: 'once' });
        return;
      }
      if (entry.state === 'interpreted') return;
      let compiled: Entry = entry;
      if (entry.state === 'once' || entry.schema !== args.schema) {
        const made = compileQuery(args.schema, args.document, args.operationName ?? undefined);
        compiled = isCompiledQuery(made)
          ? { state: 'compiled', schema: args.schema, query: made }
          : { state: 'interpreted' };
        byName.set(name, compiled);
      }
      if (compiled.state !== 'compiled') return;
      const interpreted = executeFn as unknown as Execute;
      const giveUp = (given: ExecuteArgs, error: unknown) => {
        byName.set(name, { state: 'interpreted' });
        logger.warn(
          { err: error, operation: name || null },
          'compiled query failed as a whole; left to the interpreter',
        );
        return interpreted(given);
      };
      const query = compiled.query;
      setExecuteFn(((given: ExecuteArgs) => {
        let ran: ExecutionResult | Promise<ExecutionResult>;
        try {
          ran = query.query(given.rootValue, given.contextValue, given.variableValues ?? {});
        } catch (error) {
          return giveUp(given, error);
        }
        const settle = (result: ExecutionResult) =>
          result.errors?.length
            ? 'data' in result
              ? withGraphqlErrors(result, given.document)
              : interpreted(given)
            : result;
        return isPromise(ran) ? ran.then(settle, (error: unknown) => giveUp(given, error)) : settle(ran);
      }) as never);
    },
  };
}

/** The compiled run's answer with its errors as graphql-js's own (see useCompiledExecution). */
function withGraphqlErrors(result: ExecutionResult, document: DocumentNode): ExecutionResult {
  const source = document.loc?.source;
  // Errors first, then data, as graphql-js orders its answer (and so its JSON).
  const { errors, ...rest } = result;
  return {
    errors: errors!.map((error) => {
      const locations = (error as { locations?: readonly SourceLocation[] }).locations;
      return new GraphQLError(error.message, {
        source,
        positions: source && locations ? locations.map((at) => positionOf(source, at)) : undefined,
        path: error.path,
        originalError: error.originalError ?? undefined,
        extensions: error.extensions,
      });
    }),
    ...rest,
  };
}

const lineStarts = new WeakMap<Source, number[]>();

/** The offset in `source` of a line and column (both from 1), as graphql-js's getLocation reverses. */
export function positionOf(source: Source, { line, column }: SourceLocation): number {
  let starts = lineStarts.get(source);
  if (!starts) {
    starts = [0];
    for (const match of source.body.matchAll(/\r\n|[\n\r]/g)) starts.push(match.index + match[0].length);
    lineStarts.set(source, starts);
  }
  return (starts[line - 1] ?? 0) + column - 1;
}
