/**
 * The items of `source`, read as they come, where an item waiting to be taken is replaced by a
 * later one of the same key (which then waits at the end): a consumer slower than its source gets
 * the latest of each key, in the order they last changed, and at most one item per key waits. Items
 * whose key is null are never replaced. Reading the source ahead is what lets a chat list
 * subscriber that is behind skip to a chat's latest state instead of reading every state between
 * (decision 0027): each read shows the chat as it is when read.
 *
 * The source's errors reach the consumer after the items before them; the source is closed when the
 * consumer stops.
 */
export async function* latestByKey<T>(
  source: AsyncIterator<T>,
  keyOf: (item: T) => string | number | null,
): AsyncGenerator<T> {
  const waiting: T[] = [];
  let ended = false;
  let failure: { error: unknown } | null = null;
  let wake: (() => void) | null = null;
  const pump = async () => {
    try {
      for (;;) {
        const step = await source.next();
        if (step.done) break;
        const key = keyOf(step.value);
        if (key !== null) {
          const earlier = waiting.findIndex((item) => keyOf(item) === key);
          if (earlier >= 0) waiting.splice(earlier, 1);
        }
        waiting.push(step.value);
        wake?.();
      }
    } catch (error) {
      failure = { error };
    } finally {
      ended = true;
      wake?.();
    }
  };
  void pump();
  try {
    for (;;) {
      if (waiting.length > 0) {
        yield waiting.shift()!;
        continue;
      }
      if (failure) throw (failure as { error: unknown }).error;
      if (ended) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = null;
    }
  } finally {
    // Not awaited: the source may be waiting for its next item, and ends with this call.
    void source.return?.();
  }
}
