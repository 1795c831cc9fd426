// A model whose requests keep failing the same way (the same HTTP status, connection refused, no
// answer) is stopped after a few in a row, with one message, instead of every case burning its retries.
// Rate limiting (429) is left to Retry-After; any success resets the count.
import type { AttemptOutcome } from "./retry.ts";

/** Failed attempts in a row, with the same signature, that stop a model. */
export const BREAKER_THRESHOLD = 5;

export interface FailureStreak {
  signature: string;
  count: number;
}

/** How a failed attempt failed, for "the same way"; null for failures that never count (429). */
export function failureSignature(outcome: AttemptOutcome): string | null {
  if (outcome.kind === "status") return outcome.status === 429 ? null : `HTTP ${outcome.status}`;
  return outcome.kind;
}

/** The streak after one more failed attempt; a different failure starts a new streak. */
export function extendStreak(streak: FailureStreak | undefined, signature: string | null): FailureStreak | undefined {
  if (signature === null) return streak;
  return streak?.signature === signature ? { signature, count: streak.count + 1 } : { signature, count: 1 };
}
