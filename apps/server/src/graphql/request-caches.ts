import { RequestCache } from '@pothos/plugin-scope-auth';
import type { Plugin } from 'graphql-yoga';
import { forgetKeptOn } from '../once-per.ts';

/**
 * Lets go of what Pothos' scope-auth keeps for a request once its operation has run: its request
 * cache, which holds the request's context, sits in a module-wide WeakMap keyed by that context.
 * V8's young-generation collector keeps the values of a long-lived WeakMap alive whatever their
 * keys, until a full collection looks at them, so every request's context, its loaders and every
 * row they held survived the young collections they met and moved to the old generation: ~3.8 MB
 * at each young collection of a chat room run, and a full collection of the server's heap every ~4
 * s at 300 requests a second (bench/README.md, fourth 2026-12-06 session). Removed from the map when
 * the operation is done, the cache and the context die young. Queries and mutations only: a
 * subscription's contexts live as long as it does.
 */
export function useRequestCachesReleased(): Plugin {
  return {
    onExecute({ args }) {
      const context = args.contextValue as object;
      return {
        onExecuteDone: () => {
          RequestCache.clearForContext(context);
          forgetKeptOn(context);
        },
      };
    },
  };
}
