// Numbers as people read them in reports: by unit, with signs on changes.

import { formatAge, formatPercent } from "../gate/format.ts";
import type { GateVerdict, MetricRow, RowStatus, SuiteVerdict } from "../gate/types.ts";
import { sumUnpriced } from "../results/cost-total.ts";
import type { CacheUse, MetricUnit, Results, RunCacheInfo, TokenTotals } from "../results/types.ts";
import { formatCost } from "../util/format-cost.ts";

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

/** What the run paid for: each suite's cases and, when the baseline was re-judged (`rejudge-baseline`), those judge calls. */
export function runSpending(
  results: Pick<Results, "run" | "suites">,
): { costUsd: number | null; unpricedCases?: number; requests: number }[] {
  return [...Object.values(results.suites), ...(results.run.rejudged ? [results.run.rejudged] : [])];
}

/**
 * The run's tokens beside its cost: "12,000 tokens in (9,000 from the prompt cache), 3,000 out (2,400
 * reasoning)"; the parts in brackets only when reported. Empty when the run has no token counts.
 */
export function formatTokens(tokens: TokenTotals | undefined): string {
  if (!tokens) return "";
  const count = (n: number) => n.toLocaleString("en-US");
  const input = [
    ...(tokens.cachedInput ? [`${count(tokens.cachedInput)} from the prompt cache`] : []),
    ...(tokens.cacheWrite ? [`${count(tokens.cacheWrite)} written to it`] : []),
  ];
  const inPart = `${count(tokens.input)} tokens in${input.length ? ` (${input.join(", ")})` : ""}`;
  return `${inPart}, ${count(tokens.output)} out${tokens.reasoning ? ` (${count(tokens.reasoning)} reasoning)` : ""}`;
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
  noise: "〰️ inconclusive",
  info: "· reported",
  error: "⚠️ error",
  accepted: "☑️ accepted",
};

export function shortSha(sha: string | undefined): string | undefined {
  return sha ? sha.slice(0, 7) : undefined;
}

/** "3 answers from the cache (saved 2 days to 5 h before the run)"; "" when none (or not counted). */
export function formatCacheUse(use: CacheUse | undefined, runFinishedAt: string): string {
  const hits = cachedAnswers(use);
  if (!use || hits === 0) return "";
  const ageAt = (iso: string | undefined) => {
    const ms = Date.parse(runFinishedAt) - Date.parse(iso ?? "");
    return Number.isFinite(ms) ? formatAge(Math.max(0, ms)) : "?";
  };
  const oldest = ageAt(use.oldest);
  const newest = ageAt(use.newest);
  const ages = oldest === newest ? oldest : `${oldest} to ${newest}`;
  return `${hits} answer${hits === 1 ? "" : "s"} from the cache (saved ${ages} before the run)`;
}

/** A count read from a results file (data): 0 when absent or not a whole positive number. */
function countOf(value: unknown): number {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : 0;
}

/** Judge votes a suite did not cast (`judge-early-stop`), read from its breakdowns as data: 0 when absent. */
export function skippedVotes(suite: { breakdowns?: Record<string, unknown> }): number {
  const votes = suite.breakdowns?.["votes"];
  return typeof votes === "object" && votes !== null ? countOf((votes as { skipped?: unknown }).skipped) : 0;
}

/** The number of answers a cache line says were served from the cache. */
export function cachedAnswers(use: Pick<CacheUse, "hits"> | undefined): number {
  return countOf(use?.hits);
}

/** The run's cache in one sentence, for every report's header; "" for results files from before it was reported. */
export function cacheSentence(run: { cache?: RunCacheInfo; finishedAt: string }): string {
  const info = run.cache;
  if (!info) return "";
  if (info.mode === "off") return "response cache off (--no-cache): nothing served from it, every answer was asked now";
  if (info.mode === "refresh")
    return "response cache refreshed (--refresh-cache): nothing served from it, every judge and simulator answer was asked now and stored";
  const expired = countOf(info.expired);
  const otherIdentity = countOf(info.otherIdentity);
  const refused = [expired ? `${expired} expired` : "", otherIdentity ? `${otherIdentity} from another model identity` : ""].filter(
    Boolean,
  );
  const askedAgain = refused.length ? `; entries asked again: ${refused.join(", ")}` : "";
  const maxAge = countOf(info.maxAgeMs) ? `, entries expire after ${formatAge(countOf(info.maxAgeMs))}` : "";
  if (cachedAnswers(info) === 0) return `no answer served from the response cache${askedAgain}`;
  return `${formatCacheUse(info, run.finishedAt)}${maxAge}${askedAgain}; --refresh-cache asks again`;
}

/**
 * The row's power figures when it has them (a gated metric compared case by case with its baseline),
 * counted in what the test resampled: "20 cases", or "44 clusters (by thread)" when cases came in groups.
 */
function detection(row: MetricRow) {
  const noise = row.noise;
  if (!row.gated || !noise || noise.mde == null || noise.cases === undefined || noise.target === undefined) return null;
  const clusters = noise.clusters && noise.clusters.by !== "case" ? noise.clusters : undefined;
  const have = clusters ? clusters.count : noise.cases;
  const units = clusters ? `${have} clusters (by ${clusters.by})` : `${have} cases`;
  const needed = noise.casesNeeded == null ? null : `~${noise.casesNeeded}${clusters ? " clusters" : ""}`;
  return { ...noise, mde: noise.mde, have, units, needed, target: noise.target, word: row.direction === "higher" ? "drop" : "rise" };
}

