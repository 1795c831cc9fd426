// What a run could detect: the smallest relative change of a gated metric that the gate's own paired
// test would call significant (the minimum detectable effect, MDE) and the clusters it would take to
// detect a change of max-drop / max-rise. Both come from the normal approximation of the paired test
// the gate runs on the matched cases (noise.ts), at its significance level ALPHA (two-sided) and POWER,
// with the variance taken between clusters (clusters.ts; a lone case is its own cluster):
//
//   k = z(1 − ALPHA/2) + z(POWER)                      (1.960 + 0.842 = 2.802 at 5 % and 80 %)
//   m clusters of mean weight w̄; x_c = D_c / w̄ a cluster's total change on the per-case scale
//   continuous values (cluster bootstrap of the mean change d̄ = Σ D_c / Σ w_c):
//     s² = mean_c (x_c − (w_c / w̄) · d̄)²                (the cluster-robust variance of Miller 2024,
//     MDE = k · s / √m,     clusters for a change Δ: m = (k · s / Δ)²       Appendix A, without m/(m−1))
//   pass/fail values (clustered McNemar on the cluster totals; ψ = mean_c x_c², their variance under no change):
//     MDE = max(k · √(ψ / m), k² / n),   clusters for Δ: m = max(k² · ψ / Δ², k² / (Δ · w̄))
//
// With one case per cluster (w̄ = 1, x_c = d_c) these are the unclustered formulas: s = sd(d), ψ the
// share of cases that flipped, m = n. Δ and the MDE are absolute changes, reported relative to the
// baseline mean of the matched cases. Assumptions: clusters are independent and the next run's
// spread (s, ψ) is this run's; McNemar's variance is taken under no change (ψ), and a change of Δ
// needs at least Δ · n flipped cases, which is where k² / n comes from. More repeats shrink only the
// model's own part of s (report/spread figures say how much of it that is); more clusters shrink all of it.
import { mean, normalQuantile } from "../util/stats.ts";
import type { PairedCluster } from "./clusters.ts";
import { ALPHA } from "./significance.ts";

/** Chance of detecting a change of the MDE's size: the conventional 80 %. */
export const POWER = 0.8;

export interface Detectable {
  /** Smallest relative change this run could tell from noise (at ALPHA, POWER); null when the run shows no spread to size it. */
  mde: number | null;
  /** Clusters needed to detect a relative change of `target` (cases, when each case is its own cluster); null like mde. */
  casesNeeded: number | null;
  /** The relative change casesNeeded is for: max-drop (higher is better) or max-rise. */
  target: number;
  /** Matched cases the test used. */
  cases: number;
  power: number;
}

/** `clusters`: the matched cases' clusters (clusters.ts); `binary`: the values are 0/1 (McNemar). */
export function detectableChange(clusters: readonly PairedCluster[], binary: boolean, target: number): Detectable {
  const m = clusters.length;
  const n = clusters.reduce((sum, cluster) => sum + cluster.cases, 0);
  const k = normalQuantile(1 - ALPHA / 2) + normalQuantile(POWER);
  const weight = clusters.reduce((sum, cluster) => sum + cluster.weight, 0);
  const baseMean = Math.abs(clusters.reduce((sum, cluster) => sum + cluster.baseSum, 0) / weight);
  const result: Detectable = { mde: null, casesNeeded: null, target, cases: n, power: POWER };
  // No matched case moved: no spread to size a change against (for pass/fail too, where k²/n alone would say "any").
  if (m < 2 || baseMean === 0 || clusters.every((cluster) => cluster.diff === 0)) return result;
  const delta = target * baseMean;
  const meanWeight = weight / m;
  const totals = clusters.map((cluster) => cluster.diff / meanWeight);
  if (binary) {
    const psi = mean(totals.map((total) => total * total));
    result.mde = Math.max(k * Math.sqrt(psi / m), (k * k) / n) / baseMean;
    result.casesNeeded = delta > 0 ? Math.ceil(Math.max((k * k * psi) / delta ** 2, (k * k) / (delta * meanWeight))) : null;
    return result;
  }
  const change = clusters.reduce((sum, cluster) => sum + cluster.diff, 0) / weight;
  const sd = Math.sqrt(mean(totals.map((total, c) => (total - (clusters[c]!.weight / meanWeight) * change) ** 2)));
  if (sd === 0) return result;
  result.mde = (k * sd) / Math.sqrt(m) / baseMean;
  result.casesNeeded = delta > 0 ? Math.ceil(((k * sd) / delta) ** 2) : null;
  return result;
}
