// Concurrency: one global cap on requests in flight across all models, and per model an adaptive
// limit (src/models/adaptive.ts) under its own ceiling (its `concurrency:`, else the global cap).
// The global cap is an adaptive limit that is never given feedback: its limit stays at the cap, and
// its waits leave on an abort just as a model's do. A freed slot goes to the next waiter at once (no waves).
import { type AttemptFeedback, createAdaptiveLimit } from "./adaptive.ts";

export interface Limiter {
  /**
   * Runs `task` once a slot is free; the slot is held until the task settles. `task` gets the slot's start time.
   * An abort of `signal` while waiting for a slot (the model's, a Retry-After pause included, or the global one)
   * rejects at once, and so does the limits' `stop` signal (for every wait, and every run after it).
   */
  run<T>(task: (startedAt: number) => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** How an attempt ended: refusals (429/503) shrink the model's limit, answers grow it back. */
  feedback(attempt: AttemptFeedback): void;
  /** The model's current limit and the refusals it has seen. */
  readonly state: { limit: number; refused: number; cuts: number };
}

export interface Limits {
  /** The limiter for one model: its adaptive limit (ceiling: its own cap when set), then the global one. */
  forModel(concurrency: number | undefined): Limiter;
}

export interface LimitsOptions {
  /**
   * Aborted when nothing more may be sent (the run guard's signal: the deadline or budget reached).
   * Every wait for a slot (the model's or the global one), and every later one, then rejects with its
   * reason; a task already running keeps its slot and finishes.
   */
  stop?: AbortSignal;
}

export function createLimits(globalConcurrency: number, options: LimitsOptions = {}): Limits {
  if (!Number.isInteger(globalConcurrency) || globalConcurrency < 1) {
    throw new Error(`concurrency must be a positive integer, got ${globalConcurrency}`);
  }
  const limitOptions = options.stop ? { stop: options.stop } : {};
  const global = createAdaptiveLimit(globalConcurrency, limitOptions);
  return {
    forModel(concurrency) {
      const own = createAdaptiveLimit(Math.min(concurrency ?? globalConcurrency, globalConcurrency), limitOptions);
      return {
        state: own.state,
        feedback: (attempt) => own.feedback(attempt),
        // The model's slot first, then a global one: a task waiting for its model never holds a
        // global slot that another model could use.
        async run(task, signal) {
          const startedAt = await own.acquire(signal);
          try {
            await global.acquire(signal);
            try {
              return await task(startedAt);
            } finally {
              global.release();
            }
          } finally {
            own.release();
          }
        },
      };
    },
  };
}