/** A higher-is-better metric cannot drop by 100% or more: such an MDE means no drop is detectable. */
function beyondZero(row: MetricRow, mde: number): boolean {
  return row.direction === "higher" && mde >= 1;
}

/** "20 cases can detect a drop of 39.2% or more; ~314 would detect 5% (max-drop)"; null without the figures. */
export function detectionSentence(row: MetricRow): string | null {
  const d = detection(row);
  if (!d) return null;
  const can = beyondZero(row, d.mde)
    ? `${d.units} cannot tell even a drop to zero from noise`
    : `${d.units} can detect a ${d.word} of ${formatPercent(d.mde)} or more`;
  if (d.casesNeeded == null || d.casesNeeded <= d.have) return `${can}, enough for max-${d.word} ${formatPercent(d.target)}`;
  return `${can}; ${d.needed} would detect ${formatPercent(d.target)} (max-${d.word})`;
}

/** When the run cannot tell a change of max-drop (max-rise) from noise, the inconclusive note: said whatever the verdict. */
export function inconclusiveSentence(suite: string, row: MetricRow): string | null {
  const d = detection(row);
  if (!d || d.mde <= d.target) return null;
  const needed = d.casesNeeded != null ? `; ${d.needed}${d.clusters && d.clusters.by !== "case" ? "" : " cases"} would` : "";
  const can = beyondZero(row, d.mde)
    ? "cannot tell even a drop to zero from noise"
    : `can only detect a ${d.word} of ${formatPercent(d.mde)} or more`;
  return `${suite}/${row.metric}: with ${d.units} this run ${can}, not max-${d.word} ${formatPercent(d.target)}${needed}`;
}

/**
 * A suite too small to tell a change of max-drop (max-rise) from noise, in one line: its resolution, the
 * cases (clusters) it has over the cases that change needs, for its least-resolved gated metric. Null when
 * every gated metric can see its limit, or when no matched case moved (no spread to size against).
 */
export function resolutionSentence(suite: Pick<SuiteVerdict, "suite" | "rows">): string | null {
  let worst: { row: MetricRow; ratio: number } | null = null;
  for (const row of suite.rows) {
    const d = detection(row);
    if (!d || d.mde <= d.target || d.casesNeeded == null || d.casesNeeded <= 0) continue;
    const ratio = d.have / d.casesNeeded;
    if (!worst || ratio < worst.ratio) worst = { row, ratio };
  }
  if (!worst) return null;
  const d = detection(worst.row)!;
  const unit = d.clusters && d.clusters.by !== "case" ? `clusters (by ${d.clusters.by})` : "cases";
  const sees = beyondZero(worst.row, d.mde) ? "cannot see even a drop to zero" : `sees a ${d.word} of ${formatPercent(d.mde)} or more`;
  const ratio = worst.ratio < 0.01 ? worst.ratio.toPrecision(1) : worst.ratio.toFixed(2);
  return `${suite.suite}: resolution ${ratio}: ${d.have} ${unit} of the ~${d.casesNeeded} needed to tell a ${d.word} of ${formatPercent(d.target)} from noise (${worst.row.metric} ${sees})`;
}

/**
 * A repeated metric's spread split (gate/spread.ts): "spread of the mean ±0.021: 74% between cases,
 * 26% within a case (3 repeats); more cases would shrink it most"; null without repeats.
 */
export function spreadSentence(row: MetricRow): string | null {
  const parts = row.spreadParts;
  if (!parts) return null;
  const advice =
    parts.shrinkWith === "repeats"
      ? "more repeats would shrink it most (the system's own randomness is most of it)"
      : "more cases would shrink it most (the cases differ more than their repeats do)";
  return `spread of the mean ±${formatValue(parts.standardError, row.unit)}: ${formatPercent(parts.betweenShare)} between cases, ${formatPercent(parts.withinShare)} within a case (${parts.repeats} repeats); ${advice}`;
}

/** Runs per case: the most any suite repeated its cases (results from before per-suite repeats: --repeat). */
export function repeatCount(results: Pick<Results, "run" | "suites">): number {
  const counts = Object.values(results.suites).map((suite) => suite.repeats?.count ?? 1);
  return Math.max(results.run.selection.repeat ?? 1, ...counts);
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

/**
 * "3 errors (1 from the system under test, 2 in scoring)": a suite's errors and whose they are. The
 * system's count against the gate as measured failures; scoring's were not measured (gate/error-sides.ts).
 */
export function errorTally(suite: Pick<SuiteVerdict, "counts" | "errorSides">): string {
  const { errors } = suite.counts;
  if (!errors) return "0 errors";
  const { system, scorer } = suite.errorSides ?? { system: errors, scorer: 0 };
  const sides = [system ? `${system} from the system under test` : "", scorer ? `${scorer} in scoring` : ""].filter(Boolean);
  return `${errors} error${errors === 1 ? "" : "s"} (${sides.join(", ")})`;
}
