// The circuit breaker of one model. Transient overload (5xx, 529, timeouts, refused connections)
// that a retry gets past says nothing about the model, so only calls that failed for good count:
// a few in a row that failed the same way after all their retries, or one answer that will never
// work (401/403/404/410). A refusal of one request (a content filter's 400, a context too long:
// 413, 422) is about that request, not the endpoint: it never counts, and the endpoint answering
// it closes the breaker like any answer (transport.ts). Either opens the breaker: the next request is a single probe, and every
// other request waits for it. The probe answering closes the breaker; the probe failing stops
// the model for the rest of the run, with one message.
import type { AttemptOutcome } from "./retry.ts";

/** Calls in a row that failed for good, the same way, that open the breaker. */
export const BREAKER_THRESHOLD = 3;

export interface FailureStreak {
  signature: string;
  count: number;
}

/**
 * How a failed attempt failed, for "the same way"; null for failures that never count: a 429 (paced
 * instead) and every other 4xx (the fatal ones open the breaker at once; the rest refuse one request).
 */
export function failureSignature(outcome: AttemptOutcome): string | null {
  if (outcome.kind === "status") return outcome.status >= 500 ? `HTTP ${outcome.status}` : null;
  return outcome.kind;
}

/** The streak after one more failed call; a different failure starts a new streak. */
export function extendStreak(streak: FailureStreak | undefined, signature: string | null): FailureStreak | undefined {
  if (signature === null) return streak;
  return streak?.signature === signature ? { signature, count: streak.count + 1 } : { signature, count: 1 };
}

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

export function createBreaker(): Breaker {
  let state: BreakerState = "closed";
  let streak: FailureStreak | undefined;
  let openedBecause: string | null = null;
  let probeSettled: { promise: Promise<void>; resolve: () => void } | null = null;

  const endProbe = () => {
    probeSettled?.resolve();
    probeSettled = null;
  };

  return {
    get state() {
      return state;
    },
    async admit() {
      while (state === "probing") await probeSettled!.promise;
      if (state === "closed") return "send";
      if (state === "stopped") return "stopped";
      state = "probing";
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      probeSettled = { promise, resolve };
      return "probe";
    },
    succeeded() {
      streak = undefined;
      openedBecause = null;
      state = "closed";
      endProbe();
    },
    failedForGood(outcome, description, neverWorks) {
      if (neverWorks) {
        openedBecause ??= description;
      } else {
        streak = extendStreak(streak, failureSignature(outcome));
        if (streak && streak.count >= BREAKER_THRESHOLD) {
          openedBecause ??= `${streak.count} calls in a row failed the same way after their retries (last: ${description})`;
        }
      }
      if (openedBecause && state === "closed") state = "open";
      return openedBecause;
    },
    probeFailed() {
      state = "stopped";
      endProbe();
    },
    probeAbandoned() {
      if (state === "probing") state = "open";
      endProbe();
    },
  };
}
