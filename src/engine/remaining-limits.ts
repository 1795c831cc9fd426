// Work done after the run's cases (re-judging the baseline, the failure analysis) stays within the
// run's limits: it gets what is left of the deadline and the budget, and nothing when they are spent.
import type { RunMetadata } from "../results/types.ts";

/** What is left of the run's deadline and budget; `spent` says why nothing is. */
export function remainingLimits(meta: RunMetadata): { deadlineMs?: number; budgetUsd?: number; spent?: string } {
  const limits = meta.limits;
  const deadlineMs = limits?.deadlineMs === undefined ? undefined : limits.deadlineMs - meta.durationMs;
  const budgetUsd = limits?.budgetUsd === undefined ? undefined : limits.budgetUsd - (limits.spentUsd ?? meta.costUsd ?? 0);
  if (deadlineMs !== undefined && deadlineMs <= 0) return { spent: "the run's deadline was reached" };
  if (budgetUsd !== undefined && budgetUsd <= 0) return { spent: "the run's budget was spent" };
  return { ...(deadlineMs !== undefined ? { deadlineMs } : {}), ...(budgetUsd !== undefined ? { budgetUsd } : {}) };
}
