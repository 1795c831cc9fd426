// Suite metrics from per-case summaries. Pure.
import type { CaseSummary, Metric, SuiteMetrics } from "../../results/types.ts";
import { repeatPassMetrics } from "../repeat-metrics.ts";
import { CALL_METRICS } from "./metrics.ts";

const DESCRIPTIONS: Record<string, string> = {
  precision_fn: "share of the calls made that were expected (no extra calls)",
  recall_fn: "share of the expected calls that were made (no missing calls)",
  precision_args: "share of the arguments sent that were right, over paired calls",
  recall_args: "share of the expected arguments sent right, over paired calls",
  reliability: "mean of recall_fn and recall_args",
  exact_match: "cases where every call and every argument was right, nothing extra",
  completion_rate: "live conversations that completed before the turn limit",
};

function mean(values: number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}

function metric(values: number[], gated: boolean, description?: string): Metric {
  return { value: mean(values), n: values.length, gated, direction: "higher", unit: "ratio", ...(description && { description }) };
}

export function aggregateFunctionCalls(results: CaseSummary[]): SuiteMetrics {
  const scoredCases = results.filter((result) => result.status === "scored");
  const valuesOf = (cases: CaseSummary[], name: string) =>
    cases.flatMap((c) => (typeof c.metrics[name] === "number" ? [c.metrics[name] as number] : []));
  const metrics: Record<string, Metric> = {};
  for (const name of CALL_METRICS) metrics[name] = metric(valuesOf(scoredCases, name), true, DESCRIPTIONS[name]);
  metrics.exact_match = metric(valuesOf(scoredCases, "exact_match"), false, DESCRIPTIONS.exact_match);
  // A case passes when every call and argument was right (exact_match): pass^k asks that of all k repeats.
  Object.assign(metrics, repeatPassMetrics(results, "exact_match", true));
  const completed = valuesOf(scoredCases, "completed");
  if (completed.length > 0) metrics.completion_rate = metric(completed, false, DESCRIPTIONS.completion_rate);

  const scenarios = [...new Set(scoredCases.map((c) => c.tags.scenarioType ?? "unknown"))].sort();
  for (const scenario of scenarios) {
    const cases = scoredCases.filter((c) => (c.tags.scenarioType ?? "unknown") === scenario);
    for (const name of CALL_METRICS) metrics[`${scenario}/${name}`] = metric(valuesOf(cases, name), false);
  }
  const warnings: string[] = [];
  const limited = scoredCases.filter((c) => c.tags.hit_turn_limit === "true").length;
  if (limited > 0)
    warnings.push(`${limited} conversation(s) hit the turn limit before the task was complete; they are scored on the calls made so far`);
  if (scoredCases.length === 0) warnings.push("no case was scored");
  return { metrics, warnings };
}
