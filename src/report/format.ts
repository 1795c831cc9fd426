// Numbers as people read them in reports: by unit, with signs on changes.
import { sumUnpriced } from "../engine/cost-total.ts";
import type { MetricUnit } from "../engine/types.ts";
import type { GateVerdict, MetricRow, RowStatus } from "../gate/types.ts";

const MINUS = "−";

export function formatValue(value: number | null, unit: MetricUnit): string {
  if (value === null || !Number.isFinite(value)) return "—";
  switch (unit) {
    case "usd":
      return `$${Math.abs(value) >= 1 ? value.toFixed(2) : value.toFixed(4)}`;
    case "ms":
      return Math.abs(value) >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`;
    case "count":
      return Number.isInteger(value) ? value.toLocaleString("en-US") : value.toFixed(1);
    default:
      return Number.isInteger(value) ? String(value) : value.toFixed(3);
  }
}

function signed(text: string, negative: boolean): string {
  return `${negative ? MINUS : "+"}${text}`;
}

export function formatPercentChange(rel: number): string {
  return signed(`${Math.abs(rel * 100).toFixed(1)}%`, rel < 0);
}

export function formatDelta(row: Pick<MetricRow, "delta" | "relDelta" | "unit">): string {
  if (row.delta === null) return "—";
  if (Math.abs(row.delta) < 1e-12) return "±0";
  const absolute = signed(formatValue(Math.abs(row.delta), row.unit), row.delta < 0);
  return row.relDelta === null ? absolute : `${absolute} (${formatPercentChange(row.relDelta)})`;
}

export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "—";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${seconds % 60}s`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/** "$1.23"; "≥ $1.23, 2 cases unpriced" when some cases have no known cost; "cost unknown" when none has. */
export function formatCost(usd: number | null, unpricedCases = 0): string {
  if (usd === null) return "cost unknown";
  const amount = `$${usd >= 1 ? usd.toFixed(2) : usd.toFixed(4)}`;
  if (unpricedCases <= 0) return amount;
  return `≥ ${amount}, ${unpricedCases} case${unpricedCases === 1 ? "" : "s"} unpriced`;
}

/** The run's total over its suites, partial when any suite has unpriced cases. */
export function formatCostTotal(suites: readonly { costUsd: number | null; unpricedCases?: number }[]): string {
  const known = suites.map((suite) => suite.costUsd).filter((cost): cost is number => cost !== null);
  return formatCost(known.length ? known.reduce((a, b) => a + b, 0) : null, sumUnpriced(suites));
}

export const STATUS_LABEL: Record<RowStatus, string> = {
  pass: "✅ pass",
  fail: "❌ fail",
  new: "🆕 new",
  noise: "〰️ noise",
  info: "· reported",
  error: "⚠️ error",
};

export function shortSha(sha: string | undefined): string | undefined {
  return sha ? sha.slice(0, 7) : undefined;
}

/**
 * "2 of 2 suites passed" or "1 of 1 measured suite passed, 1 carried from the baseline (not run)":
 * a carried suite is never counted as a pass (or a failure) of something measured.
 */
export function suiteTally(verdict: Pick<GateVerdict, "suites">, outcome: "passed" | "failed"): string {
  const carried = verdict.suites.filter((suite) => suite.status === "carried").length;
  const measured = verdict.suites.length - carried;
  const counted = verdict.suites.filter((suite) => suite.status === (outcome === "passed" ? "pass" : "fail")).length;
  const noun = `${carried ? "measured " : ""}suite${measured === 1 ? "" : "s"}`;
  const tally = measured === 0 && carried ? "no suite measured" : `${counted} of ${measured} ${noun} ${outcome}`;
  return carried ? `${tally}, ${carried} carried from the baseline (not run)` : tally;
}
