// What a run could detect: the smallest relative change of a gated metric that the gate's own paired
// test would call significant (the minimum detectable effect, MDE) and the cases it would take to
// detect a change of max-drop / max-rise. Both come from the normal approximation of the paired test
// the gate runs on the matched cases (noise.ts), at its significance level ALPHA (two-sided) and POWER:
//
//   k = z(1 − ALPHA/2) + z(POWER)                      (1.960 + 0.842 = 2.802 at 5 % and 80 %)
//   continuous values (paired bootstrap of the mean per-case change d):
//     MDE = k · sd(d) / √n,        cases for a change Δ: n = (k · sd(d) / Δ)²
//   pass/fail values (McNemar on the cases that flipped; ψ = share of cases that flipped):
//     MDE = max(k · √(ψ / n), k² / n),   cases for Δ: n = max(k² · ψ / Δ², k² / Δ)
//
// Δ and the MDE are absolute changes, reported relative to the baseline mean of the matched cases.
// Assumptions: the cases are independent and the next run's per-case spread (sd(d), ψ) is this run's;
// McNemar's variance is taken under no change (ψ), and a change of Δ needs at least Δ · n flipped
// cases (ψ ≥ Δ), which is where k² / n comes from. More repeats shrink only the judge's part of sd(d),
// never the cases' own spread, so the advice is in cases. No correction for several metrics (the gate
// tests each gated metric at ALPHA on its own).
import { normalQuantile, populationSd } from "../util/stats.ts";
import { ALPHA } from "./significance.ts";

/** Chance of detecting a change of the MDE's size: the conventional 80 %. */
export const POWER = 0.8;

export interface Detectable {
  /** Smallest relative change this run could tell from noise (at ALPHA, POWER); null when the run shows no spread to size it. */
  mde: number | null;
  /** Matched cases needed to detect a relative change of `target`; null like mde. */
  casesNeeded: number | null;
  /** The relative change casesNeeded is for: max-drop (higher is better) or max-rise. */
  target: number;
  /** Matched cases the test used. */
  cases: number;
  power: number;
}

/** `paired`: [baseline, now] per matched case; `binary`: the values are 0/1 (McNemar). */
export function detectableChange(paired: ReadonlyArray<readonly [number, number]>, binary: boolean, target: number): Detectable {
  const n = paired.length;
  const k = normalQuantile(1 - ALPHA / 2) + normalQuantile(POWER);
  const baseMean = Math.abs(paired.reduce((sum, [base]) => sum + base, 0) / n);
  const result: Detectable = { mde: null, casesNeeded: null, target, cases: n, power: POWER };
  if (n < 2 || baseMean === 0) return result;
  const delta = target * baseMean;
  if (binary) {
    const flipped = paired.filter(([base, now]) => base !== now).length / n;
    result.mde = Math.max(k * Math.sqrt(flipped / n), (k * k) / n) / baseMean;
    result.casesNeeded = delta > 0 ? Math.ceil(Math.max((k * k * flipped) / delta ** 2, (k * k) / delta)) : null;
    return result;
  }
  const sd = populationSd(paired.map(([base, now]) => now - base));
  if (sd === 0) return result;
  result.mde = (k * sd) / Math.sqrt(n) / baseMean;
  result.casesNeeded = delta > 0 ? Math.ceil(((k * sd) / delta) ** 2) : null;
  return result;
}
