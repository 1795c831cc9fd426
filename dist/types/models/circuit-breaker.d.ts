import type { AttemptOutcome } from "./retry.ts";
/** Failed attempts in a row, with the same signature, that stop a model. */
export declare const BREAKER_THRESHOLD = 5;
export interface FailureStreak {
    signature: string;
    count: number;
}
/** How a failed attempt failed, for "the same way"; null for failures that never count (429). */
export declare function failureSignature(outcome: AttemptOutcome): string | null;
/** The streak after one more failed attempt; a different failure starts a new streak. */
export declare function extendStreak(streak: FailureStreak | undefined, signature: string | null): FailureStreak | undefined;
