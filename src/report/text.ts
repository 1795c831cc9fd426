// The terminal summary for the CLI: compact, aligned columns; colour only on a TTY.
import type { Results } from "../engine/types.ts";
import type { GateVerdict, RowStatus } from "../gate/types.ts";
import { plainText } from "./escape.ts";
import { formatCost, formatDelta, formatDuration, formatValue, shortSha } from "./format.ts";

export interface TextOptions {
  color?: boolean;
  /** Worst cases listed per suite. */
  worstCases?: number;
}

const STATUS_TEXT: Record<RowStatus, string> = { pass: "pass", fail: "FAIL", new: "new", noise: "noise", info: "-", error: "ERROR" };
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

export function renderTextReport(results: Results, verdict: GateVerdict, options: TextOptions = {}): string {
  const paint = (code: number, text: string) => (options.color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const statusText = (status: RowStatus) => {
    const text = STATUS_TEXT[status];
    if (status === "fail" || status === "error") return paint(COLORS.red, text);
    if (status === "noise") return paint(COLORS.yellow, text);
    return status === "pass" ? paint(COLORS.green, text) : text;
  };
  const lines: string[] = [];
  const verdictText = verdict.verdict === "pass" ? paint(COLORS.green, "PASS") : paint(COLORS.red, "FAIL");
  const baseline = verdict.baseline.found
    ? `baseline ${[verdict.baseline.branch, shortSha(verdict.baseline.commit)].filter(Boolean).join(" @ ") || "given"}`
    : "no baseline (thresholds only)";
  lines.push(`evalgate ${verdictText}  ${baseline}${verdict.profile ? `  profile ${verdict.profile}` : ""}`);
  for (const suite of verdict.suites) {
    lines.push("");
    const header = `${suite.status === "pass" ? paint(COLORS.green, "✓") : paint(COLORS.red, "✗")} ${paint(COLORS.bold, clean(suite.suite))}`;
    lines.push(
      `${header}  ${suite.counts.scored}/${suite.counts.cases} scored, ${suite.counts.errors === 1 ? "1 error" : `${suite.counts.errors} errors`}, ${formatCost(suite.costUsd)}, ${formatDuration(suite.durationMs)}`,
    );
    const rows = [["  metric", "baseline", "now", "delta", "status"]];
    for (const row of suite.rows) {
      rows.push([
        `  ${clean(row.metric)}${row.direction === "lower" ? " (lower)" : ""}`,
        formatValue(row.baseline, row.unit),
        formatValue(row.now, row.unit),
        formatDelta(row),
        statusText(row.status),
      ]);
    }
    lines.push(...table(rows).map((line, i) => (i === 0 ? paint(COLORS.dim, line) : line)));
    for (const reason of suite.reasons) lines.push(`  ${paint(COLORS.red, "→")} ${clean(reason, 300)}`);
    const worst = suite.changes.filter((c) => c.kind === "errored" || c.kind === "regressed").slice(0, options.worstCases ?? 5);
    for (const change of worst) {
      const where = `${change.source.file}${change.source.line ? `:${change.source.line}` : ""}`;
      const what =
        change.kind === "errored"
          ? `error: ${clean(change.error ?? "", 120)}`
          : `${formatValue(change.before, "ratio")} → ${formatValue(change.after, "ratio")}`;
      lines.push(
        `    ${change.kind === "errored" ? "!" : "↓"} ${clean(change.title || change.caseId, 60)}  ${what}  ${paint(COLORS.dim, where)}`,
      );
    }
  }
  if (verdict.notRun.length) lines.push("", `not run (kept from the baseline): ${verdict.notRun.join(", ")}`);
  const cost = Object.values(results.suites)
    .map((s) => s.costUsd)
    .filter((c): c is number => c !== null);
  lines.push(
    "",
    `${verdict.failures.length} failure${verdict.failures.length === 1 ? "" : "s"} · ${cost.length ? formatCost(cost.reduce((a, b) => a + b, 0)) : "cost unknown"} · ${formatDuration(results.run.durationMs)}`,
  );
  return `${lines.join("\n")}\n`;
}
