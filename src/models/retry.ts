// The retry policy, pure: what to do with one attempt's outcome and how long to wait before the next.
// No I/O here, so every rule is testable without a network.

/** What one HTTP attempt ended with, as far as retrying is concerned. */
export type AttemptOutcome =
  | {
      kind: "status";
      status: number;
      /** The Retry-After header as sent, or the wait it asked for already in ms (./rate-headers.ts reads retry-after-ms too). */
      retryAfter?: string | null;
      retryAfterMs?: number | null;
    }
  | { kind: "network" }
  | { kind: "timeout" };

/**
 * "retry": transient, try again while attempts remain.
 * "fatal": the model is misconfigured or gone; stop all of its work.
 * "fail": this call failed for good, other calls may still work.
 */
export type RetryDecision = "retry" | "fatal" | "fail";

export const FATAL_STATUSES: ReadonlySet<number> = new Set([401, 403, 404, 410]);

/**
 * Whether an HTTP status is a refusal of this one request (a content filter's 400, a context too long
 * for 413 or 422, any other 4xx but the fatal ones and 429): it fails the call, and says the endpoint
 * is up. It never counts against the circuit breaker, and never stops the model.
 */
export function refusesOneRequest(status: number): boolean {
  return status >= 400 && status < 500 && status !== 429 && !FATAL_STATUSES.has(status);
}

/** Longest exponential backoff between attempts. */
export const MAX_BACKOFF_MS = 30_000;
/** Longest wait a server may ask for with Retry-After; beyond this we would rather fail. */
export const MAX_RETRY_AFTER_MS = 60_000;

export function classifyOutcome(outcome: AttemptOutcome): RetryDecision {
  if (outcome.kind !== "status") return "retry";
  const { status } = outcome;
  if (FATAL_STATUSES.has(status)) return "fatal";
  if (status === 429 || status >= 500) return "retry";
  return "fail";
}

/**
 * Exponential backoff: base·2^(attempt−1) plus 0–30% jitter, capped.
 * `attempt` is the 1-based number of the attempt that just failed.
 */
export function backoffDelay(attempt: number, baseMs: number, random: () => number = Math.random, capMs = MAX_BACKOFF_MS): number {
  const exponential = baseMs * 2 ** Math.max(0, attempt - 1);
  const jittered = exponential * (1 + 0.3 * random());
  return Math.min(capMs, Math.round(jittered));
}

/**
 * Retry-After as milliseconds: delta seconds ("120", decimals tolerated) or an HTTP date.
 * Null when absent or unreadable; never negative.
 */
export function parseRetryAfter(header: string | null | undefined, now: number = Date.now()): number | null {
  if (header === null || header === undefined) return null;
  const text = header.trim();
  if (text === "") return null;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}

/** How long to wait before the next attempt. Retry-After wins on 429/503, capped. */
export function retryDelay(
  attempt: number,
  outcome: AttemptOutcome,
  baseMs: number,
  random: () => number = Math.random,
  now: number = Date.now(),
): number {
  if (outcome.kind === "status" && (outcome.status === 429 || outcome.status === 503 || outcome.status === 529)) {
    const asked = outcome.retryAfterMs ?? parseRetryAfter(outcome.retryAfter, now);
    if (asked !== null) return Math.min(MAX_RETRY_AFTER_MS, asked);
  }
  return backoffDelay(attempt, baseMs, random);
}
