// Per-model counters the registry reports after a run.
import type { TokenUsage } from "./types.ts";

export interface ModelStats {
  /** HTTP requests sent, retries included; cache hits are not requests. */
  requests: number;
  cacheHits: number;
  /** Attempts beyond the first. */
  retries: number;
  /** Calls that ended in an error (after retries), fatal short-circuits included. */
  errors: number;
  /** Every input token, those read from or written to the prompt cache included. */
  inputTokens: number;
  /** Every output token, reasoning included. */
  outputTokens: number;
  /** Of the input: read from the provider's prompt cache. */
  cachedInputTokens: number;
  /** Of the input: written to the provider's prompt cache. */
  cacheWriteTokens: number;
  /** Of the output: spent thinking. */
  reasoningTokens: number;
  /** USD actually spent; cache hits cost nothing. */
  costUsd: number;
  /** Answers whose reported token counts could not be right (negative, not finite): usage and cost unknown. */
  unusableUsage: number;
}

export function emptyStats(): ModelStats {
  return {
    requests: 0,
    cacheHits: 0,
    retries: 0,
    errors: 0,
    inputTokens: 0,
    outputTokens: 0,
    cachedInputTokens: 0,
    cacheWriteTokens: 0,
    reasoningTokens: 0,
    costUsd: 0,
    unusableUsage: 0,
  };
}

/** Adds one answer's reported tokens. */
export function countTokens(stats: ModelStats, usage: TokenUsage): void {
  stats.inputTokens += usage.inputTokens;
  stats.outputTokens += usage.outputTokens;
  stats.cachedInputTokens += usage.cachedInputTokens ?? 0;
  stats.cacheWriteTokens += usage.cacheWriteTokens ?? 0;
  stats.reasoningTokens += usage.reasoningTokens ?? 0;
}

export function sumStats(all: Iterable<ModelStats>): ModelStats {
  const total = emptyStats();
  for (const stats of all) {
    total.requests += stats.requests;
    total.cacheHits += stats.cacheHits;
    total.retries += stats.retries;
    total.errors += stats.errors;
    countTokens(total, stats);
    total.costUsd += stats.costUsd;
    total.unusableUsage += stats.unusableUsage;
  }
  return total;
}
