// Run-to-run noise: the spread of a metric across repeats, a seeded cluster bootstrap interval of its
// change on the matched cases, the clustered McNemar test for pass/fail values and what the test could
// detect (power.ts). Cases that come in groups are resampled and tested by group (clusters.ts); a case
// alone is its own cluster, which is the plain paired bootstrap and the exact McNemar test.
// Deterministic for a given seed, so the same two result files always give the same verdict.
import type { Metric, SuiteResults } from "../results/types.ts";
import { seededRandom } from "../util/random.ts";
import { mean, populationSd } from "../util/stats.ts";
import { scoredValuesBy } from "./case-scores.ts";
import { type ClusteringOf, clusterInfo, clusterPairs, isGrouped, type PairedCluster, pairCases, perCaseValues } from "./clusters.ts";
import { detectableChange } from "./power.ts";
import type { ComparisonScope } from "./scope.ts";
import { ALPHA, clusteredMcNemar, clusterSignFlip, isBinary, mcnemarExact, pairedSignFlip } from "./significance.ts";
import type { NoiseEstimate } from "./types.ts";

function quantile(sorted: Float64Array, q: number): number {
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
 * Interval of mean(head) − mean(base), and the bootstrap's two-sided p-value of "no change" (twice the
 * share of draws on the far side of zero). `clusters` resamples whole clusters (Σ D_c / Σ w_c of the
 * clusters drawn: the cluster bootstrap); otherwise each side is resampled on its own.
 */
export function bootstrapChange(
  input: { clusters: readonly PairedCluster[] } | { base: number[]; head: number[] },
  options: BootstrapOptions = {},
): { low: number; high: number; p: number } | null {
  const iterations = options.iterations ?? 2000;
  const random = seededRandom(options.seed ?? 1);
  const alpha = (1 - (options.level ?? 0.95)) / 2;
  const draws = new Float64Array(iterations);
  const pick = (length: number) => Math.floor(random() * length);
  if ("clusters" in input) {
    if (input.clusters.length < 2) return null;
    const diffs = Float64Array.from(input.clusters, (cluster) => cluster.diff);
    const weights = Float64Array.from(input.clusters, (cluster) => cluster.weight);
    const m = diffs.length;
    for (let i = 0; i < iterations; i++) {
      let sum = 0;
      let weight = 0;
      for (let j = 0; j < m; j++) {
        const drawn = pick(m);
        sum += diffs[drawn]!;
        weight += weights[drawn]!;
      }
      draws[i] = sum / weight;
    }
  } else {
    const { base, head } = input;
    if (base.length < 2 || head.length < 2) return null;
    for (let i = 0; i < iterations; i++) {
      let baseSum = 0;
      for (let j = 0; j < base.length; j++) baseSum += base[pick(base.length)]!;
      let headSum = 0;
      for (let j = 0; j < head.length; j++) headSum += head[pick(head.length)]!;
      draws[i] = headSum / head.length - baseSum / base.length;
    }
  }
  draws.sort();
  let below = 0;
  let above = 0;
  for (const draw of draws) {
    if (draw <= 0) below++;
    if (draw >= 0) above++;
  }
  return { low: quantile(draws, alpha), high: quantile(draws, 1 - alpha), p: Math.min(1, (2 * Math.min(below, above)) / iterations) };
}

/** Spread across repeats of the mean per-case value (when the engine did not write one). */
function repeatSpread(cases: SuiteResults["cases"], metric: string): number | null {
  const byRepeat = scoredValuesBy(cases, metric, (result) => result.repeat);
  if (byRepeat.size < 2) return null;
  return populationSd([...byRepeat.values()].map(mean));
}

/** What the noise test is given besides the two suites: the metric, its limit and how its cases cluster. */
export interface NoiseRequest {
  metricName: string;
  metric: Metric;
  direction: Metric["direction"];
  /** max-drop or max-rise: the relative change the cases-needed figure is for. */
  limit: number;
  scope: ComparisonScope;
  repeated: boolean;
  seed: number;
  clustering?: ClusteringOf;
  /** The baseline is the base commit run now on the same cases (`--pair base`): scores are tested by the sign-flip test, clustered or not. */
  pairedRun?: boolean;
}

/**
 * Is the change real or noise? On the matched cases (same id, same inputs), even with one repeat: a
 * cluster bootstrap interval of the mean per-case change, and for pass/fail (0/1) values the
 * clustered McNemar test. Unpaired bootstrap only when the runs were repeated and share too few cases.
 */
