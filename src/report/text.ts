// The terminal summary for the CLI, for someone reading it the first time: the verdict and one line
// per suite first, then the metric tables of failing suites (every suite with `details`). Metrics
// outside the gate say "reported only", and the baseline line says what was compared with what.
// Colour only on a TTY.

import { plural } from "../config/errors.ts";
import { formatAge } from "../gate/evaluate.ts";
import type { GateVerdict, MetricRow, RowStatus, SuiteVerdict } from "../gate/types.ts";
import type { Results } from "../results/types.ts";
import { plainText } from "../util/escape.ts";
import { formatCost } from "../util/format-cost.ts";
import {
  cachedAnswers,
  cacheSentence,
  formatCacheUse,
  formatCostTotal,
  formatDelta,
  formatDuration,
  formatValue,
  inconclusiveSentence,
  runSpending,
  shortSha,
  suiteTally,
} from "./format.ts";
import { roleTableRows } from "./role-table.ts";

export interface TextOptions {
  color?: boolean;
  /** Worst cases listed per suite. */
  worstCases?: number;
  /** Every suite's metric table, not only the failing suites'. */
  details?: boolean;
  /** Where the baseline was read from (a file, a data branch), for the baseline line. */
  baselineSource?: string;
}

const STATUS_TEXT: Record<RowStatus, string> = {
  pass: "pass",
  fail: "FAIL",
  new: "new (no baseline)",
  noise: "noise",
  info: "reported only",
  error: "ERROR",
};
const COLORS = { red: 31, green: 32, yellow: 33, dim: 2, bold: 1 } as const;

/** Terminal text: control characters and escape sequences from model output are removed so they cannot move the cursor. */
function clean(text: string, max = 100): string {
  return plainText(text, max);
}

function table(rows: string[][]): string[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, [...cell].length);
    });
  }
  return rows.map((row) =>
    row
      .map((cell, i) => (i === row.length - 1 ? cell : cell + " ".repeat(widths[i]! - [...cell].length)))
      .join("  ")
      .trimEnd(),
  );
}

/** "compared with the baseline stored for main at a6304e8 (2026-11-22, evals/baseline.json)". */
export function baselineSentence(verdict: GateVerdict, source?: string): string {
  if (!verdict.baseline.found) return `no baseline to compare with${source ? ` (${source})` : ""}: only the thresholds were checked`;
  const sha = shortSha(verdict.baseline.commit);
  const stored = verdict.baseline.branch ? `stored for ${verdict.baseline.branch}${sha ? ` at ${sha}` : ""}` : sha ? `of ${sha}` : "given";
  const age = verdict.baseline.ageMs !== undefined ? `${formatAge(verdict.baseline.ageMs)} old` : verdict.baseline.finishedAt?.slice(0, 10);
  const extra = [age, source].filter(Boolean).join(", ");
  return `compared with the baseline ${stored}${extra ? ` (${extra})` : ""}`;
}

/** "resumed: 4 cases reused from the journal, 2 re-run (2 changed since it was written)". */
export function resumeSentence(run: Results["run"]): string {
  const changed = run.changedCases ? ` (${run.changedCases} changed since it was written)` : "";
  return `resumed: ${plural(run.resumedCases ?? 0, "case")} reused from the journal, ${run.rerunCases ?? 0} re-run${changed}`;
}

/** The suite's most telling number: its first gated metric. */
function headlineMetric(suite: SuiteVerdict): MetricRow | undefined {
  return suite.rows.find((row) => row.gated && row.direction === "higher") ?? suite.rows.find((row) => row.gated);
}

