// Which answers of a case came from the response cache, and how old they were: the engine counts
// per case (AsyncLocalStorage follows the case's awaits), the models note each hit. Reports show it
// so a number served from the cache is never taken for one measured now.
import { AsyncLocalStorage } from "node:async_hooks";
import type { CacheUse } from "../results/types.ts";

const tally = new AsyncLocalStorage<CacheUse>();

/** Runs work, counting the cache hits made inside it (and in everything it awaits). */
export async function countCacheUse<T>(work: () => Promise<T>): Promise<{ value: T; use: CacheUse }> {
  const use: CacheUse = { hits: 0 };
  const value = await tally.run(use, work);
  return { value, use };
}

/** Called by a model on every answer served from the cache; savedAt is the entry's. */
export function noteCacheHit(savedAt: string): void {
  const use = tally.getStore();
  if (use) addHits(use, { hits: 1, oldest: savedAt, newest: savedAt });
}

function addHits(into: CacheUse, use: CacheUse): void {
  if (use.hits <= 0) return;
  into.hits += use.hits;
  if (use.oldest && (!into.oldest || use.oldest < into.oldest)) into.oldest = use.oldest;
  if (use.newest && (!into.newest || use.newest > into.newest)) into.newest = use.newest;
}

/** Several cases' (or suites') use as one: hits summed, the oldest and newest entry kept. */
export function combineCacheUse(uses: Iterable<CacheUse | undefined>): CacheUse {
  const total: CacheUse = { hits: 0 };
  for (const use of uses) if (use) addHits(total, use);
  return total;
}
