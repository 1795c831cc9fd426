// CSV for spreadsheets, for every kind: cases.csv (one row per case and repeat, with its metrics and
// tags as columns) and metrics.csv (one row per suite metric with baseline, change and status). The
// SGI kind's TestBench tables are written by the kind itself, unchanged.
import { caseScore, mainScoreMetrics } from "../gate/case-scores.ts";
import type { GateVerdict } from "../gate/types.ts";
import { failedChecksList, failedChecksOf } from "../results/failed-checks.ts";
import type { Results } from "../results/types.ts";
import { redact } from "../util/redact.ts";

type Cell = string | number | boolean | null | undefined;

/** RFC 4180 quoting; text that a spreadsheet would run as a formula is prefixed with a quote. */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Secrets registered with util/redact.ts are masked, like in every other sink. */
export function toCsv(header: string[], rows: Cell[][]): string {
  return redact(`${[header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`);
}

const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

export function casesCsv(results: Results, verdict?: GateVerdict): string {
  const changes = new Map<string, string>();
  for (const suite of verdict?.suites ?? [])
    for (const change of suite.changes) changes.set(`${change.suite}/${change.caseId}/${change.repeat}`, change.kind);
  const metricNames = new Set<string>();
  const tagNames = new Set<string>();
  for (const suite of Object.values(results.suites)) {
    for (const result of suite.cases) {
      for (const name of Object.keys(result.metrics)) metricNames.add(name);
      for (const name of Object.keys(result.tags)) tagNames.add(name);
    }
  }
  const metrics = [...metricNames];
  const tags = [...tagNames];
  // The failing checks' column when a suite has checks: every failing check of the case, "name: reason; …".
  const withChecks = Object.values(results.suites).some((suite) => suite.checks || suite.cases.some((c) => failedChecksOf(c).length));
  const header = [
    "suite",
    "kind",
    "case_id",
    "repeat",
    "title",
    "status",
    "change",
    "score",
    "error",
    "source",
    "cost_usd",
    "latency_ms",
    "requests",
    "prompt",
    "response",
    ...(withChecks ? ["failed_checks"] : []),
    ...tags.map((t) => `tag:${t}`),
    ...metrics.map((m) => `metric:${m}`),
  ];
  const rows: Cell[][] = [];
  for (const [name, suite] of Object.entries(results.suites)) {
    const main = mainScoreMetrics(suite);
    for (const result of suite.cases) {
      const details = (result.details ?? {}) as Record<string, unknown>;
      rows.push([
        name,
        suite.kind,
        result.caseId,
        result.repeat,
        result.title,
        result.status,
        changes.get(`${name}/${result.caseId}/${result.repeat}`) ?? "",
        caseScore(result, main),
        result.error ? `${result.error.kind}: ${result.error.message}` : "",
        `${result.source.file}${result.source.line ? `:${result.source.line}` : ""}`,
        result.costUsd,
        result.latencyMs,
        result.requests,
        text(details.prompt),
        text(details.response),
        ...(withChecks ? [failedChecksList(failedChecksOf(result))] : []),
        ...tags.map((t) => result.tags[t]),
        ...metrics.map((m) => result.metrics[m]),
      ]);
    }
  }
  return toCsv(header, rows);
}

export function metricsCsv(results: Results, verdict?: GateVerdict): string {
  const header = [
    "suite",
    "kind",
    "metric",
    "gated",
    "direction",
    "unit",
    "n",
    "value",
    "baseline",
    "delta",
    "relative_delta",
    "status",
    "reason",
  ];
  const rows: Cell[][] = [];
  for (const [name, suite] of Object.entries(results.suites)) {
    const suiteVerdict = verdict?.suites.find((s) => s.suite === name);
    for (const [metric, value] of Object.entries(suite.metrics)) {
      const row = suiteVerdict?.rows.find((r) => r.metric === metric);
      rows.push([
        name,
        suite.kind,
        metric,
        value.gated,
        value.direction,
        value.unit,
        value.n,
        value.value,
        row?.baseline,
        row?.delta,
        row?.relDelta,
        row ? row.status : value.gated ? "" : "info",
        row?.reason,
      ]);
    }
  }
  return toCsv(header, rows);
}
