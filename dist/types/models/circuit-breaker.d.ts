import type { AttemptOutcome } from "./retry.ts";
/** Calls in a row that failed for good, the same way, that open the breaker. */
export declare const BREAKER_THRESHOLD = 3;
export interface FailureStreak {
    signature: string;
    count: number;
}
/**
 * How a failed attempt failed, for "the same way"; null for failures that never count: a 429 (paced
 * instead) and every other 4xx (the fatal ones open the breaker at once; the rest refuse one request).
 */
export declare function failureSignature(outcome: AttemptOutcome): string | null;
/** The streak after one more failed call; a different failure starts a new streak. */
export declare function extendStreak(streak: FailureStreak | undefined, signature: string | null): FailureStreak | undefined;
export interface Breaker {
    /**
     * Resolves when this call may send an attempt: "send" while closed, "probe" for the half-open
     * probe (one attempt, no retry), "stopped" once a probe failed. Waits while another call's probe is out.
     */
    admit(): Promise<"send" | "probe" | "stopped">;
    /** An answer: the breaker closes and the streak ends. */
    succeeded(): void;
    /** A call that failed for good; returns why the breaker opened, when it did now or already was. */
    failedForGood(outcome: AttemptOutcome, description: string, neverWorks: boolean): string | null;
    /** The probe failed too: the model is stopped, and whoever waited for the probe finds it so. */
    probeFailed(): void;
    /** The probe was never sent (the caller gave up, the run stopped): the next call probes instead. */
    probeAbandoned(): void;
    readonly state: BreakerState;
}
export type BreakerState = "closed" | "open" | "probing" | "stopped";
export declare function createBreaker(): Breaker;
