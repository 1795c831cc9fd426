// A bounded pipeline: `width` workers pull the next item the moment they finish one. Nothing is
// queued ahead, so memory does not grow with the number of items, and a new case starts as soon
// as one ends (no waves).

/** Runs `work` on every item, at most `width` at a time; stops pulling new items once `stopped()` says so. */
export async function forEachBounded<T>(
  items: Iterable<T>,
  width: number,
  work: (item: T) => Promise<void>,
  stopped: () => boolean = () => false,
): Promise<void> {
  const iterator = items[Symbol.iterator]();
  let failed = false;
  const worker = async () => {
    while (!failed && !stopped()) {
      const next = iterator.next();
      if (next.done) return;
      try {
        await work(next.value);
      } catch (error) {
        failed = true; // the others finish their current item and stop
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, width) }, worker));
}
