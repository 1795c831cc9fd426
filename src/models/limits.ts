// Concurrency and pace: one global cap on requests in flight across all models, per model a cap of
// its own (its `concurrency:`, else the global cap), and two pacers (./pacer.ts) that decide when the
// next request may start: the model's (its configured rate and the limits its provider announces for
// it) and its host's (the rate learned from 429s, which a host may enforce across all its models).
// A freed slot goes to the next waiter at once (no waves).
import type { PaceFeedback, Pacer, PacerState } from "./pacer.ts";
import { createSlots } from "./slots.ts";

export interface Limiter {
  /**
   * Runs `task` once a slot is free and the pacer lets it start; the slot is held until the task
   * settles. `task` gets its start time. An abort of `signal` while waiting (for the model's slot,
   * the pacer or the global slot) rejects at once, and so does the limits' `stop` signal.
   */
  run<T>(task: (startedAt: number) => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** How an attempt ended, for the pacer: refusals (429) slow it, answers and rate-limit headers tune it. */
  feedback(attempt: PaceFeedback): void;
  /** The pace this model's endpoint holds to, and the refusals it has seen. */
  readonly state: PacerState;
}

/** The pacers one model's requests wait for. */
export interface ModelPacers {
  /** The model's own limits: `rate:`, `tokens-per-minute`, and what its provider's headers announce. */
  model: Pacer;
  /** Its host's: the rate learned from refusals. */
  host: Pacer;
}

export interface Limits {
  /** The limiter for one model: its own cap (when set), its pacers (when given), then the global cap. */
  forModel(concurrency: number | undefined, pacers?: ModelPacers): Limiter;
}

export interface LimitsOptions {
  /**
   * Aborted when nothing more may be sent (the run guard's signal: the deadline or budget reached).
   * Every wait for a slot (the model's or the global one), and every later one, then rejects with its
   * reason; a task already running keeps its slot and finishes.
   */
  stop?: AbortSignal;
}

const UNPACED: PacerState = { rate: Number.POSITIVE_INFINITY, learnedRate: Number.POSITIVE_INFINITY, refused: 0, cuts: 0 };

export function createLimits(globalConcurrency: number, options: LimitsOptions = {}): Limits {
  if (!Number.isInteger(globalConcurrency) || globalConcurrency < 1) {
    throw new Error(`concurrency must be a positive integer, got ${globalConcurrency}`);
  }
  const limitOptions = options.stop ? { stop: options.stop } : {};
  const global = createSlots(globalConcurrency, limitOptions);
  return {
    forModel(concurrency, pacers) {
      const own = createSlots(Math.min(concurrency ?? globalConcurrency, globalConcurrency), limitOptions);
      return {
        get state() {
          if (!pacers) return { ...UNPACED };
          const { model, host } = pacers;
          return { ...host.state, rate: Math.min(model.state.rate, host.state.rate) };
        },
        feedback(attempt) {
          if (!pacers) return;
          const { refused, startedAt, tokens, limits } = attempt;
          pacers.model.feedback({ refused: false, startedAt, tokens: tokens ?? null, limits: limits ?? null });
          pacers.host.feedback({ refused, startedAt });
        },
        // The model's slot first, then its turn, then a global slot: a task waiting for its model or
        // its pace never holds a global slot that another model could use.
        async run(task, signal) {
          await own.acquire(signal);
          try {
            await pacers?.model.wait(signal);
            await pacers?.host.wait(signal);
            await global.acquire(signal);
            try {
              return await task(performance.now());
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
