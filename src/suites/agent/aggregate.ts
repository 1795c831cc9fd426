// Suite metrics of an agent suite from its case summaries. Pure.
import type { CaseSummary, Metric, MetricDirection, MetricUnit, SuiteMetrics } from "../../results/types.ts";
import { checkSuiteMetrics } from "../checks/aggregate.ts";
import { checkNames } from "../checks/options.ts";
import { repeatPassMetrics } from "../repeat-metrics.ts";
import type { AgentOptions } from "./options.ts";

interface Spec {
  /** The per-case metric it is the mean of. */
  of: string;
  direction: MetricDirection;
  unit: MetricUnit;
  gated: boolean;
  description: string;
}

const METRICS: Record<string, Spec> = {
  trajectory_pass_rate: {
    of: "trajectory_pass",
    direction: "higher",
    unit: "ratio",
    gated: true,
    description: "cases whose trajectory made the expected calls in order, no forbidden one, within the limits",
  },
  tool_precision: {
    of: "tool_precision",
    direction: "higher",
    unit: "ratio",
    gated: true,
    description: "share of the tool calls made that were expected",
  },
  tool_recall: {
    of: "tool_recall",
    direction: "higher",
    unit: "ratio",
    gated: true,
    description: "share of the expected tool calls that were made",
  },
  steps: { of: "steps", direction: "lower", unit: "count", gated: true, description: "requests to the agent per case" },
  cost_usd: { of: "cost_usd", direction: "lower", unit: "usd", gated: true, description: "cost of the agent's requests per case" },
  tool_calls: { of: "tool_calls", direction: "lower", unit: "count", gated: false, description: "tool calls per case" },
};

/** The judge's on the final answer (judge.ts), gated as the judged kind's score and pass_rate are. */
function judgeMetrics(options: Pick<AgentOptions, "pass-score">): Record<string, Spec> {
  return {
    judge_score: {
      of: "judge_score",
      direction: "higher",
      unit: "ratio",
      gated: true,
      description: "mean normalized judge score of the final answers (majority vote), 0..1",
    },
    judge_pass_rate: {
      of: "judge_pass",
      direction: "higher",
      unit: "ratio",
      gated: true,
      description: `share of final answers the judge scored at least ${options["pass-score"]} (normalized)`,
    },
    judge_agreement: { of: "judge_agreement", direction: "higher", unit: "ratio", gated: false, description: "mean judge agreement" },
  };
}

export function aggregateAgent(results: CaseSummary[], options: Pick<AgentOptions, "checks" | "judge" | "pass-score">): SuiteMetrics {
  const scored = results.filter((result) => result.status === "scored");
  const metrics = meanMetrics(scored, { ...METRICS, ...(options.judge !== undefined && judgeMetrics(options)) });
  Object.assign(metrics, repeatPassMetrics(results, "trajectory_pass", true));
  // The final answer's checks, gated as the judged kind's are: check_pass_rate and check/<name>.
  if (options.checks) Object.assign(metrics, checkSuiteMetrics(results, checkNames(options.checks)));
  const warnings: string[] = [];
  const unpriced = scored.filter((c) => typeof c.metrics.cost_usd !== "number").length;
  if (unpriced > 0 && unpriced < scored.length)
    warnings.push(`${unpriced} case(s) have no known cost (no price, or no usage reported): cost_usd stands on the others`);
  if (scored.length === 0) warnings.push("no case was scored");
  return { metrics, warnings };
}

/** Each metric of the table: the mean of its per-case metric over the scored cases. */
function meanMetrics(scored: CaseSummary[], table: Record<string, Spec>): Record<string, Metric> {
  const metrics: Record<string, Metric> = {};
  for (const [name, spec] of Object.entries(table)) {
    const values = scored.flatMap((c) => (typeof c.metrics[spec.of] === "number" ? [c.metrics[spec.of] as number] : []));
    // A cost no case could price is not measured: no metric rather than one standing on nothing.
    if (values.length === 0 && name === "cost_usd") continue;
    const value = values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;
    metrics[name] = {
      value,
      n: values.length,
      gated: spec.gated,
      direction: spec.direction,
      unit: spec.unit,
      description: spec.description,
      ...(spec.of !== name && { perCase: spec.of }),
    };
  }
  return metrics;
}
