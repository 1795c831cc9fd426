// Pure: the checks' suite metrics from case summaries. `check_pass_rate` is the share of scored
// cases that passed every check, `check/<name>` the share that passed that check; both gated,
// higher is better, 0/1 per case (so the gate's McNemar test applies). A check that could not be
// evaluated on a case is a failed computation of its metric (Metric.failed), held against
// max-error-rate, never a value.
import type { CaseSummary, Metric } from "../../results/types.ts";
import { caseMetricMean, gatedRate } from "../case-metric-mean.ts";
import { CHECK_PASS, CHECK_PASS_RATE, checkMetric } from "./evaluate.ts";

/**
 * The metrics of a group of cases (a suite, or one agent's cases). `prefix` is the group's
 * ("support-bot/"), so each metric names the case metric behind it (Metric.perCase).
 */
export function checkSuiteMetrics(group: readonly CaseSummary[], names: readonly string[], prefix = ""): Record<string, Metric> {
  const scored = group.filter((result) => result.status === "scored");
  const metrics: Record<string, Metric> = {
    [CHECK_PASS_RATE]: {
      ...caseMetricMean(scored, CHECK_PASS, gatedRate("share of answers passing every check")),
      perCase: `${prefix}${CHECK_PASS}`,
    },
  };
  for (const name of names)
    metrics[checkMetric(name)] = caseMetricMean(scored, checkMetric(name), gatedRate(`share of answers passing the check ${name}`));
  return metrics;
}

/** One row per check for the reports: how many answers passed, failed, or could not be checked. */
export interface CheckBreakdown {
  check: string;
  passed: number;
  failed: number;
  errors: number;
  passRate: number | null;
}

export function checksBreakdown(results: readonly CaseSummary[], names: readonly string[]): CheckBreakdown[] {
  return names.map((name) => {
    const metric = checkMetric(name);
    let passed = 0;
    let failed = 0;
    let errors = 0;
    for (const result of results) {
      if (result.status !== "scored") continue;
      const value = result.metrics[metric];
      if (value === 1) passed++;
      else if (value === 0) failed++;
      else if (result.metricErrors?.[metric] !== undefined) errors++;
    }
    return { check: name, passed, failed, errors, passRate: passed + failed > 0 ? passed / (passed + failed) : null };
  });
}
