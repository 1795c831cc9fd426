// Which per-case value stands behind a suite metric. Suite metrics of a group are named
// "<group>/<metric>" (an agent of a judged suite, a scenario type) while each case writes the plain
// "<metric>" and carries the group as a tag: "support-bot/score" is the case metric "score" of the
// cases tagged with that agent.
import type { CaseResult } from "../results/types.ts";

/** The case's value for the suite metric `metricName`, or undefined when the case has none. */
export function caseMetricValue(result: Pick<CaseResult, "metrics" | "tags">, metricName: string): number | undefined {
  const direct = result.metrics[metricName];
  if (typeof direct === "number" && Number.isFinite(direct)) return direct;
  const slash = metricName.lastIndexOf("/");
  if (slash <= 0) return undefined;
  const group = metricName.slice(0, slash);
  if (!Object.values(result.tags ?? {}).includes(group)) return undefined;
  const value = result.metrics[metricName.slice(slash + 1)];
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** The group a metric name belongs to ("support-bot" for "support-bot/score"), when the case carries it as a tag. */
export function metricGroup(result: Pick<CaseResult, "tags">, metricName: string): string | undefined {
  const slash = metricName.lastIndexOf("/");
  if (slash <= 0) return undefined;
  const group = metricName.slice(0, slash);
  return Object.values(result.tags ?? {}).includes(group) ? group : undefined;
}
