/**
 * A value per key object, made on first use and gone with the key (a WeakMap): per-request loader
 * sets (graphql/request-scoped.ts), statements built once per store (db/prepared.ts).
 */
export function oncePer<K extends object, T>(create: (key: K) => T): (key: K) => T {
  const made = new WeakMap<K, T>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) {
      value = create(key);
      made.set(key, value);
    }
    return value;
  };
}
