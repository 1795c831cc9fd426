// Pure: per-case summaries of a judged suite in, suite metrics out, overall and per agent.
import type { CaseSummary, Metric, SuiteMetrics } from "../../results/types.ts";
import { checkSuiteMetrics, checksBreakdown } from "../checks/aggregate.ts";
import { CHECK_PASS } from "../checks/evaluate.ts";
import { checkNames } from "../checks/options.ts";
import { repeatPassMetrics } from "../repeat-metrics.ts";
import { mean, populationVariance, SCALES, spread } from "./grading.ts";
import type { JudgedOptions } from "./options.ts";

/** One row of `breakdowns.agents`: the seed's per-agent statistics, raw scores on the suite's scale. */
export interface AgentStats {
  agent: string;
  cases: number;
  scored: number;
  errors: number;
  /** Raw judge scores (final majority scores) on the scale; null when nothing was scored. */
  mean: number | null;
  normalizedMean: number | null;
  min: number | null;
  max: number | null;
  /** Population standard deviation of the raw scores. */
  stdDev: number | null;
  passRate: number | null;
  errorRate: number | null;
  timeoutRate: number | null;
  avgDurationMs: number | null;
  avgAgreement: number | null;
  lowAgreement: number | null;
  failedVotes: number;
}

function agentOf(result: CaseSummary): string {
  return result.tags["agent"] ?? result.caseId.split("/")[0] ?? "unknown";
}

function values(results: CaseSummary[], metric: string): number[] {
  return results.flatMap((r) => (typeof r.metrics[metric] === "number" ? [r.metrics[metric]] : []));
}

function meanOrNull(list: number[]): number | null {
  return list.length > 0 ? mean(list) : null;
}

/** Population standard deviation of the per-repeat means, when the run was repeated. */
function repeatSpread(scored: CaseSummary[], metric: string): number | undefined {
  const byRepeat = new Map<number, number[]>();
  for (const r of scored) {
    const v = r.metrics[metric];
    if (typeof v !== "number") continue;
    const list = byRepeat.get(r.repeat);
    if (list)
      list.push(v); // not a copy per case: that was quadratic (minutes at 40,000 cases)
    else byRepeat.set(r.repeat, [v]);
  }
  if (byRepeat.size < 2) return undefined;
  return Math.sqrt(populationVariance([...byRepeat.values()].map(mean)));
}

function metric(value: number | null, n: number, fields: Omit<Metric, "value" | "n">): Metric {
  return { value: n > 0 ? value : null, n, ...fields };
}

/** Cases whose `pass` could not be known (a check that could not be evaluated), and the first reason. */
function unknownPasses(scored: CaseSummary[]): Pick<Metric, "failed" | "firstError"> {
  const errors = scored.flatMap((r) => (r.metricErrors?.["pass"] !== undefined ? [r.metricErrors["pass"]] : []));
  return errors.length ? { failed: errors.length, firstError: errors[0]! } : {};
}

/** The judge's metrics of one group of cases (one agent, or all of them); `prefix` is the group's ("bot/"). */
function judgeMetrics(group: CaseSummary[], options: JudgedOptions, prefix: string): Record<string, Metric> {
  const scored = group.filter((r) => r.status === "scored");
  const withSpread = (name: string): { spread?: number } => {
    const s = repeatSpread(scored, name);
    return s === undefined ? {} : { spread: s };
  };
  const passes = values(scored, "pass");
  return {
    score: metric(meanOrNull(values(scored, "score")), scored.length, {
      gated: true,
      direction: "higher",
      unit: "ratio",
      description: "mean normalized judge score (majority vote), 0..1",
      ...withSpread("score"),
    }),
    pass_rate: metric(meanOrNull(passes), passes.length, {
      gated: true,
      direction: "higher",
      unit: "ratio",
      description: options.checks
        ? `share of answers scoring at least ${options["pass-score"]} (normalized) and passing every check`
        : `share of answers scoring at least ${options["pass-score"]} (normalized)`,
      perCase: `${prefix}pass`,
      ...withSpread("pass"),
      ...unknownPasses(scored),
    }),
    agreement: metric(meanOrNull(values(scored, "agreement")), scored.length, {
      gated: false,
      direction: "higher",
      unit: "ratio",
      description: "mean judge agreement",
    }),
  };
}

/** Answers whose judges agreed less than `min-agreement`, when the suite sets it. */
function lowAgreement(scored: CaseSummary[], options: JudgedOptions): Record<string, Metric> {
  const minAgreement = options["min-agreement"];
  if (minAgreement === undefined) return {};
  return {
    low_agreement: metric(values(scored, "agreement").filter((a) => a < minAgreement).length, scored.length, {
      gated: false,
      direction: "lower",
      unit: "count",
      description: `answers whose judges agreed less than ${minAgreement}`,
    }),
  };
}

