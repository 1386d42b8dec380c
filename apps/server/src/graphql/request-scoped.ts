import type { RequestContext } from './context.ts';
import { sharedScopeOf } from './subscription-events.ts';

/**
 * One value per request, made on first use and gone with the request: the per-request DataLoader
 * sets of the domains, so a list of N rows costs one query per field and nothing outlives a request.
 */
export function requestScoped<T>(create: (context: RequestContext) => T): (context: RequestContext) => T {
  const perRequest = new WeakMap<RequestContext, T>();
  return (context) => {
    let value = perRequest.get(context);
    if (value === undefined) {
      value = create(context);
      perRequest.set(context, value);
    }
    return value;
  };
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
  const perScope = new WeakMap<object, T>();
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
