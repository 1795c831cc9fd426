// Significance of a change on matched cases: the exact McNemar test for pass/fail (0/1) values, and
// for cases that come in clusters the sign-flip test on the clusters' totals (exact for pass/fail,
// Monte Carlo for scores). The bootstrap interval of the mean change lives in noise.ts; all are deterministic.
import { seededRandom } from "../util/random.ts";

/** Significance level below which a change is real rather than noise. */
export const ALPHA = 0.05;

/**
 * Exact two-sided McNemar test: of the matched cases that changed outcome, `worse` went 1 → 0 and
 * `better` 0 → 1. Under no change each discordant case is a fair coin, so p is the two-sided binomial
 * tail P(X ≤ min(worse, better)) · 2 with X ~ Bin(worse + better, 1/2), capped at 1.
 */
export function mcnemarExact(worse: number, better: number): number {
  const n = worse + better;
  if (n === 0) return 1;
  const k = Math.min(worse, better);
  // Sum C(n, i) / 2^n for i ≤ k, in log space so large n cannot overflow.
  let logChoose = 0; // log C(n, 0)
  let tail = 0;
  for (let i = 0; i <= k; i++) {
    if (i > 0) logChoose += Math.log(n - i + 1) - Math.log(i);
    tail += Math.exp(logChoose - n * Math.LN2);
  }
  return Math.min(1, 2 * tail);
}

/** Whether every value is 0 or 1: a pass/fail metric that McNemar's test fits. */
export function isBinary(values: Iterable<number>): boolean {
  for (const value of values) if (value !== 0 && value !== 1) return false;
  return true;
}

/** Above this much work (clusters × the range of their sum) the sign-flip test uses its normal approximation. */
const EXACT_WORK_LIMIT = 20_000_000;

/**
 * The clustered McNemar test: an exact sign-flip (randomisation) test on the clusters' integer
 * totals D_c = Σ (now − before) over their pass/fail cases (Fisher 1935; Good 2005, ch. 3). Under
 * no change the two runs are exchangeable within each cluster, so every D_c is as likely to have
 * come out −D_c: p = P(|Σ ±D_c| ≥ |Σ D_c|) over the 2^m sign patterns, computed exactly by
 * convolution. With one case per cluster each D_c is −1, 0 or +1 and this is the exact McNemar
 * test itself (mcnemarExact, its closed form). It keeps its level however strongly the cases of a
 * cluster move together, unlike McNemar on the cases, and unlike Obuchowski's (1998) chi-square it
 * needs no large number of clusters. Returns null unless every total is a whole number.
 */
export function clusteredMcNemar(totals: readonly number[]): number | null {
  const sizes: number[] = [];
  let observed = 0;
  for (const total of totals) {
    const whole = Math.round(total);
    if (Math.abs(total - whole) > 1e-9) return null;
    observed += whole;
    if (whole !== 0) sizes.push(Math.abs(whole));
  }
  const range = sizes.reduce((sum, size) => sum + size, 0);
  if (range === 0 || observed === 0) return 1;
  if (sizes.length * range > EXACT_WORK_LIMIT) return signFlipNormal(sizes, Math.abs(observed));
  // probability[s + range]: the chance that the signed sum is s. Two buffers, swapped: no array per cluster.
  let probability = new Float64Array(2 * range + 1);
  let next = new Float64Array(2 * range + 1);
  probability[range] = 1;
  let reach = 0;
  for (const size of sizes) {
    next.fill(0, range - reach - size, range + reach + size + 1);
    for (let s = -reach; s <= reach; s++) {
      const here = probability[s + range]!;
      if (here === 0) continue;
      next[s + size + range]! += here / 2;
      next[s - size + range]! += here / 2;
    }
    [probability, next] = [next, probability];
    reach += size;
  }
  let tail = 0;
  const extreme = Math.abs(observed);
  for (let s = extreme; s <= range; s++) tail += probability[s + range]! + probability[-s + range]!;
  return Math.min(1, tail);
}

/**
 * The same sign-flip test for totals that are not whole (continuous scores), by Monte Carlo: `draws`
 * seeded sign patterns, p = (1 + #{|Σ ±D_c| ≥ |Σ D_c|}) / (draws + 1), which never falls under the
 * exact p in expectation. It is the wild cluster bootstrap with Rademacher weights and the null
 * imposed (Cameron, Gelbach & Miller 2008), which keeps its level with few or unequal clusters where
 * the percentile cluster bootstrap runs liberal.
 */
export function clusterSignFlip(totals: readonly number[], options: { draws?: number; seed?: number } = {}): number {
  const draws = options.draws ?? 2000;
  const random = seededRandom(options.seed ?? 1);
  const values = Float64Array.from(totals);
  let observed = 0;
  for (const value of values) observed += value;
  // Sums that differ from the observed one by rounding only count as reaching it.
  const extreme = Math.abs(observed) * (1 - 1e-12);
  let reached = 0;
  // Each uniform draw gives 32 signs (its bits), so the test costs a fraction of a bootstrap.
  let bits = 0;
  let left = 0;
  for (let draw = 0; draw < draws; draw++) {
    let sum = 0;
    for (const value of values) {
      if (left === 0) {
        bits = (random() * 4294967296) >>> 0;
        left = 32;
      }
      sum += bits & 1 ? -value : value;
      bits >>>= 1;
      left--;
    }
    if (Math.abs(sum) >= extreme) reached++;
  }
  return (1 + reached) / (draws + 1);
}

/** Up to this many pairs that moved, the paired sign-flip test counts every sign pattern (2^16 = 65,536); above, it draws them. */
export const EXACT_SIGN_FLIP = 16;

/**
 * The paired sign-flip (permutation) test of a paired run's scores: each pair's difference is as
 * likely to have come out negated under no change. Exact (every sign pattern of the pairs that moved;
 * a pair that did not move adds nothing) up to EXACT_SIGN_FLIP of them, which is SciPy's
 * permutation_test(permutation_type="samples", n_resamples=inf); the seeded Monte Carlo test above it.
 */
export function pairedSignFlip(diffs: readonly number[], seed = 1): number {
  const moved = diffs.filter((diff) => diff !== 0);
  if (moved.length > EXACT_SIGN_FLIP) return clusterSignFlip(moved, { seed });
  let observed = 0;
  for (const diff of moved) observed += diff;
  // Sums that differ from the observed one by rounding only count as reaching it.
  const extreme = Math.abs(observed) * (1 - 1e-12);
  const patterns = 2 ** moved.length;
  let reached = 0;
  for (let pattern = 0; pattern < patterns; pattern++) {
    let sum = 0;
    for (let i = 0; i < moved.length; i++) sum += pattern & (1 << i) ? -moved[i]! : moved[i]!;
    if (Math.abs(sum) >= extreme) reached++;
  }
  return reached / patterns;
}

/** The sign-flip test's normal approximation (variance Σ D_c², continuity-corrected), for very large runs. */
function signFlipNormal(sizes: readonly number[], observed: number): number {
  const variance = sizes.reduce((sum, size) => sum + size * size, 0);
  const z = Math.max(0, observed - 0.5) / Math.sqrt(variance);
  return Math.min(1, 2 * normalTail(z));
}

/** P(Z ≥ z) for a standard normal Z (Abramowitz–Stegun 7.1.26 through erfc; error under 1.5e-7). */
function normalTail(z: number): number {
  const x = z / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return (poly * Math.exp(-x * x)) / 2;
}
