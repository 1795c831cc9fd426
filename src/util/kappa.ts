// Agreement between two raters on an ordinal scale: exact agreement and Cohen's weighted kappa
// (Cohen 1968), as scikit-learn's cohen_kappa_score computes it with `labels` given: the confusion
// matrix over the labels, the expected matrix from its margins, and
//   κ = 1 − Σ w_ij·O_ij / Σ w_ij·E_ij,   w_ij = (i − j)² (quadratic), |i − j| (linear) or [i ≠ j] (none),
// i, j the labels' positions. The interval is a seeded percentile bootstrap over the rated items.
import { seededRandom } from "./random.ts";

export type KappaWeights = "quadratic" | "linear" | "none";

function weight(i: number, j: number, weights: KappaWeights): number {
  if (weights === "quadratic") return (i - j) ** 2;
  if (weights === "linear") return Math.abs(i - j);
  return i === j ? 0 : 1;
}

/**
 * Weighted kappa of two ratings of the same items, each a position in the labels (0 … k − 1).
 * Null when it is undefined: no item, or both raters' margins leave no expected disagreement.
 */
export function weightedKappa(a: readonly number[], b: readonly number[], k: number, weights: KappaWeights = "quadratic"): number | null {
  const n = a.length;
  if (n === 0 || b.length !== n) return null;
  const observed = new Float64Array(k * k);
  const rows = new Float64Array(k);
  const cols = new Float64Array(k);
  for (let item = 0; item < n; item++) {
    observed[a[item]! * k + b[item]!]! += 1;
    rows[a[item]!]! += 1;
    cols[b[item]!]! += 1;
  }
  let disagreement = 0;
  let expected = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const w = weight(i, j, weights);
      disagreement += w * observed[i * k + j]!;
      expected += (w * rows[i]! * cols[j]!) / n;
    }
  }
  return expected === 0 ? null : 1 - disagreement / expected;
}

/** Share of items both raters put at the same label. */
export function exactAgreement(a: readonly number[], b: readonly number[]): number | null {
  if (a.length === 0) return null;
  let same = 0;
  for (let item = 0; item < a.length; item++) if (a[item] === b[item]) same++;
  return same / a.length;
}

/** Percentile bootstrap interval of the weighted kappa over the items (draws where it is undefined are left out); null if most are. */
export function kappaInterval(
  a: readonly number[],
  b: readonly number[],
  k: number,
  options: { weights?: KappaWeights; seed?: number; draws?: number; level?: number } = {},
): { low: number; high: number } | null {
  const n = a.length;
  const draws = options.draws ?? 2000;
  if (n < 2) return null;
  const random = seededRandom(options.seed ?? 1);
  const found: number[] = [];
  const ra = new Array<number>(n);
  const rb = new Array<number>(n);
  for (let draw = 0; draw < draws; draw++) {
    for (let item = 0; item < n; item++) {
      const pick = Math.floor(random() * n);
      ra[item] = a[pick]!;
      rb[item] = b[pick]!;
    }
    const kappa = weightedKappa(ra, rb, k, options.weights);
    if (kappa !== null) found.push(kappa);
  }
  if (found.length < draws / 2) return null;
  found.sort((x, y) => x - y);
  const tail = (1 - (options.level ?? 0.95)) / 2;
  const at = (q: number) => found[Math.min(found.length - 1, Math.max(0, Math.round(q * (found.length - 1))))]!;
  return { low: at(tail), high: at(1 - tail) };
}