/** The metrics of one group of cases: the judge's and the checks' (those the suite has), then errors and timings. */
function groupMetrics(group: CaseSummary[], options: JudgedOptions, prefix = ""): Record<string, Metric> {
  const scored = group.filter((r) => r.status === "scored");
  return {
    ...(options.judge ? judgeMetrics(group, options, prefix) : {}),
    ...(options.checks ? checkSuiteMetrics(group, checkNames(options.checks), prefix) : {}),
    error_rate: metric(group.length > 0 ? (group.length - scored.length) / group.length : null, group.length, {
      gated: false,
      direction: "lower",
      unit: "ratio",
      description: "answers that could not be scored",
    }),
    timeout_rate: metric(group.length > 0 ? values(group, "timeout").filter((t) => t === 1).length / group.length : null, group.length, {
      gated: false,
      direction: "lower",
      unit: "ratio",
      description: "agent calls that timed out",
    }),
    duration_ms: metric(meanOrNull(values(scored, "duration_ms")), scored.length, {
      gated: false,
      direction: "lower",
      unit: "ms",
      description: "mean agent response time of scored answers",
    }),
    ...lowAgreement(scored, options),
    // pass^k and pass@k over the case's pass: the judge's and the checks', or the checks' alone.
    ...repeatPassMetrics(group, options.judge ? "pass" : CHECK_PASS, true),
  };
}

function agentStats(agent: string, group: CaseSummary[], options: JudgedOptions): AgentStats {
  const scored = group.filter((r) => r.status === "scored");
  const raw = spread(values(scored, "raw_score"));
  const minAgreement = options["min-agreement"];
  const agreements = values(scored, "agreement");
  return {
    agent,
    cases: group.length,
    scored: scored.length,
    errors: group.length - scored.length,
    mean: raw?.mean ?? null,
    normalizedMean: meanOrNull(values(scored, "score")),
    min: raw?.min ?? null,
    max: raw?.max ?? null,
    stdDev: raw?.stdDev ?? null,
    passRate: meanOrNull(values(scored, "pass")),
    errorRate: group.length > 0 ? (group.length - scored.length) / group.length : null,
    timeoutRate: group.length > 0 ? values(group, "timeout").filter((t) => t === 1).length / group.length : null,
    avgDurationMs: meanOrNull(values(scored, "duration_ms")),
    avgAgreement: meanOrNull(agreements),
    lowAgreement: minAgreement !== undefined && scored.length > 0 ? agreements.filter((a) => a < minAgreement).length : null,
    failedVotes: values(group, "failed_votes").reduce((sum, v) => sum + v, 0),
  };
}

/** Judge votes cast and skipped across the suite's answers (`judge-early-stop`); answers the agent never gave have none. */
function voteCounts(results: CaseSummary[], options: JudgedOptions): { cast: number; skipped: number } {
  const skipped = values(results, "skipped_votes").reduce((sum, v) => sum + v, 0);
  const judgedAnswers = results.filter((r) => typeof r.metrics["skipped_votes"] === "number").length;
  return { cast: judgedAnswers * options["judge-runs"] - skipped, skipped };
}

export function aggregateJudged(results: CaseSummary[], options: JudgedOptions): SuiteMetrics {
  // Configured agents first, in config order, so reports list them as the user wrote them.
  const agents = [...new Set([...options.agents, ...results.map(agentOf)])];
  const byAgent = new Map(agents.map((agent) => [agent, results.filter((r) => agentOf(r) === agent)]));

  const metrics: Record<string, Metric> = groupMetrics(results, options);
  if (agents.length > 1) {
    // Each agent is gated on its own: a blend of several agents would let one hide another's drop.
    for (const [name, value] of Object.entries(metrics)) if (value.gated) metrics[name] = { ...value, gated: false };
    for (const [agent, group] of byAgent) {
      for (const [name, value] of Object.entries(groupMetrics(group, options, `${agent}/`))) {
        // pass^k of one agent reads that agent's case metric "pass" ("support-bot/pass" to the gate).
        const ofRepeats = value.ofRepeats ? { ofRepeats: { ...value.ofRepeats, metric: `${agent}/${value.ofRepeats.metric}` } } : {};
        metrics[`${agent}/${name}`] = { ...value, ...ofRepeats };
      }
    }
  }

  const warnings: string[] = [];
  const failedVotes = values(results, "failed_votes").reduce((sum, v) => sum + v, 0);
  if (failedVotes > 0) warnings.push(`${failedVotes} judge vote(s) gave no usable score (endpoint error or no valid SCORE)`);
  const errors = results.filter((r) => r.status === "error");
  if (errors.length > 0) {
    const kinds = new Map<string, number>();
    for (const r of errors) kinds.set(r.error?.kind ?? "unknown", (kinds.get(r.error?.kind ?? "unknown") ?? 0) + 1);
    const byKind = [...kinds]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kind, count]) => `${count} ${kind}`)
      .join(", ");
    warnings.push(`${errors.length} of ${results.length} answer(s) could not be scored (${byKind})`);
  }
  const low = metrics["low_agreement"]?.value;
  if (low) warnings.push(`${low} answer(s) with judge agreement under ${options["min-agreement"]}`);

  const scale = SCALES[options.scale];
  const judged = options.judge
    ? {
        scale: { type: scale.type, min: scale.min, max: scale.max },
        ...(options["judge-early-stop"] ? { votes: voteCounts(results, options) } : {}),
        agents: agents
          .filter((agent) => (byAgent.get(agent) ?? []).length > 0)
          .map((agent) => agentStats(agent, byAgent.get(agent) ?? [], options)),
      }
    : {};
  return {
    metrics,
    warnings,
    breakdowns: { ...judged, ...(options.checks ? { checks: checksBreakdown(results, checkNames(options.checks)) } : {}) },
  };
}
