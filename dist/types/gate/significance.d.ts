/** Significance level below which a change is real rather than noise. */
export declare const ALPHA = 0.05;
/**
 * Exact two-sided McNemar test: of the matched cases that changed outcome, `worse` went 1 → 0 and
 * `better` 0 → 1. Under no change each discordant case is a fair coin, so p is the two-sided binomial
 * tail P(X ≤ min(worse, better)) · 2 with X ~ Bin(worse + better, 1/2), capped at 1.
 */
export declare function mcnemarExact(worse: number, better: number): number;
/** Whether every value is 0 or 1: a pass/fail metric that McNemar's test fits. */
export declare function isBinary(values: Iterable<number>): boolean;
