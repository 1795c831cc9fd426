// The run's limits, consulted by the transport before every request: a deadline and a budget. When
// either is reached the guard stops for good: nothing new is sent, what is in flight finishes, every
// wait (a retry backoff, a model's Retry-After pause) ends at once, and the engine reports the cases
// it did not start as not run (the verdict is "error", never a pass).
import { setMaxListeners } from "node:events";
import { formatCost } from "../util/format-cost.ts";
import { MAX_TIMER_MS } from "../util/timers.ts";

export interface RunGuardOptions {
  /** Milliseconds from the guard's creation after which no new request is sent. */
  deadlineMs?: number;
  /** USD the run may spend (from the models' price tables). */
  budgetUsd?: number;
  /** The clock, injectable for tests. */
  now?: () => number;
}

export interface RunGuard {
  /** Why nothing new may be sent (deadline, budget), evaluated now; null while the run may go on. */
  check(): string | null;
  /** Adds one call's cost (null when unknown: it counts nothing). */
  recordCost(usd: number | null): void;
  spentUsd(): number;
  /** Milliseconds left before the deadline (0 once it passed); null without a deadline. */
  remainingMs(): number | null;
  /**
   * Stops the run for a reason of its own (a provider's quota used up): as the deadline does, nothing
   * new is sent and every wait ends. The first reason stays.
   */
  halt(reason: string): void;
  readonly limits: { deadlineMs?: number; budgetUsd?: number };
  /**
   * Aborted the moment the guard stops (the deadline's timer fires, or a check() that finds a limit
   * reached, as after a cost that uses up the budget), with an Error carrying RUN_STOPPED and the
   * reason. Waits listen to it to end at once; requests on the wire do not (what is in flight finishes).
   */
  readonly signal: AbortSignal;
  /** Clears the deadline's timer (the run is over); the guard's state stays readable. */
  close(): void;
}

/** Marks an error as "not sent because the run stopped", so the engine counts the case as not run. */
export const RUN_STOPPED = "not sent, the run stopped";

export function createRunGuard(options: RunGuardOptions = {}): RunGuard {
  const now = options.now ?? Date.now;
  const startedAt = now();
  const { deadlineMs, budgetUsd } = options;
  const deadlineReason = deadlineMs === undefined ? "" : `deadline reached (${formatDeadline(deadlineMs)})`;
  let stopped: string | null = null;
  let spent = 0;
  // The next call is assumed to cost as much as the dearest one so far: stop before, not after, the budget.
  let dearestCall = 0;
  const controller = new AbortController();
  // Every waiting request listens for the stop at once: many listeners is the design, not a leak.
  setMaxListeners(0, controller.signal);
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stop = (reason: string) => {
    if (stopped) return;
    stopped = reason;
    close();
    controller.abort(new Error(`${RUN_STOPPED}: ${reason}`));
  };
  const close = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const check = () => {
    if (stopped) return stopped;
    if (deadlineMs !== undefined && now() - startedAt >= deadlineMs) {
      stop(deadlineReason);
    } else if (budgetUsd !== undefined && spent + dearestCall > budgetUsd) {
      stop(`budget reached: spent ${formatCost(spent)} of ${formatCost(budgetUsd)}, and the next call could exceed it`);
    }
    return stopped;
  };
  // The deadline ends the waits when it passes, not when the next request is about to go out. The
  // timer never keeps the process alive (unref) and counts real time, whatever clock check() reads.
  const arm = (remainingMs: number) => {
    const step = Math.min(remainingMs, MAX_TIMER_MS);
    timer = setTimeout(() => (remainingMs > step ? arm(remainingMs - step) : stop(deadlineReason)), step);
    timer.unref();
  };
  if (deadlineMs !== undefined) arm(Math.max(0, deadlineMs));

  return {
    limits: { ...(deadlineMs !== undefined ? { deadlineMs } : {}), ...(budgetUsd !== undefined ? { budgetUsd } : {}) },
    check,
    recordCost(usd) {
      if (usd === null || !Number.isFinite(usd) || usd <= 0) return;
      spent += usd;
      dearestCall = Math.max(dearestCall, usd);
      // A cost that uses up the budget stops the run now: the calls backing off or queued end too.
      if (budgetUsd !== undefined) check();
    },
    spentUsd: () => spent,
    remainingMs: () => (deadlineMs === undefined ? null : Math.max(0, deadlineMs - (now() - startedAt))),
    halt: stop,
    signal: controller.signal,
    close,
  };
}

function formatDeadline(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  if (ms % 1000 === 0) return `${ms / 1000}s`;
  return `${ms}ms`;
}
