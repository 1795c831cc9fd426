// The run's limits, consulted by the transport before every request: a deadline and a budget. When
// either is reached the guard stops for good: nothing new is sent, what is in flight finishes, and the
// engine reports the cases it did not start as not run (the verdict is "error", never a pass).
import { formatCost } from "../report/format.ts";

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
  readonly limits: { deadlineMs?: number; budgetUsd?: number };
}

/** Marks an error as "not sent because the run stopped", so the engine counts the case as not run. */
export const RUN_STOPPED = "not sent, the run stopped";

export function createRunGuard(options: RunGuardOptions = {}): RunGuard {
  const now = options.now ?? Date.now;
  const startedAt = now();
  const { deadlineMs, budgetUsd } = options;
  let stopped: string | null = null;
  let spent = 0;
  // The next call is assumed to cost as much as the dearest one so far: stop before, not after, the budget.
  let dearestCall = 0;
  return {
    limits: { ...(deadlineMs !== undefined ? { deadlineMs } : {}), ...(budgetUsd !== undefined ? { budgetUsd } : {}) },
    check() {
      if (stopped) return stopped;
      if (deadlineMs !== undefined && now() - startedAt >= deadlineMs) {
        stopped = `deadline reached (${formatDeadline(deadlineMs)})`;
      } else if (budgetUsd !== undefined && spent + dearestCall > budgetUsd) {
        stopped = `budget reached: spent ${formatCost(spent)} of ${formatCost(budgetUsd)}, and the next call could exceed it`;
      }
      return stopped;
    },
    recordCost(usd) {
      if (usd === null || !Number.isFinite(usd) || usd <= 0) return;
      spent += usd;
      dearestCall = Math.max(dearestCall, usd);
    },
    spentUsd: () => spent,
  };
}

function formatDeadline(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  if (ms % 1000 === 0) return `${ms / 1000}s`;
  return `${ms}ms`;
}
