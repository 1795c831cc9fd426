import type { Metric, SuiteResults } from "../engine/types.ts";
import type { ComparisonScope } from "./scope.ts";
import type { NoiseEstimate } from "./types.ts";
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
export declare function bootstrapChange(input: {
    paired: Array<[number, number]>;
} | {
    base: number[];
    head: number[];
}, options?: BootstrapOptions): {
    low: number;
    high: number;
} | null;
/**
 * Is the change real or noise? On the matched cases (same id, same inputs), even with one repeat: a
 * paired bootstrap interval of the mean per-case change, and for pass/fail (0/1) values the exact
 * McNemar test. Unpaired bootstrap only when the runs were repeated and share too few cases.
 */
export declare function estimateNoise(suite: SuiteResults, base: SuiteResults, metricName: string, metric: Metric, direction: Metric["direction"], scope: ComparisonScope, repeated: boolean, seed: number): NoiseEstimate | undefined;
