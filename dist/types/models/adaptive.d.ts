/** How an attempt ended, as far as the provider's capacity is concerned. */
export interface AttemptFeedback {
    /** The provider refused for load (429/503). */
    refused: boolean;
    /** What Retry-After asked for, in ms, when it was given. */
    retryAfterMs: number | null;
    /** When the attempt got its slot (performance.now()): refusals of requests sent before the last cut do not cut again. */
    startedAt: number;
}
export interface AdaptiveLimit {
    /**
     * Waits for a slot of this model; resolves with the slot's start time, to hand back to feedback().
     * An abort of `signal` (the run interrupted) leaves the queue at once, pause or not, rejecting with its reason;
     * so does an abort of the limit's `stop` signal, for every wait at once and every later one.
     */
    acquire(signal?: AbortSignal): Promise<number>;
    release(): void;
    feedback(attempt: AttemptFeedback): void;
    /** The current limit (a fraction while it grows) and what happened so far. */
    readonly state: {
        limit: number;
        refused: number;
        cuts: number;
    };
}
export interface AdaptiveLimitOptions {
    /** The clock (performance.now() by default), injectable for tests. */
    now?: () => number;
    /**
     * Aborted when nothing more may be sent (the run's deadline or budget): every queued wait rejects
     * with its reason at once, and so does every later acquire. One listener per limit, not per wait.
     */
    stop?: AbortSignal;
}
export declare function createAdaptiveLimit(ceiling: number, options?: AdaptiveLimitOptions): AdaptiveLimit;
