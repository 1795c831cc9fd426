// Pure: a promptfoo suite's metrics from its tests' summaries, per prompt × provider (each case's
// `group` tag, "<prompt>@<provider>"): the share of tests passing (promptfoo's pass rate), their mean
// score, and each named metric's mean (promptfoo's namedScores). A test the judge could not grade is a
// failed computation (Metric.failed), held against max-error-rate, never a value.
import type { CaseSummary, Metric, SuiteMetrics } from "../../results/types.ts";
import { caseMetricMean, gatedRate } from "../case-metric-mean.ts";
import { TEST_PASS, TEST_SCORE } from "./run.ts";

const NAMED = "metric/";

function groupMetrics(group: string, rows: readonly CaseSummary[]): Record<string, Metric> {
  const scored = rows.filter((row) => row.status === "scored");
  const metrics: Record<string, Metric> = {
    [`${group}/pass_rate`]: caseMetricMean(scored, TEST_PASS, gatedRate(`share of ${group}'s tests passing (promptfoo's pass rate)`)),
    [`${group}/score`]: caseMetricMean(scored, TEST_SCORE, {
      gated: true,
      direction: "higher",
      unit: "score",
      description: `mean score of ${group}'s tests (each the weighted mean of its asserts' scores)`,
    }),
  };
  const names = new Set(scored.flatMap((row) => Object.keys(row.metrics).filter((key) => key.startsWith(NAMED))));
  for (const name of names)
    metrics[`${group}/${name}`] = caseMetricMean(scored, name, {
      gated: true,
      direction: "higher",
      unit: "score",
      description: `mean of the named metric ${name.slice(NAMED.length)} over ${group}'s tests that have it`,
    });
  return metrics;
}

export function aggregatePromptfoo(results: CaseSummary[]): SuiteMetrics {
  const groups = new Map<string, CaseSummary[]>();
  for (const result of results) {
    const key = result.tags["group"] ?? "?";
    const rows = groups.get(key);
    if (rows) rows.push(result);
    else groups.set(key, [result]);
  }
  const metrics: Record<string, Metric> = {};
  const breakdown: { group: string; tests: number; passed: number; failed: number; ungraded: number; errors: number }[] = [];
  for (const [group, rows] of groups) {
    Object.assign(metrics, groupMetrics(group, rows));
    const count = (test: (row: CaseSummary) => boolean) => rows.filter(test).length;
    breakdown.push({
      group,
      tests: rows.length,
      passed: count((row) => row.metrics[TEST_PASS] === 1),
      failed: count((row) => row.metrics[TEST_PASS] === 0),
      ungraded: count((row) => row.status === "scored" && row.metricErrors?.[TEST_PASS] !== undefined),
      errors: count((row) => row.status === "error"),
    });
  }
  const scored = results.filter((row) => row.status === "scored");
  metrics["pass_rate"] = {
    ...caseMetricMean(scored, TEST_PASS, gatedRate("share of all tests passing, every prompt and provider")),
    gated: false,
  };
  return { metrics, warnings: [], breakdowns: { groups: breakdown } };
}
