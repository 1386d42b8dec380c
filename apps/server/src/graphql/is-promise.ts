/** Whether an executor answered a promise (graphql-js and graphql-jit answer a value when they can). */
export function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
