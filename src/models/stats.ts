// Per-model counters the registry reports after a run.

export interface ModelStats {
  /** HTTP requests sent, retries included; cache hits are not requests. */
  requests: number;
  cacheHits: number;
  /** Attempts beyond the first. */
  retries: number;
  /** Calls that ended in an error (after retries), fatal short-circuits included. */
  errors: number;
  inputTokens: number;
  outputTokens: number;
  /** USD actually spent; cache hits cost nothing. */
  costUsd: number;
  /** Answers whose reported token counts could not be right (negative, not finite): usage and cost unknown. */
  unusableUsage: number;
}

export function emptyStats(): ModelStats {
  return { requests: 0, cacheHits: 0, retries: 0, errors: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, unusableUsage: 0 };
}

export function sumStats(all: Iterable<ModelStats>): ModelStats {
  const total = emptyStats();
  for (const stats of all) {
    total.requests += stats.requests;
    total.cacheHits += stats.cacheHits;
    total.retries += stats.retries;
    total.errors += stats.errors;
    total.inputTokens += stats.inputTokens;
    total.outputTokens += stats.outputTokens;
    total.costUsd += stats.costUsd;
    total.unusableUsage += stats.unusableUsage;
  }
  return total;
}
