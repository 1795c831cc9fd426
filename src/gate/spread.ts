// Where a repeated metric's spread comes from: the one-way random-effects split of the head run's
// per-case values (Miller 2024, "Adding error bars to evals", on resampling answers: the variance of
// the mean is the between-question variance over n plus the within-question variance over n·k).
// x_ir is case i's value in repeat r:
//
//   σ²_within  = Σ_i Σ_r (x_ir − x̄_i)² / Σ_i (k_i − 1)          (pooled over cases with ≥ 2 repeats)
//   σ²_between = max(0, var_i(x̄_i) − σ²_within · mean_i(1 / k_i))
//   Var(mean)  = σ²_between / n + σ²_within · mean_i(1 / k_i) / n
//
// More repeats shrink only the second term; more cases shrink both. The report says which part is
// larger: when the system's (and judge's) own randomness dominates, repeats shrink the spread most
// (Wang 2025, "Measuring all the noises of LLM evals", found it often does); when the cases differ
// more among themselves, more cases do.
import type { CaseResult } from "../results/types.ts";
import { mean } from "../util/stats.ts";
import { scoredValuesBy } from "./case-scores.ts";
import type { SpreadParts } from "./types.ts";

/** The split for one metric; undefined unless at least two cases were scored in at least two repeats. */
export function spreadParts(cases: readonly CaseResult[], metric: string): SpreadParts | undefined {
  const byCase = scoredValuesBy(cases, metric, (result) => result.caseId);
  const groups = [...byCase.values()];
  const repeated = groups.filter((values) => values.length >= 2);
  if (groups.length < 2 || repeated.length === 0) return undefined;
  let squares = 0;
  let freedom = 0;
  for (const values of repeated) {
    const centre = mean(values);
    for (const value of values) squares += (value - centre) ** 2;
    freedom += values.length - 1;
  }
  const within = squares / freedom;
  const means = groups.map(mean);
  const centre = mean(means);
  const betweenMeans = means.reduce((sum, value) => sum + (value - centre) ** 2, 0) / (means.length - 1);
  const inverseRepeats = mean(groups.map((values) => 1 / values.length));
  const between = Math.max(0, betweenMeans - within * inverseRepeats);
  const n = groups.length;
  const withinPart = (within * inverseRepeats) / n;
  const betweenPart = between / n;
  const total = withinPart + betweenPart;
  if (total === 0) return undefined;
  return {
    repeats: Math.round(1 / inverseRepeats),
    cases: n,
    betweenShare: betweenPart / total,
    withinShare: withinPart / total,
    standardError: Math.sqrt(total),
    shrinkWith: withinPart > betweenPart ? "repeats" : "cases",
  };
}
