// Pure: per-case summaries in, suite metrics out. Only scored cases count, as in Eunomia, where
// cases the server failed on are listed apart (failed_tests_due_to_server).
import type { CaseSummary, Metric, SuiteMetrics } from "../../results/types.ts";
import { MODEL_CALLS_PREFIX, MODEL_COST_PREFIX } from "./run-case.ts";

export interface ScenarioFigures {
  cases: number;
  scored: number;
  failed: number;
  fully_correct: number;
  score_matched: number;
  detected: number;
  /** 0..100, as the TestBench reports it. */
  average_score_percent: number | null;
  total_cost_usd: number | null;
  average_cost_usd: number | null;
  average_request_time_ms: number | null;
}

export interface ModelCostFigures {
  calls: number;
  /** null when the model is not in the price table. */
  cost_usd: number | null;
}

export function aggregateSgi(results: CaseSummary[]): SuiteMetrics {
  const scored = results.filter((r) => r.status === "scored");
  const metrics = sgiMetrics(scored);
  const warnings: string[] = [];
  const unknownModels = new Set(scored.flatMap((r) => (r.tags.unknown_models ? r.tags.unknown_models.split(",") : [])));
  for (const model of unknownModels) {
    warnings.push(`model "${model}" is not in the price table (llm_cost.yml); its cost and the suite's total cost are unknown`);
  }
  const withoutUsage = scored.filter((r) => r.tags.cost_unknown).length;
  if (withoutUsage > 0) warnings.push(`${withoutUsage} response(s) carried no token usage (meta.llmRequests); the total cost is unknown`);

  return {
    metrics,
    warnings,
    breakdowns: {
      missed_instructions_per_criterion: missedPerCriterion(scored),
      scenarios: perScenario(results),
      cost_per_model: costPerModel(scored, unknownModels),
    },
  };
}

/** The TestBench's rates over the scored cases (gated), and their cost and request time. */
function sgiMetrics(scored: CaseSummary[]): Record<string, Metric> {
  const n = scored.length;
  const mean = (key: string) => (n === 0 ? null : scored.reduce((total, r) => total + (r.metrics[key] ?? 0), 0) / n);
  const totalCost = sumCost(scored);
  const gated = (value: number | null, description: string): Metric => ({
    value,
    n,
    gated: true,
    direction: "higher",
    unit: "ratio",
    description,
  });
  const figure = (value: number | null, unit: Metric["unit"], description: string): Metric => ({
    value,
    n,
    gated: false,
    direction: "lower",
    unit,
    description,
  });
  return {
    score: gated(mean("score"), "mean test-case score (weight 2 for the instructions a test case is about)"),
    detection_rate: gated(mean("detected"), "share of test cases whose introduced faults were all flagged"),
    fully_correct_rate: gated(mean("fully_correct"), "share of test cases with no missing and no unknown instructions"),
    score_match_rate: gated(mean("score_match"), "share of test cases whose returned points equal the expected points"),
    cost_usd: figure(totalCost, "usd", "total cost (unknown when a model has no price)"),
    avg_cost_usd: figure(totalCost === null || n === 0 ? null : totalCost / n, "usd", "average cost per test case"),
    avg_request_time_ms: figure(mean("request_time_ms"), "ms", "average request time"),
  };
}

/** null as soon as one case's cost is unknown: an unknown cost is never counted as zero. */
function sumCost(cases: CaseSummary[]): number | null {
  let total = 0;
  for (const r of cases) {
    if (r.costUsd === null) return null;
    total += r.costUsd;
  }
  return total;
}

/** {criterion: {instruction: times missed}} over scored cases. */
function missedPerCriterion(scored: CaseSummary[]): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const r of scored) {
    for (const entry of r.tags.missed_instructions?.split(",") ?? []) {
      const [criterion, instruction] = entry.split(":") as [string, string];
      out[criterion] ??= {};
      const counts = out[criterion];
      counts[instruction] = (counts[instruction] ?? 0) + 1;
    }
  }
  return out;
}

export function perScenario(results: CaseSummary[]): Record<string, ScenarioFigures> {
  const groups = new Map<string, CaseSummary[]>();
  for (const r of results) {
    const key = r.tags.scenario ?? "";
    const group = groups.get(key);
    if (group)
      group.push(r); // a copy per case would be quadratic in the number of cases
    else groups.set(key, [r]);
  }
  const out: Record<string, ScenarioFigures> = {};
  for (const [title, cases] of groups) {
    const scored = cases.filter((r) => r.status === "scored");
    const n = scored.length;
    const count = (key: string) => scored.filter((r) => r.metrics[key] === 1).length;
    const mean = (key: string) => (n === 0 ? null : scored.reduce((total, r) => total + (r.metrics[key] ?? 0), 0) / n);
    const totalCost = sumCost(scored);
    const score = mean("score");
    out[title] = {
      cases: cases.length,
      scored: n,
      failed: cases.length - n,
      fully_correct: count("fully_correct"),
      score_matched: count("score_match"),
      detected: count("detected"),
      average_score_percent: score === null ? null : score * 100,
      total_cost_usd: totalCost,
      average_cost_usd: totalCost === null || n === 0 ? null : totalCost / n,
      average_request_time_ms: mean("request_time_ms"),
    };
  }
  return out;
}

function costPerModel(scored: CaseSummary[], unknownModels: Set<string>): Record<string, ModelCostFigures> {
  const out: Record<string, ModelCostFigures> = {};
  for (const r of scored) {
    for (const [key, value] of Object.entries(r.metrics)) {
      if (!key.startsWith(MODEL_CALLS_PREFIX)) continue;
      const model = key.slice(MODEL_CALLS_PREFIX.length);
      out[model] ??= { calls: 0, cost_usd: unknownModels.has(model) ? null : 0 };
      const entry = out[model];
      entry.calls += value;
      if (entry.cost_usd !== null) entry.cost_usd += r.metrics[`${MODEL_COST_PREFIX}${model}`] ?? 0;
    }
  }
  return out;
}
