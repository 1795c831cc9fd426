// pass^k and pass@k (tau-bench, Yao et al. 2024; promptfoo #5947): with every case run k times, the
// share of cases all of whose k repeats passed, and the share with at least one pass. "9 of 10 pass"
// reads as 90%, yet a case that passes 9 times in 10 passes all of 10 repeats only 35% of the time:
// pass^k is what a user who asks k times sees. Shared by the kinds that have a pass/fail case metric.
import type { CaseSummary, Metric } from "../results/types.ts";

/**
 * The two metrics over `cases` when they were repeated (k ≥ 2 repeat indices); {} otherwise. A case
 * counts only when all k of its repeats were scored (a failed call is no pass and no fail). `of` is the
 * case metric as the gate reads it for this group ("support-bot/pass" for one agent's cases).
 */
export function repeatPassMetrics(
  cases: readonly CaseSummary[],
  passMetric: string,
  gated: boolean,
  of = passMetric,
): Record<string, Metric> {
  const k = new Set(cases.map((result) => result.repeat)).size;
  if (k < 2) return {};
  const byCase = new Map<string, { passes: number; scored: number; unscored: boolean }>();
  for (const result of cases) {
    const entry = byCase.get(result.caseId) ?? { passes: 0, scored: 0, unscored: false };
    byCase.set(result.caseId, entry);
    const value = result.status === "scored" ? result.metrics[passMetric] : undefined;
    if (typeof value !== "number") entry.unscored = true;
    else {
      entry.scored++;
      if (value >= 1) entry.passes++;
    }
  }
  const counted = [...byCase.values()].filter((entry) => !entry.unscored && entry.scored >= k);
  const n = counted.length;
  const share = (count: number) => (n > 0 ? count / n : null);
  const metric = (need: "all" | "any", value: number | null, description: string): Metric => ({
    value,
    n,
    gated,
    direction: "higher",
    unit: "ratio",
    description,
    ofRepeats: { metric: of, need, k },
  });
  return {
    [`pass^${k}`]: metric(
      "all",
      share(counted.filter((entry) => entry.passes === entry.scored).length),
      `share of cases all of whose ${k} repeats passed (pass^${k})`,
    ),
    [`pass@${k}`]: metric(
      "any",
      share(counted.filter((entry) => entry.passes > 0).length),
      `share of cases with at least one of ${k} repeats passing (pass@${k})`,
    ),
  };
}
