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
export declare function emptyStats(): ModelStats;
export declare function sumStats(all: Iterable<ModelStats>): ModelStats;
