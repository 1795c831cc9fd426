// The matched cases of one metric, grouped into the clusters the gate resamples and tests: cases that
// come in groups are compared by group (Miller 2024, "Adding error bars to evals"). A cluster is
// - the case's own `cluster` key (an SGI scenario, a `group` column of a judged or function-calls suite),
// - else the case itself: its repeats are averaged into one value (repeats cluster by case), and a
//   conversation metric at the Turn, Message or ToolCall level weighs the thread by the objects its
//   value averages (the suite's metric pools objects, so the thread is a cluster of them).
// With one case (one object, one repeat) per cluster everything below is the unclustered paired data,
// in the same order and with the same arithmetic, so the gate's numbers are exactly what they were.
import type { CaseResult } from "../results/types.ts";
import { mean } from "../util/stats.ts";
import { caseMetricValue } from "./case-scores.ts";
import type { ComparisonScope } from "./scope.ts";
import type { CaseClustering, ClusterInfo } from "./types.ts";

/** One matched case: its values (means over its repeats), its weight (objects it stands for) and its cluster. */
export interface PairedCase {
  id: string;
  cluster: string;
  weight: number;
  base: number;
  head: number;
}

/** The sums a cluster contributes: Σ w·(head − base), Σ w, Σ w·base, and its cases. */
export interface PairedCluster {
  diff: number;
  weight: number;
  baseSum: number;
  cases: number;
}

/** A case's value for one metric, its weight and cluster key; undefined when it has no value. */
interface CaseValue {
  value: number;
  weight: number;
  cluster: string;
}

/** What the clusters are called and how a case weighs, as the suite kind says (GateContext.clustering). */
export type ClusteringOf = CaseClustering | null;

/**
 * Per-case values of one metric over the compared cases, averaged over each case's repeats; a
 * repeat-derived metric (pass^k, pass@k) reads all of a case's repeats at once.
 */
export function perCaseValues(
  cases: readonly CaseResult[],
  metric: string,
  scope: Pick<ComparisonScope, "ids" | "changed" | "excluded">,
  clustering: ClusteringOf,
  ofRepeats?: { metric: string; need: "all" | "any"; k: number },
): Map<string, CaseValue> {
  const byCase = new Map<string, { values: number[]; weights: number[]; cluster: string }>();
  const unscored = new Set<string>();
  for (const result of cases) {
    if (scope.changed.has(result.caseId) || scope.excluded?.has(result.caseId) || (scope.ids && !scope.ids.has(result.caseId))) continue;
    const value = result.status === "scored" ? caseMetricValue(result, ofRepeats?.metric ?? metric) : undefined;
    if (value === undefined) {
      unscored.add(result.caseId);
      continue;
    }
    const entry = byCase.get(result.caseId) ?? { values: [], weights: [], cluster: result.cluster ?? result.caseId };
    byCase.set(result.caseId, entry);
    entry.values.push(value);
    entry.weights.push(clustering?.unitsOf?.(result, metric) ?? 1);
  }
  const out = new Map<string, CaseValue>();
  for (const [id, entry] of byCase) {
    if (ofRepeats) {
      // pass^k / pass@k stand on cases whose k repeats were all scored.
      if (unscored.has(id) || entry.values.length < ofRepeats.k) continue;
      const passed = entry.values.filter((value) => value >= 1).length;
      out.set(id, {
        value: (ofRepeats.need === "all" ? passed === entry.values.length : passed > 0) ? 1 : 0,
        weight: 1,
        cluster: entry.cluster,
      });
      continue;
    }
    out.set(id, { value: mean(entry.values), weight: mean(entry.weights), cluster: entry.cluster });
  }
  return out;
}

/** The cases both runs scored, in this run's case order; the cluster and weight are this run's (the baseline's when it has none). */
export function pairCases(head: Map<string, CaseValue>, base: Map<string, CaseValue>): PairedCase[] {
  const pairs: PairedCase[] = [];
  for (const [id, now] of head) {
    const old = base.get(id);
    if (old === undefined) continue;
    // Both runs measured the same objects, normally; when their counts differ the cluster weighs their mean.
    const weight = now.weight === old.weight ? now.weight : (now.weight + old.weight) / 2;
    pairs.push({ id, cluster: now.cluster, weight, base: old.value, head: now.value });
  }
  return pairs;
}

/** The clusters of the matched cases, in the order their first case comes. */
export function clusterPairs(pairs: readonly PairedCase[]): PairedCluster[] {
  const byKey = new Map<string, PairedCluster>();
  for (const pair of pairs) {
    let cluster = byKey.get(pair.cluster);
    if (!cluster) {
      cluster = { diff: 0, weight: 0, baseSum: 0, cases: 0 };
      byKey.set(pair.cluster, cluster);
    }
    // A lone case of weight 1 keeps its own arithmetic (head − base), so unclustered data gives the same numbers.
    cluster.diff += pair.weight === 1 ? pair.head - pair.base : pair.weight * (pair.head - pair.base);
    cluster.weight += pair.weight;
    cluster.baseSum += pair.weight === 1 ? pair.base : pair.weight * pair.base;
    cluster.cases++;
  }
  return [...byKey.values()];
}

/**
 * How the comparison was clustered, for the reports: by the kind's clusters when some cluster holds
 * several cases or objects, by case when cases were repeated; undefined when every case stood alone.
 */
export function clusterInfo(clusters: readonly PairedCluster[], clustering: ClusteringOf, repeated: boolean): ClusterInfo | undefined {
  if (isGrouped(clusters)) return { by: clustering?.by ?? "group", count: clusters.length };
  if (repeated) return { by: "case", count: clusters.length };
  return undefined;
}

/** Whether some cluster holds more than one case or object: the data is clustered, not a list of lone cases. */
export function isGrouped(clusters: readonly PairedCluster[]): boolean {
  return clusters.some((cluster) => cluster.cases > 1 || cluster.weight !== 1);
}

/** [baseline, now] values of cases that each stand alone (one case, one object per cluster). */
export function casesAlone(pairs: ReadonlyArray<readonly [number, number]>): PairedCluster[] {
  return clusterPairs(pairs.map(([base, head], i) => ({ id: String(i), cluster: String(i), weight: 1, base, head })));
}
