/**
 * A value per key object, made on first use and gone with the key (a WeakMap): statements built
 * once per store (db/prepared.ts), and anything else keyed by an object that lives as long as the
 * process. For keys that live as long as a request or an event, use oncePerShortLived.
 */
export function oncePer<K extends object, T>(create: (key: K) => T): (key: K) => T {
  return onceIn(new WeakMap<K, T>(), create);
}

/** The value of `key` in `made`, made by `create` on first use (oncePer, oncePerShortLived). */
function onceIn<K extends object, T>(
  made: { get(key: K): T | undefined; set(key: K, value: T): unknown },
  create: (key: K) => T,
): (key: K) => T {
  return (key) => {
    let value = made.get(key);
    if (value === undefined) {
      value = create(key);
      made.set(key, value);
    }
    return value;
  };
}

const VALUES = Symbol('plaza.keptOn');

/**
 * The values kept on an object itself: one Map under a symbol, not enumerable (a spread copy of the
 * object, `{ ...context }`, starts without them, as a new key of a WeakMap would).
 *
 * Why not a WeakMap: V8's young-generation collector keeps the values of a long-lived WeakMap alive
 * whatever their keys, until a full collection looks at them. A request's loaders, kept in a WeakMap
 * by the request's context, survived every young collection they met and were moved to the old
 * generation with every row they held: ~80 KB of each chat room request, and a full collection of
 * the server's heap every ~4 s at 300 requests a second (bench/README.md). Kept on the context, they
 * die with it, young.
 */
function valuesOn(key: object): Map<unknown, unknown> {
  let values = keptValues(key);
  if (values === undefined) {
    values = new Map();
    Object.defineProperty(key, VALUES, { value: values });
  }
  return values;
}

/** The values kept on `key`, if any were (a read makes none: see valuesOn). */
function keptValues(key: object): Map<unknown, unknown> | undefined {
  return (key as { [VALUES]?: Map<unknown, unknown> })[VALUES];
}

/**
 * Forgets every value kept on `key` (oncePerShortLived, keptOn): what a request's context kept
 * (its loaders and their rows) is let go once its operation has run, even where something outside
 * still holds the context for a while (an idle keep-alive connection holds its last request).
 */
export function forgetKeptOn(key: object): void {
  keptValues(key)?.clear();
}

/** A value per key object that lives about as long as a request or an event (see valuesOn). */
export function oncePerShortLived<K extends object, T>(create: (key: K) => T): (key: K) => T {
  return onceIn(keptOn<K, T>(), create);
}

/** A WeakMap's get and set for keys that live about as long as a request or an event (see valuesOn). */
export function keptOn<K extends object, T>(): {
  get(key: K): T | undefined;
  set(key: K, value: T): void;
} {
  const slot = {};
  return {
    get: (key) => keptValues(key)?.get(slot) as T | undefined,
    set: (key, value) => void valuesOn(key).set(slot, value),
  };
}
