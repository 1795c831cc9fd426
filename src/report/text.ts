// The terminal summary for the CLI, for someone reading it the first time: the verdict and one line
// per suite first, then the metric tables of failing suites (every suite with `details`). Metrics
// outside the gate say "reported only", and the baseline line says what was compared with what.
// Colour only on a TTY.

import { plural } from "../config/errors.ts";
import { formatAge } from "../gate/format.ts";
import type { GateVerdict, MetricRow, RowStatus, SuiteVerdict } from "../gate/types.ts";
import { failedChecksSentence } from "../results/failed-checks.ts";
import type { Results } from "../results/types.ts";
import { plainText } from "../util/escape.ts";
import { formatCost } from "../util/format-cost.ts";
import {
  cachedAnswers,
  cacheSentence,
  errorTally,
  formatCacheUse,
  formatCostTotal,
  formatDelta,
  formatDuration,
  formatTokens,
  formatValue,
  resolutionSentence,
  runSpending,
  shortSha,
  spreadSentence,
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
  noise: "inconclusive",
  info: "reported only",
  error: "ERROR",
  accepted: "accepted",
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

type Paint = (code: number, text: string) => string;

/** The text report's parts, top to bottom; each returns its lines. */
export function renderTextReport(results: Results, verdict: GateVerdict, options: TextOptions = {}): string {
  const paint: Paint = (code, text) => (options.color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const shown = verdict.suites.filter((suite) => options.details || (suite.status !== "pass" && suite.status !== "carried"));
  const lines = [
    ...headerLines(results, verdict, options, paint),
    "",
    ...suiteSummaryLines(results, verdict, paint),
    ...shown.flatMap((suite) => ["", ...suiteDetailLines(results, suite, options, paint)]),
    ...roleTableLines(results, verdict, paint),
    ...footerLines(results, verdict, shown, options, paint),
  ];
  return `${lines.join("\n")}\n`;
}

/** The verdict line, then what it rests on: errors, the baseline, the cache, notes, resume, budget. */
function headerLines(results: Results, verdict: GateVerdict, options: TextOptions, paint: Paint): string[] {
  const failed = verdict.suites.filter((s) => s.status === "fail").length;
  const total = verdict.suites.filter((s) => s.status !== "carried").length;
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
  const lines = [`evalgate ${verdictText}  ${summary}${verdict.profile ? `  (gate profile ${verdict.profile})` : ""}`];
  for (const error of verdict.errors) lines.push(`  ${paint(COLORS.yellow, "!")} could not decide: ${clean(error, 300)}`);
  lines.push(baselineSentence(verdict, options.baselineSource));
  const cache = cacheSentence(results.run);
  if (cache) lines.push(cache);
  for (const note of verdict.notes) lines.push(`note: ${clean(note, 300)}`);
  if (results.run.resumedCases !== undefined) lines.push(resumeSentence(results.run));
  lines.push(...resolutionLines(verdict));
  const limits = results.run.limits;
  if (limits?.budgetUsd !== undefined)
    lines.push(`spent ${formatCost(limits.spentUsd ?? results.run.costUsd ?? 0)} of the ${formatCost(limits.budgetUsd)} budget`);
  return lines;
}

/** One line per suite too small to tell a drop of max-drop from noise (format.ts resolutionSentence). */
function resolutionLines(verdict: GateVerdict): string[] {
  return verdict.suites.flatMap((suite) => resolutionSentence(suite) ?? []).map((sentence) => `note: ${clean(sentence, 300)}`);
}

/** One aligned line per suite: mark, kind, counts and its headline (or why it failed). */
function suiteSummaryLines(results: Results, verdict: GateVerdict, paint: Paint): string[] {
  const suiteRows = verdict.suites.map((suite) => {
    if (suite.status === "carried")
      return [`${paint(COLORS.dim, "–")} ${clean(suite.suite)}`, suite.kind, "baseline's", clean(suite.carried ?? "", 160)];
    const mark =
      suite.status === "pass" ? paint(COLORS.green, "✓") : suite.status === "error" ? paint(COLORS.yellow, "?") : paint(COLORS.red, "✗");
    const cached = cachedAnswers(results.suites[suite.suite]?.cache);
    return [
      `${mark} ${clean(suite.suite)}`,
      suite.kind,
      `${suite.counts.scored}/${suite.counts.cases} scored${suite.counts.errors ? `, ${errorTally(suite)}` : ""}${cached ? `, ${cached} from cache` : ""}`,
      suiteHeadline(suite, paint),
    ];
  });
  const lines = table(suiteRows);
  if (verdict.notRun.length) lines.push(`not run (kept from the baseline): ${verdict.notRun.join(", ")}`);
  return lines;
}

/** What a suite's line says last: why it could not decide, why it failed, or its headline metric. */
function suiteHeadline(suite: SuiteVerdict, paint: Paint): string {
  if (suite.status === "error") return paint(COLORS.yellow, `could not decide: ${clean(suite.errors[0] ?? "", 120)}`);
  if (suite.status === "fail")
    return paint(
      COLORS.red,
      clean(suite.reasons[0] ?? "failed", 120) + (suite.reasons.length > 1 ? ` (+${suite.reasons.length - 1} more)` : ""),
    );
  const headline = headlineMetric(suite);
  const text = headline
    ? `${headline.metric} ${formatValue(headline.now, headline.unit)}${headline.delta !== null ? ` (${formatDelta(headline)})` : ""}`
    : "";
  // A drop past max-drop inside noise passes, but is never silent: the line names the metrics.
  const inconclusive = suite.rows.filter((row) => row.status === "noise").map((row) => row.metric);
  if (!inconclusive.length) return text;
  const note = paint(COLORS.yellow, `inconclusive, inside noise (not failed): ${clean(inconclusive.join(", "), 100)}`);
  return text ? `${text}; ${note}` : note;
}

/** A suite's metric table, its cache use, errors and reasons, and its worst cases. */
function suiteDetailLines(results: Results, suite: SuiteVerdict, options: TextOptions, paint: Paint): string[] {
  const lines = [
    `${paint(COLORS.bold, clean(suite.suite))} (${suite.kind})  ${suite.counts.scored}/${suite.counts.cases} scored, ${errorTally(suite)}, ${formatCost(suite.costUsd, suite.unpricedCases)}, ${formatDuration(suite.durationMs)}`,
  ];
  // In a paired run the baseline column of a paired suite is the base commit, run now.
  const rows = [["  metric", suite.baselineFrom?.kind === "paired" ? "base (now)" : "baseline", "now", "change", "status"]];
  for (const row of suite.rows) {
    rows.push([
      `  ${clean(row.metric)}${row.direction === "lower" ? " (lower is better)" : ""}`,
      formatValue(row.baseline, row.unit),
      formatValue(row.now, row.unit),
      formatDelta(row),
      statusText(row, paint),
    ]);
  }
  lines.push(...table(rows).map((line, i) => (i === 0 ? paint(COLORS.dim, line) : line)));
  const cacheUse = formatCacheUse(results.suites[suite.suite]?.cache, results.run.finishedAt);
  if (cacheUse) lines.push(`  ${cacheUse}`);
  if (suite.comparedOn) lines.push(`  ${clean(suite.comparedOn, 300)}`);
  if (suite.baselineFrom) lines.push(`  ${clean(suite.baselineFrom.text, 300)}`);
  for (const row of suite.rows) {
    const spread = spreadSentence(row);
    if (spread) lines.push(`  ${clean(row.metric)}: ${clean(spread, 300)}`);
  }
  for (const error of suite.errors) lines.push(`  ${paint(COLORS.yellow, "→")} could not decide: ${clean(error, 300)}`);
  for (const reason of suite.reasons) lines.push(`  ${paint(COLORS.red, "→")} ${clean(reason, 300)}`);
  return [...lines, ...worstCaseLines(suite, options, paint)];
}

function statusText(row: MetricRow, paint: Paint): string {
  const text = row.gated ? STATUS_TEXT[row.status] : STATUS_TEXT.info;
  if (!row.gated) return paint(COLORS.dim, text);
  if (row.status === "fail" || row.status === "error") return paint(COLORS.red, text);
  if (row.status === "noise") return paint(COLORS.yellow, text);
  return row.status === "pass" ? paint(COLORS.green, text) : text;
}

/** The cases that errored, regressed or scored low (no baseline), with the failing check and where they are defined. */
function worstCaseLines(suite: SuiteVerdict, options: TextOptions, paint: Paint): string[] {
  const all = [
    ...suite.changes.filter((c) => c.kind === "errored" || c.kind === "regressed"),
    ...suite.failingCases.filter((c) => c.kind === "low"),
  ];
  const worst = all.slice(0, options.worstCases ?? 5);
  const more = all.length - worst.length;
  const hidden = more > 0 ? [`    ${paint(COLORS.dim, `+${more} more (every case: --html report.html)`)}`] : [];
  return [...worst.map((change) => worstCaseLine(change, paint)), ...hidden];
}

function worstCaseLine(change: SuiteVerdict["changes"][number], paint: Paint): string {
  const where = `${change.source.file}${change.source.line ? `:${change.source.line}` : ""}`;
  const score = `${formatValue(change.before, "ratio")} → ${formatValue(change.after, "ratio")}`;
  const checks = change.failedChecks?.length ? `  fails ${clean(failedChecksSentence(change.failedChecks), 160)}` : "";
  const what =
    change.kind === "errored"
      ? `${change.errorSide === "scorer" ? "not scored" : "error"}: ${clean(change.error ?? "", 120)}`
      : `${change.kind === "low" ? formatValue(change.after, "ratio") : score}${checks}`;
  return `    ${change.kind === "errored" ? "!" : "↓"} ${clean(change.title || change.caseId, 60)}${change.group ? ` [${clean(change.group, 40)}]` : ""}  ${what}  ${paint(COLORS.dim, where)}`;
}

/** Conversation suites: the per-role table is the suite's headline, shown even when it passed. */
function roleTableLines(results: Results, verdict: GateVerdict, paint: Paint): string[] {
  const lines: string[] = [];
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
  return lines;
}

/** The legend for "reported only", the totals line and the hint to see more. */
function footerLines(results: Results, verdict: GateVerdict, shown: SuiteVerdict[], options: TextOptions, paint: Paint): string[] {
  const lines: string[] = [];
  if (shown.some((suite) => suite.rows.some((row) => !row.gated))) {
    lines.push("", paint(COLORS.dim, '"reported only": shown for information, never fails the gate (timings, costs, ungated metrics).'));
  }
  const errors = verdict.errors.length ? `${plural(verdict.errors.length, "error")} (could not decide) · ` : "";
  lines.push(
    "",
    [
      `${errors}${plural(verdict.failures.length, "failure")}`,
      formatCostTotal(runSpending(results)),
      formatTokens(results.run.tokens),
      formatDuration(results.run.durationMs),
    ]
      .filter(Boolean)
      .join(" · "),
  );
  if (!options.details && shown.length < verdict.suites.length) {
    lines.push(paint(COLORS.dim, "Every suite's metrics: --details; every case: --html report.html"));
  }
  return lines;
}
