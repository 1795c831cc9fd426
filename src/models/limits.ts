// Concurrency: one global cap on requests in flight across all models, and an optional cap per model.
// p-limit starts the next queued task as soon as a slot frees, so every slot stays busy (no waves).
import pLimit, { type LimitFunction } from "p-limit";

export interface Limiter {
  /** Runs `task` once a slot is free; the slot is held until the task settles. */
  run<T>(task: () => Promise<T>): Promise<T>;
}

export interface Limits {
  /** The limiter for one model: its own cap (when set), then the global one. */
  forModel(concurrency: number | undefined): Limiter;
}

export function createLimits(globalConcurrency: number): Limits {
  if (!Number.isInteger(globalConcurrency) || globalConcurrency < 1) {
    throw new Error(`concurrency must be a positive integer, got ${globalConcurrency}`);
  }
  const global = pLimit(globalConcurrency);
  return {
    forModel(concurrency) {
      if (concurrency === undefined) return fromLimit(global);
      const own = pLimit(concurrency);
      // The model's slot first, then a global one: a task waiting for its model never holds a
      // global slot that another model could use.
      return { run: (task) => own(() => global(task)) };
    },
  };
}

function fromLimit(limit: LimitFunction): Limiter {
  return { run: (task) => limit(task) };
}
