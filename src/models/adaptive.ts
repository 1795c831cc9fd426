// Adaptive concurrency for one model (AIMD, as TCP does it): the number of requests it may have in
// flight grows by about one per window of successful answers and is cut back when the provider
// refuses (429 or 503), never above the configured ceiling nor below one. A Retry-After pauses the
// whole model, not just the slot that got it: every queued request of that model waits it out.
// Never given feedback, it is a plain counting semaphore with abortable waits: the global cap (limits.ts).

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
  readonly state: { limit: number; refused: number; cuts: number };
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

interface Waiter {
  grant(startedAt: number): void;
  fail(reason: unknown): void;
}

/** On a refusal, keep this share of the limit. Gentler than halving: rate limits are usually steady, not congestion. */
const DECREASE = 0.7;

export function createAdaptiveLimit(ceiling: number, options: AdaptiveLimitOptions = {}): AdaptiveLimit {
  const now = options.now ?? (() => performance.now());
  const { stop } = options;
  const state = { limit: ceiling, refused: 0, cuts: 0 };
  let inFlight = 0;
  let pausedUntil = 0;
  let lastCutAt = Number.NEGATIVE_INFINITY;
  let wake: ReturnType<typeof setTimeout> | undefined;
  const waiting: Waiter[] = [];

  // Nobody left to wake: a pending wake-up would keep a stopped process alive for the pause.
  const clearWakeIfIdle = () => {
    if (waiting.length === 0 && wake) {
      clearTimeout(wake);
      wake = undefined;
    }
  };
  stop?.addEventListener(
    "abort",
    () => {
      for (const waiter of waiting.splice(0)) waiter.fail(stop.reason);
      clearWakeIfIdle();
    },
    { once: true },
  );

  const pump = () => {
    if (waiting.length === 0) return; // no timer while nobody waits: it would keep the process alive
    const time = now();
    if (time < pausedUntil) {
      if (!wake) {
        wake = setTimeout(
          () => {
            wake = undefined;
            pump();
          },
          Math.ceil(pausedUntil - time),
        );
      }
      return;
    }
    while (waiting.length > 0 && inFlight < Math.floor(state.limit)) {
      inFlight++;
      waiting.shift()!.grant(now());
    }
  };

  return {
    state,
    acquire(signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (stop?.aborted) return Promise.reject(stop.reason);
      return new Promise<number>((resolve, reject) => {
        const waiter: Waiter = {
          grant(startedAt) {
            signal?.removeEventListener("abort", leave);
            resolve(startedAt);
          },
          fail(reason) {
            signal?.removeEventListener("abort", leave);
            reject(reason);
          },
        };
        const leave = () => {
          const at = waiting.indexOf(waiter);
          if (at >= 0) waiting.splice(at, 1);
          clearWakeIfIdle();
          reject(signal!.reason);
        };
        signal?.addEventListener("abort", leave, { once: true });
        waiting.push(waiter);
        pump();
      });
    },
    release() {
      inFlight--;
      pump();
    },
    feedback({ refused, retryAfterMs, startedAt }) {
      if (!refused) {
        state.limit = Math.min(ceiling, state.limit + 1 / state.limit);
        return;
      }
      state.refused++;
      if (retryAfterMs !== null) pausedUntil = Math.max(pausedUntil, now() + retryAfterMs);
      // One cut per window: the other refusals of requests already on the wire say the same thing.
      if (startedAt >= lastCutAt) {
        state.limit = Math.max(1, state.limit * DECREASE);
        state.cuts++;
        lastCutAt = now();
      }
    },
  };
}
