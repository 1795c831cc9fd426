// What a case scores: which per-case value stands behind a suite metric, and a case's main score
// (what per-case tables and the case comparison rank by). Suite metrics of a group are named
// "<group>/<metric>" (an agent of a judged suite, a scenario type) while each case writes the plain
// "<metric>" and carries the group as a tag: "support-bot/score" is the case metric "score" of the
// cases tagged with that agent.
import type { CaseResult, SuiteResults } from "../results/types.ts";
import { mean } from "../util/stats.ts";

/**
 * The group and the case metric a suite metric name stands for: "support-bot/check/cites" is the
 * case metric "check/cites" of the cases tagged "support-bot". A name may hold several slashes (a
 * check's metric does), so each split is tried, the shortest group first.
 */
function splitGroup(result: Pick<CaseResult, "tags">, metricName: string): { group: string; metric: string } | undefined {
  const tags = Object.values(result.tags ?? {});
  for (let slash = metricName.indexOf("/"); slash > 0; slash = metricName.indexOf("/", slash + 1)) {
    const group = metricName.slice(0, slash);
    if (tags.includes(group)) return { group, metric: metricName.slice(slash + 1) };
  }
  return undefined;
}

/** The case's value for the suite metric `metricName`, or undefined when the case has none. */
export function caseMetricValue(result: Pick<CaseResult, "metrics" | "tags">, metricName: string): number | undefined {
  const direct = result.metrics[metricName];
  if (typeof direct === "number" && Number.isFinite(direct)) return direct;
  const split = splitGroup(result, metricName);
  if (!split) return undefined;
  const value = result.metrics[split.metric];
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** The scored cases' values of `metricName`, grouped by `keyOf` (the case, the repeat), in the cases' order. */
export function scoredValuesBy<K>(cases: readonly CaseResult[], metricName: string, keyOf: (result: CaseResult) => K): Map<K, number[]> {
  const groups = new Map<K, number[]>();
  for (const result of cases) {
    const value = result.status === "scored" ? caseMetricValue(result, metricName) : undefined;
    if (value === undefined) continue;
    const key = keyOf(result);
    const list = groups.get(key) ?? [];
    list.push(value);
    groups.set(key, list);
  }
  return groups;
}

/** The group a metric name belongs to ("support-bot" for "support-bot/score"), when the case carries it as a tag. */
export function metricGroup(result: Pick<CaseResult, "tags">, metricName: string): string | undefined {
  return splitGroup(result, metricName)?.group;
}

/**
 * The metrics that make a case's main score: the suite's gated higher-is-better metrics, the 0..1
 * ratios among them when there are any (a reading ease of 60 must not outweigh a 0..1 rubric score).
 */
export function mainScoreMetrics(suite: SuiteResults): string[] {
  const gated = Object.entries(suite.metrics).filter(([, metric]) => metric.gated && metric.direction === "higher");
  const ratios = gated.filter(([, metric]) => metric.unit === "ratio");
  return (ratios.length > 0 ? ratios : gated).map(([name]) => name);
}

/**
 * Mean of the case's values for the main metrics, each read from the case's own group ("agent/score"
 * is the case metric "score" of that agent's cases); null for an error or when no main metric applies.
 * Never a fallback to other values: timings, counts and variances are not scores.
 */
export function caseScore(result: CaseResult, mainMetrics: readonly string[]): number | null {
  if (result.status !== "scored") return null;
  const values = mainMetrics.flatMap((name) => {
    const value = caseMetricValue(result, name);
    return value === undefined ? [] : [value];
  });
  return values.length ? mean(values) : null;
}

/** The group (agent) whose gated metric scores this case, for rows that name it. */
export function caseGroup(result: CaseResult, mainMetrics: readonly string[]): string | undefined {
  for (const name of mainMetrics) {
    const group = caseMetricValue(result, name) !== undefined ? metricGroup(result, name) : undefined;
    if (group) return group;
  }
  return undefined;
}
