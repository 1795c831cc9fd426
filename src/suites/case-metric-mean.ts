// Pure: a suite metric that is the mean of a per-case metric, for the kinds whose metrics are shares
// of cases (checks, prompt-yml evaluators). A case whose value could not be computed is a failed
// computation of the metric (Metric.failed, its first error kept), held against max-error-rate,
// never a value.
import type { CaseSummary, Metric } from "../results/types.ts";
import { mean } from "../util/stats.ts";

/** The per-case metric's mean over the scored cases that have it, with the cases where it could not be computed. */
export function caseMetricMean(scored: readonly CaseSummary[], perCase: string, fields: Omit<Metric, "value" | "n">): Metric {
  const values: number[] = [];
  let failed = 0;
  let firstError: string | undefined;
  for (const result of scored) {
    const value = result.metrics[perCase];
    if (typeof value === "number") values.push(value);
    const error = result.metricErrors?.[perCase];
    if (error !== undefined) {
      failed++;
      firstError ??= error;
    }
  }
  return {
    value: values.length > 0 ? mean(values) : null,
    n: values.length,
    ...fields,
    ...(failed > 0 ? { failed, ...(firstError !== undefined ? { firstError } : {}) } : {}),
  };
}

/** The fields of a gated share of cases: higher is better, a ratio. */
export const gatedRate = (description: string): Omit<Metric, "value" | "n"> => ({
  gated: true,
  direction: "higher",
  unit: "ratio",
  description,
});