export function estimateNoise(suite: SuiteResults, base: SuiteResults, request: NoiseRequest): NoiseEstimate | undefined {
  const { metricName, metric, scope, repeated, seed } = request;
  const clustering = request.clustering ?? null;
  // The cases are paired on the per-case value the metric is the mean of ("pass" for "pass_rate").
  const perCase = metric.perCase ?? metricName;
  const spread = metric.spread ?? repeatSpread(suite.cases, perCase);
  const headValues = perCaseValues(suite.cases, perCase, scope, clustering, metric.ofRepeats);
  const baseValues = perCaseValues(base.cases, perCase, scope, clustering, metric.ofRepeats);
  const pairs = pairCases(headValues, baseValues);
  const isPaired = pairs.length >= 2;
  if (!isPaired && !repeated) return undefined;
  const clusters = clusterPairs(pairs);
  const interval = isPaired
    ? bootstrapChange({ clusters }, { seed })
    : bootstrapChange({ base: [...baseValues.values()].map((v) => v.value), head: [...headValues.values()].map((v) => v.value) }, { seed });
  if (!interval) return undefined;
  const estimate: NoiseEstimate = {
    spread,
    ciLow: interval.low,
    ciHigh: interval.high,
    paired: isPaired,
    insideNoise: intervalIsNoise(interval),
  };
  const binary = isPaired && isBinary(pairs.flatMap((pair) => [pair.base, pair.head]));
  if (isPaired) Object.assign(estimate, detectableChange(clusters, binary, request.limit));
  const clustered = isPaired ? clusterInfo(clusters, clustering, repeated) : undefined;
  if (clustered) estimate.clusters = { ...clustered, needed: estimate.casesNeeded ?? null };
  const test = binary ? passFailTest(pairs, clusters, request.direction) : null;
  if (test) {
    estimate.mcnemar = test;
    estimate.insideNoise = test.p >= ALPHA;
  } else if (isPaired && (isGrouped(clusters) || request.pairedRun)) {
    // Scores in clusters of several cases: the percentile interval runs liberal (docs/statistics-methods.md); the sign-flip test decides.
    // In a paired run each case's two answers were drawn now, side by side: the sign-flip test on its pair decides too.
    // Paired, the test alone decides: four pairs that all moved alike are p = 0.125, not a certainty.
    const paired = request.pairedRun === true;
    const p = paired
      ? pairedSignFlip(
          clusters.map((cluster) => cluster.diff),
          seed,
        )
      : scoreSignFlip(clusters, seed);
    estimate.signFlip = paired ? { p, paired } : { p };
    estimate.insideNoise = p >= ALPHA && (paired || interval.high > interval.low);
  }
  estimate.p = test?.p ?? estimate.signFlip?.p ?? interval.p;
  return estimate;
}

/** The clustered test of a change in scores: the sign-flip test on the clusters' totals, seeded like the bootstrap. */
export function scoreSignFlip(clusters: readonly PairedCluster[], seed: number): number {
  return clusterSignFlip(
    clusters.map((cluster) => cluster.diff),
    { seed },
  );
}

/** Whether an interval says "no change": it holds zero and has a width (a zero-width one means every case moved alike). */
export function intervalIsNoise(interval: { low: number; high: number }): boolean {
  return interval.low <= 0 && interval.high >= 0 && interval.high > interval.low;
}

/** McNemar on the matched pass/fail cases, with the cases that got worse and better. */
function passFailTest(
  pairs: ReturnType<typeof pairCases>,
  clusters: readonly PairedCluster[],
  direction: Metric["direction"],
): { worse: number; better: number; p: number } | null {
  const worse = pairs.filter(({ base, head }) => (direction === "higher" ? head < base : head > base)).length;
  const better = pairs.filter(({ base, head }) => (direction === "higher" ? head > base : head < base)).length;
  const p = passFailP(clusters, worse, better);
  return p === null ? null : { worse, better, p };
}

/**
 * The p-value of a pass/fail change: the exact McNemar test on the discordant cases when each case is
 * its own cluster, else the clustered McNemar test on the cluster totals (null when they are not whole).
 */
export function passFailP(clusters: readonly PairedCluster[], worse: number, better: number): number | null {
  const alone = clusters.every((cluster) => cluster.cases === 1 && cluster.weight === 1);
  return alone ? mcnemarExact(worse, better) : clusteredMcNemar(clusters.map((cluster) => cluster.diff));
}
