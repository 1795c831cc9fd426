// A case's score as the reports show it: the mean of the case's values for the suite's gated
// higher-is-better metrics, matched by full name or, for per-group metrics such as
// "demo-agent-good/score", by their last part ("score"). Unlike a mean over every metric, timings and
// counts never leak into it; null when nothing matches or the case errored.
import type { CaseResult, SuiteResults } from "../engine/types.ts";
import { mainScoreMetrics } from "../gate/cases.ts";
import { mean } from "../util/stats.ts";

export function scoreMetricNames(suite: SuiteResults): string[] {
  const names = mainScoreMetrics(suite);
  return [...new Set([...names, ...names.map((name) => name.slice(name.lastIndexOf("/") + 1))])];
}

export function reportCaseScore(result: CaseResult, names: readonly string[]): number | null {
  if (result.status !== "scored") return null;
  const exact = names.filter((name) => name.includes("/") && typeof result.metrics[name] === "number");
  const chosen = exact.length ? exact : names.filter((name) => !name.includes("/") && typeof result.metrics[name] === "number");
  return chosen.length ? mean(chosen.map((name) => result.metrics[name]!)) : null;
}
