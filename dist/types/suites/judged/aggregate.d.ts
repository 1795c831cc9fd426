import type { CaseSummary, SuiteMetrics } from "../../engine/types.ts";
import type { JudgedOptions } from "./options.ts";
/** One row of `breakdowns.agents`: the seed's per-agent statistics, raw scores on the suite's scale. */
export interface AgentStats {
    agent: string;
    cases: number;
    scored: number;
    errors: number;
    /** Raw judge scores (final majority scores) on the scale; null when nothing was scored. */
    mean: number | null;
    normalizedMean: number | null;
    min: number | null;
    max: number | null;
    /** Population standard deviation of the raw scores. */
    stdDev: number | null;
    passRate: number | null;
    errorRate: number | null;
    timeoutRate: number | null;
    avgDurationMs: number | null;
    avgAgreement: number | null;
    lowAgreement: number | null;
    failedVotes: number;
}
export declare function aggregateJudged(results: CaseSummary[], options: JudgedOptions): SuiteMetrics;
