import type { RequestContext } from './context.ts';

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
