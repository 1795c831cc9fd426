/** What one HTTP attempt ended with, as far as retrying is concerned. */
export type AttemptOutcome = {
    kind: "status";
    status: number;
    /** The Retry-After header as sent, or the wait it asked for already in ms (./rate-headers.ts reads retry-after-ms too). */
    retryAfter?: string | null;
    retryAfterMs?: number | null;
} | {
    kind: "network";
} | {
    kind: "timeout";
};
/**
 * "retry": transient, try again while attempts remain.
 * "fatal": the model is misconfigured or gone; stop all of its work.
 * "fail": this call failed for good, other calls may still work.
 */
export type RetryDecision = "retry" | "fatal" | "fail";
export declare const FATAL_STATUSES: ReadonlySet<number>;
/**
 * Whether an HTTP status is a refusal of this one request (a content filter's 400, a context too long
 * for 413 or 422, any other 4xx but the fatal ones and 429): it fails the call, and says the endpoint
 * is up. It never counts against the circuit breaker, and never stops the model.
 */
export declare function refusesOneRequest(status: number): boolean;
/** Longest exponential backoff between attempts. */
export declare const MAX_BACKOFF_MS = 30000;
/** Longest wait a server may ask for with Retry-After; beyond this we would rather fail. */
export declare const MAX_RETRY_AFTER_MS = 60000;
export declare function classifyOutcome(outcome: AttemptOutcome): RetryDecision;
/**
 * Exponential backoff: base·2^(attempt−1) plus 0–30% jitter, capped.
 * `attempt` is the 1-based number of the attempt that just failed.
 */
export declare function backoffDelay(attempt: number, baseMs: number, random?: () => number, capMs?: number): number;
/**
 * Retry-After as milliseconds: delta seconds ("120", decimals tolerated) or an HTTP date.
 * Null when absent or unreadable; never negative.
 */
export declare function parseRetryAfter(header: string | null | undefined, now?: number): number | null;
/** How long to wait before the next attempt. Retry-After wins on 429/503, capped. */
export declare function retryDelay(attempt: number, outcome: AttemptOutcome, baseMs: number, random?: () => number, now?: number): number;
