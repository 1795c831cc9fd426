// Run-to-run noise: the spread of a metric across repeats, a seeded paired bootstrap interval of its
// change on the matched cases, McNemar's exact test for pass/fail values and what the test could
// detect (power.ts). Deterministic for a given seed, so the same two result files always give the
// same verdict.
import type { CaseResult, Metric, SuiteResults } from "../results/types.ts";
import { seededRandom } from "../util/random.ts";
import { mean, populationSd } from "../util/stats.ts";
import { caseMetricValue } from "./case-scores.ts";
import { detectableChange } from "./power.ts";
import type { ComparisonScope } from "./scope.ts";
import { ALPHA, isBinary, mcnemarExact } from "./significance.ts";
import type { NoiseEstimate } from "./types.ts";

function quantile(sorted: readonly number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
}

export interface BootstrapOptions {
  iterations?: number;
  seed?: number;
  /** Two-sided confidence level; 0.95 by default. */
  level?: number;
}

/**
 * Interval of mean(head) − mean(base). `paired` maps case id → [base, head] values (each the mean
 * over that case's repeats) and resamples case ids; otherwise each side is resampled on its own.
 */
export function bootstrapChange(
  input: { paired: Array<[number, number]> } | { base: number[]; head: number[] },
  options: BootstrapOptions = {},
): { low: number; high: number } | null {
  const iterations = options.iterations ?? 2000;
  const random = seededRandom(options.seed ?? 1);
  const alpha = (1 - (options.level ?? 0.95)) / 2;
  const draws: number[] = [];
  const pick = (length: number) => Math.floor(random() * length);
  if ("paired" in input) {
    const pairs = input.paired;
    if (pairs.length < 2) return null;
    for (let i = 0; i < iterations; i++) {
      let sum = 0;
      for (let j = 0; j < pairs.length; j++) {
        const [base, head] = pairs[pick(pairs.length)]!;
        sum += head - base;
      }
      draws.push(sum / pairs.length);
    }
  } else {
    const { base, head } = input;
    if (base.length < 2 || head.length < 2) return null;
    for (let i = 0; i < iterations; i++) {
      let baseSum = 0;
      for (let j = 0; j < base.length; j++) baseSum += base[pick(base.length)]!;
      let headSum = 0;
      for (let j = 0; j < head.length; j++) headSum += head[pick(head.length)]!;
      draws.push(headSum / head.length - baseSum / base.length);
    }
  }
  draws.sort((a, b) => a - b);
  return { low: quantile(draws, alpha), high: quantile(draws, 1 - alpha) };
}

/** Per-case values of one metric, averaged over each case's repeats (scored cases in `ids` only). */
function perCaseValues(cases: readonly CaseResult[], metric: string, ids: Set<string> | null, changed: Set<string>): Map<string, number> {
  const sums = new Map<string, number[]>();
  for (const result of cases) {
    if (result.status !== "scored" || changed.has(result.caseId) || (ids && !ids.has(result.caseId))) continue;
    const value = caseMetricValue(result, metric);
    if (value === undefined) continue;
    const list = sums.get(result.caseId) ?? [];
    list.push(value);
    sums.set(result.caseId, list);
  }
  return new Map([...sums].map(([id, values]) => [id, mean(values)]));
}

/** Spread across repeats of the mean per-case value (when the engine did not write one). */
function repeatSpread(cases: readonly CaseResult[], metric: string): number | null {
  const byRepeat = new Map<number, number[]>();
  for (const result of cases) {
    const value = result.status === "scored" ? caseMetricValue(result, metric) : undefined;
    if (value === undefined) continue;
    const list = byRepeat.get(result.repeat) ?? [];
    list.push(value);
    byRepeat.set(result.repeat, list);
  }
  if (byRepeat.size < 2) return null;
  return populationSd([...byRepeat.values()].map(mean));
}

/**
 * Is the change real or noise? On the matched cases (same id, same inputs), even with one repeat: a
 * paired bootstrap interval of the mean per-case change, and for pass/fail (0/1) values the exact
 * McNemar test. Unpaired bootstrap only when the runs were repeated and share too few cases.
 */
export function estimateNoise(
  suite: SuiteResults,
  base: SuiteResults,
  metricName: string,
  metric: Metric,
  direction: Metric["direction"],
  /** max-drop or max-rise: the relative change the cases-needed figure is for. */
  limit: number,
  scope: ComparisonScope,
  repeated: boolean,
  seed: number,
): NoiseEstimate | undefined {
  // The cases are paired on the per-case value the metric is the mean of ("pass" for "pass_rate").
  const perCase = metric.perCase ?? metricName;
  const spread = metric.spread ?? repeatSpread(suite.cases, perCase);
  const headValues = perCaseValues(suite.cases, perCase, scope.ids, scope.changed);
  const baseValues = perCaseValues(base.cases, perCase, scope.ids, scope.changed);
  const paired: Array<[number, number]> = [];
  for (const [id, value] of headValues) {
    const old = baseValues.get(id);
    if (old !== undefined) paired.push([old, value]);
  }
  const isPaired = paired.length >= 2;
  if (!isPaired && !repeated) return undefined;
  const interval = isPaired
    ? bootstrapChange({ paired }, { seed })
    : bootstrapChange({ base: [...baseValues.values()], head: [...headValues.values()] }, { seed });
  if (!interval) return undefined;
  const estimate: NoiseEstimate = {
    spread,
    ciLow: interval.low,
    ciHigh: interval.high,
    paired: isPaired,
    // A zero-width interval is no evidence of noise: every matched case moved the same way.
    insideNoise: interval.low <= 0 && interval.high >= 0 && interval.high > interval.low,
  };
  const binary = isPaired && isBinary(paired.flat());
  if (isPaired) Object.assign(estimate, detectableChange(paired, binary, limit));
  if (binary) {
    const worse = paired.filter(([old, now]) => (direction === "higher" ? now < old : now > old)).length;
    const better = paired.filter(([old, now]) => (direction === "higher" ? now > old : now < old)).length;
    const p = mcnemarExact(worse, better);
    estimate.mcnemar = { worse, better, p };
    estimate.insideNoise = p >= ALPHA;
  }
  return estimate;
}
