import type { GateConfig } from "../config/schema.ts";
import type { CaseSummary, Metric, Results } from "../engine/types.ts";
import { type ResolvedRule } from "./rules.ts";
import type { GateVerdict, MetricRow, NoiseEstimate } from "./types.ts";
export interface GateContext {
    /** The branch whose profile applies: a PR's base branch, or the pushed branch. */
    branch?: string;
    /** Seed of the bootstrap; the same inputs and seed give the same verdict. */
    seed?: number;
    /**
     * The suite kind's aggregate, to recompute a suite's metrics over a subset of its cases (the cases a
     * partial run ran, without the changed ones). Without it a subset is compared with the whole baseline.
     */
    aggregate?: (suite: string, kind: string, cases: CaseSummary[]) => Record<string, Metric> | null;
    /** Infrastructure errors found before gating (an unreadable baseline): the verdict is "error". */
    errors?: string[];
    /** The time of gating, for the baseline's age (the gate reads no clock itself). */
    now?: Date;
    /** `baseline.max-age` in milliseconds: an older baseline is noted. */
    maxBaselineAgeMs?: number;
}
export declare function evaluateGate(head: Results, baseline: Results | null, gate: GateConfig, ctx?: GateContext): GateVerdict;
export declare function formatAge(ms: number): string;
export declare function evaluateMetric(name: string, metric: Metric, baseMetric: Metric | undefined, rule: ResolvedRule, noise: NoiseEstimate | undefined, failInsideNoise: boolean, 
/** measured: the metric over everything this run scored (absolute thresholds apply to it); partial: the run is a subset. */
scope?: {
    measured?: Metric;
    partial?: boolean;
}): MetricRow;
export declare function formatNumber(value: number): string;
export declare function formatPercent(value: number): string;
