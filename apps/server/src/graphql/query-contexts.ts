import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/** Request contexts whose operation is a query (not a mutation, not a subscription). */
const queryContexts = new WeakSet<object>();

/**
 * Marks the context of every query operation, so a query may keep what it reads for the rest of the
 * request (the viewer's row: requireViewerUser). A mutation's later resolvers must see what it
 * changed, and a subscription's context lives as long as its socket: neither is marked.
 */
export function useQueryContexts(): Plugin {
  return {
    onExecute({ args }) {
      if (getOperationAST(args.document, args.operationName)?.operation === 'query')
        queryContexts.add(args.contextValue as object);
    },
  };
}

/** Whether `context` belongs to a query operation (useQueryContexts). */
export function isQueryContext(context: object): boolean {
  return queryContexts.has(context);
}
