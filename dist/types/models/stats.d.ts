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
export declare function emptyStats(): ModelStats;
/** Adds one answer's reported tokens. */
export declare function countTokens(stats: ModelStats, usage: TokenUsage): void;
export declare function sumStats(all: Iterable<ModelStats>): ModelStats;