export function renderTextReport(results: Results, verdict: GateVerdict, options: TextOptions = {}): string {
  const paint = (code: number, text: string) => (options.color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const statusText = (row: MetricRow) => {
    const text = row.gated ? STATUS_TEXT[row.status] : STATUS_TEXT.info;
    if (!row.gated) return paint(COLORS.dim, text);
    if (row.status === "fail" || row.status === "error") return paint(COLORS.red, text);
    if (row.status === "noise") return paint(COLORS.yellow, text);
    return row.status === "pass" ? paint(COLORS.green, text) : text;
  };
  const failed = verdict.suites.filter((s) => s.status === "fail").length;
  const total = verdict.suites.filter((s) => s.status !== "carried").length;
  const lines: string[] = [];
  const suites = (n: number) => `${n} suite${n === 1 ? "" : "s"}`;
  const verdictText =
    verdict.verdict === "pass"
      ? paint(COLORS.green, "PASS")
      : verdict.verdict === "error"
        ? paint(COLORS.yellow, "COULD NOT DECIDE")
        : paint(COLORS.red, "FAIL");
  const summary =
    verdict.verdict === "pass"
      ? suiteTally(verdict, "passed")
      : verdict.verdict === "error"
        ? `an infrastructure error, not a regression${failed ? `; ${failed} of ${suites(total)} also failed` : ""}`
        : suiteTally(verdict, "failed");
  lines.push(`evalgate ${verdictText}  ${summary}${verdict.profile ? `  (gate profile ${verdict.profile})` : ""}`);
  for (const error of verdict.errors) lines.push(`  ${paint(COLORS.yellow, "!")} could not decide: ${clean(error, 300)}`);
  lines.push(baselineSentence(verdict, options.baselineSource));
  const cache = cacheSentence(results.run);
  if (cache) lines.push(cache);
  for (const note of verdict.notes) lines.push(`note: ${clean(note, 300)}`);
  if (results.run.resumedCases !== undefined) lines.push(resumeSentence(results.run));
  for (const suite of verdict.suites) {
    for (const row of suite.rows) {
      const inconclusive = inconclusiveSentence(suite.suite, row);
      if (inconclusive) lines.push(`note: inconclusive — ${clean(inconclusive, 300)}`);
    }
  }
  if (results.run.limits?.budgetUsd !== undefined)
    lines.push(
      `spent ${formatCost(results.run.limits.spentUsd ?? results.run.costUsd ?? 0)} of the ${formatCost(results.run.limits.budgetUsd)} budget`,
    );
  lines.push("");

  const suiteRows = verdict.suites.map((suite) => {
    if (suite.status === "carried")
      return [`${paint(COLORS.dim, "–")} ${clean(suite.suite)}`, suite.kind, "baseline's", clean(suite.carried ?? "", 160)];
    const mark =
      suite.status === "pass" ? paint(COLORS.green, "✓") : suite.status === "error" ? paint(COLORS.yellow, "?") : paint(COLORS.red, "✗");
    const headline = headlineMetric(suite);
    const what =
      suite.status === "error"
        ? paint(COLORS.yellow, `could not decide: ${clean(suite.errors[0] ?? "", 120)}`)
        : suite.status === "fail"
          ? paint(
              COLORS.red,
              clean(suite.reasons[0] ?? "failed", 120) + (suite.reasons.length > 1 ? ` (+${suite.reasons.length - 1} more)` : ""),
            )
          : headline
            ? `${headline.metric} ${formatValue(headline.now, headline.unit)}${headline.delta !== null ? ` (${formatDelta(headline)})` : ""}`
            : "";
    const cached = cachedAnswers(results.suites[suite.suite]?.cache);
    return [
      `${mark} ${clean(suite.suite)}`,
      suite.kind,
      `${suite.counts.scored}/${suite.counts.cases} scored${suite.counts.errors ? `, ${plural(suite.counts.errors, "error")}` : ""}${cached ? `, ${cached} from cache` : ""}`,
      what,
    ];
  });
  lines.push(...table(suiteRows));
  if (verdict.notRun.length) lines.push(`not run (kept from the baseline): ${verdict.notRun.join(", ")}`);

  const shown = verdict.suites.filter((suite) => options.details || (suite.status !== "pass" && suite.status !== "carried"));
  for (const suite of shown) {
    lines.push("");
    lines.push(
      `${paint(COLORS.bold, clean(suite.suite))} (${suite.kind})  ${suite.counts.scored}/${suite.counts.cases} scored, ${plural(suite.counts.errors, "error")}, ${formatCost(suite.costUsd, suite.unpricedCases)}, ${formatDuration(suite.durationMs)}`,
    );
    const rows = [["  metric", "baseline", "now", "change", "status"]];
    for (const row of suite.rows) {
      rows.push([
        `  ${clean(row.metric)}${row.direction === "lower" ? " (lower is better)" : ""}`,
        formatValue(row.baseline, row.unit),
        formatValue(row.now, row.unit),
        formatDelta(row),
        statusText(row),
      ]);
    }
    lines.push(...table(rows).map((line, i) => (i === 0 ? paint(COLORS.dim, line) : line)));
    const cacheUse = formatCacheUse(results.suites[suite.suite]?.cache, results.run.finishedAt);
    if (cacheUse) lines.push(`  ${cacheUse}`);
    if (suite.comparedOn) lines.push(`  ${clean(suite.comparedOn, 300)}`);
    for (const error of suite.errors) lines.push(`  ${paint(COLORS.yellow, "→")} could not decide: ${clean(error, 300)}`);
    for (const reason of suite.reasons) lines.push(`  ${paint(COLORS.red, "→")} ${clean(reason, 300)}`);
    const worst = suite.changes.filter((c) => c.kind === "errored" || c.kind === "regressed").slice(0, options.worstCases ?? 5);
    for (const change of worst) {
      const where = `${change.source.file}${change.source.line ? `:${change.source.line}` : ""}`;
      const what =
        change.kind === "errored"
          ? `error: ${clean(change.error ?? "", 120)}`
          : `${formatValue(change.before, "ratio")} → ${formatValue(change.after, "ratio")}`;
      lines.push(
        `    ${change.kind === "errored" ? "!" : "↓"} ${clean(change.title || change.caseId, 60)}${change.group ? ` [${clean(change.group, 40)}]` : ""}  ${what}  ${paint(COLORS.dim, where)}`,
      );
    }
  }
  // Conversation suites: the per-role table is the suite's headline, shown even when it passed.
  for (const suite of verdict.suites) {
    const roleRows = roleTableRows(results.suites[suite.suite]);
    if (!roleRows) continue;
    lines.push("", `${paint(COLORS.bold, clean(suite.suite))} per role:`);
    lines.push(
      ...table(roleRows.map((row) => row.map((cell, i) => (i === 0 ? `  ${clean(cell)}` : clean(cell))))).map((line, i) =>
        i === 0 ? paint(COLORS.dim, line) : line,
      ),
    );
  }
  if (shown.some((suite) => suite.rows.some((row) => !row.gated))) {
    lines.push("", paint(COLORS.dim, '"reported only": shown for information, never fails the gate (timings, costs, ungated metrics).'));
  }
  lines.push(
    "",
    `${verdict.errors.length ? `${verdict.errors.length} error${verdict.errors.length === 1 ? "" : "s"} (could not decide) · ` : ""}${verdict.failures.length} failure${verdict.failures.length === 1 ? "" : "s"} · ${formatCostTotal(runSpending(results))} · ${formatDuration(results.run.durationMs)}`,
  );
  if (!options.details && shown.length < verdict.suites.length) {
    lines.push(paint(COLORS.dim, "Every suite's metrics: --details; every case: --html report.html"));
  }
  return `${lines.join("\n")}\n`;
}
