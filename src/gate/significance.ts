// Significance of a change on matched cases: the exact McNemar test for pass/fail (0/1) values.
// The bootstrap interval of the mean change lives in noise.ts; both are deterministic.

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
