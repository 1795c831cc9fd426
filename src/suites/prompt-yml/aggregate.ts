// Pure: a prompt-yml suite's metrics from its rows' summaries, per file and per evaluator. Each file
// is a group (its cases carry it as the `file` tag), so `<file>/pass_rate` is the share of its rows
// passing every evaluator (gh models eval's "Passed: x/y"), `<file>/<evaluator>/pass_rate` the share
// an evaluator passes, and `<file>/<evaluator>/score` its mean score (built-ins, and llm evaluators
// with a choice scoring other than 0 or 1: elsewhere the score is the pass). An evaluator that could not grade a row is a failed
// computation (Metric.failed), held against max-error-rate, never a value.
import type { CaseSummary, Metric, SuiteMetrics } from "../../results/types.ts";
import { caseMetricMean, gatedRate } from "../case-metric-mean.ts";
import { ROW_PASS } from "./run.ts";

const PASS_SUFFIX = "/pass_rate";
const SCORE_SUFFIX = "/score";

/** The evaluators a file's rows were graded by, in the order first seen. */
function evaluatorNames(rows: readonly CaseSummary[]): string[] {
  const names = new Set<string>();
  for (const row of rows)
    for (const key of [...Object.keys(row.metrics), ...Object.keys(row.metricErrors ?? {})])
      if (key.endsWith(PASS_SUFFIX)) names.add(key.slice(0, -PASS_SUFFIX.length));
  return [...names];
}

/** A score on 0..1 is a ratio gated like any; an llm evaluator whose choices leave 0..1 is on its own scale (max-drop only). */
function scoreMetric(scored: readonly CaseSummary[], name: string): Metric {
  const perCase = `${name}${SCORE_SUFFIX}`;
  const metric = caseMetricMean(scored, perCase, {
    gated: true,
    direction: "higher",
    unit: "ratio",
    description: `mean score of the evaluator ${name} (its choices' scores; built-ins 1–5 as 0–1)`,
  });
  const offScale = scored.some((row) => {
    const value = row.metrics[perCase];
    return typeof value === "number" && (value < 0 || value > 1);
  });
  return offScale ? { ...metric, unit: "score", bounds: {} } : metric;
}

function fileMetrics(key: string, rows: readonly CaseSummary[]): Record<string, Metric> {
  const scored = rows.filter((row) => row.status === "scored");
  const metrics: Record<string, Metric> = {
    [`${key}/pass_rate`]: caseMetricMean(scored, ROW_PASS, gatedRate(`share of ${key}'s rows passing every evaluator`)),
  };
  for (const name of evaluatorNames(rows)) {
    const perCase = `${name}${PASS_SUFFIX}`;
    metrics[`${key}/${name}/pass_rate`] = caseMetricMean(scored, perCase, gatedRate(`share of ${key}'s rows the evaluator ${name} passes`));
    if (scored.some((row) => `${name}${SCORE_SUFFIX}` in row.metrics || `${name}${SCORE_SUFFIX}` in (row.metricErrors ?? {})))
      metrics[`${key}/${name}/score`] = scoreMetric(scored, name);
  }
  return metrics;
}

/** The files the rows come from, by their key, in the rows' order. */
function byFile(results: readonly CaseSummary[]): Map<string, CaseSummary[]> {
  const files = new Map<string, CaseSummary[]>();
  for (const result of results) {
    const key = result.tags["file"] ?? "?";
    const rows = files.get(key);
    if (rows) rows.push(result);
    else files.set(key, [result]);
  }
  return files;
}

/** One row of `breakdowns.files`: a file's rows, how many passed every evaluator, failed one, or could not be graded. */
interface FileBreakdown {
  file: string;
  rows: number;
  passed: number;
  failed: number;
  ungraded: number;
  errors: number;
}

export function aggregatePromptYml(results: CaseSummary[]): SuiteMetrics {
  const metrics: Record<string, Metric> = {};
  const files: FileBreakdown[] = [];
  for (const [key, rows] of byFile(results)) {
    Object.assign(metrics, fileMetrics(key, rows));
    const count = (test: (row: CaseSummary) => boolean) => rows.filter(test).length;
    files.push({
      file: key,
      rows: rows.length,
      passed: count((row) => row.metrics[ROW_PASS] === 1),
      failed: count((row) => row.metrics[ROW_PASS] === 0),
      ungraded: count((row) => row.status === "scored" && row.metricErrors?.[ROW_PASS] !== undefined),
      errors: count((row) => row.status === "error"),
    });
  }
  const scored = results.filter((row) => row.status === "scored");
  metrics["pass_rate"] = {
    ...caseMetricMean(scored, ROW_PASS, gatedRate("share of all files' rows passing every evaluator")),
    gated: false,
  };
  return { metrics, warnings: [], breakdowns: { files } };
}
