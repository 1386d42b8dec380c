/**
 * Puts `item` at the end of `waiting`, taking out an item of the same key waiting before it: a
 * consumer slower than its source gets the latest of each key, in the order they last changed, and
 * at most one item per key waits. Items whose key is null are never replaced. This is what lets a
 * chat list subscriber that is behind skip to a chat's latest state instead of reading every state
 * between (decision 0027): each read shows the chat as it is when read.
 */
export function putLatest<T>(waiting: T[], item: T, keyOf: (item: T) => string | number | null): void {
  const key = keyOf(item);
  if (key !== null) {
    const earlier = waiting.findIndex((other) => keyOf(other) === key);
    if (earlier >= 0) waiting.splice(earlier, 1);
  }
  waiting.push(item);
}
