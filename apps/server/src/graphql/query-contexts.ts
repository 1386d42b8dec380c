import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/**
 * Set on a request context whose operation is a query (not a mutation, not a subscription): a
 * property of the context itself, not a WeakSet of contexts, whose entries V8's young-generation
 * collector keeps alive until a full collection (decision 0047's finding for WeakMaps; here every
 * query's context, with all it held, was promoted: 2.8 MB a young collection, 0.18 without).
 * Not enumerable, so a spread copy of the context does not take it (as it was not in the set).
 */
const QUERY = Symbol('plaza.queryContext');

/**
 * Marks the context of every query operation, so a query may keep what it reads for the rest of the
 * request (the viewer's row: requireViewerUser). A mutation's later resolvers must see what it
 * changed, and a subscription's context lives as long as its socket: neither is marked.
 */
export function useQueryContexts(): Plugin {
  return {
    onExecute({ args }) {
      if (getOperationAST(args.document, args.operationName)?.operation === 'query')
        Object.defineProperty(args.contextValue as object, QUERY, { value: true });
    },
  };
}

/** Whether `context` belongs to a query operation (useQueryContexts). */
export function isQueryContext(context: object): boolean {
  return QUERY in context;
}
