import { BATCH_MAX_KEYS } from '@plaza/core/constants';
import { keptOn, oncePerShortLived } from '../once-per.ts';
import type { RequestContext } from './context.ts';
import { sharedScopeOf } from './subscription-events.ts';

/**
 * The DataLoader options of every per-request loader (decision 0025): a batch holds at most 250
 * keys and is sent at the end of the event loop's turn (setImmediate), so the keys of every
 * resolver that ran in that turn, also after its own query's answer arrived in the same poll, go in
 * one statement, without a timer's wait at each level of the answer's tree.
 */
export const BATCHING = {
  maxBatchSize: BATCH_MAX_KEYS,
  batchScheduleFn: (callback: () => void) => void setImmediate(callback),
};

/**
 * One value per request, made on first use and gone with the request: the per-request DataLoader
 * sets of the domains, so a list of N rows costs one query per field and nothing outlives a request.
 */
export function requestScoped<T>(create: (context: RequestContext) => T): (context: RequestContext) => T {
  return oncePerShortLived(create);
}

/**
 * Like requestScoped, for values that are the same for every viewer (rows by id): within a
 * subscription event that several subscribers receive, one value serves all of them
 * (sharedScopeOf), so a message to a group reads its sender once, not once per member.
 * `create` must not read the viewer.
 */
export function sharedScoped<T>(
  create: (context: Pick<RequestContext, 'store'>) => T,
): (context: RequestContext) => T {
  const perScope = keptOn<object, T>();
  return (context) => {
    const scope = sharedScopeOf(context);
    let value = perScope.get(scope);
    if (value === undefined) {
      value = create({ store: context.store });
      perScope.set(scope, value);
    }
    return value;
  };
}
