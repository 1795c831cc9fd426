import type { CaseSummary, SuiteMetrics } from "../../engine/types.ts";
export interface ScenarioFigures {
    cases: number;
    scored: number;
    failed: number;
    fully_correct: number;
    score_matched: number;
    detected: number;
    /** 0..100, as the TestBench reports it. */
    average_score_percent: number | null;
    total_cost_usd: number | null;
    average_cost_usd: number | null;
    average_request_time_ms: number | null;
}
export interface ModelCostFigures {
    calls: number;
    /** null when the model is not in the price table. */
    cost_usd: number | null;
}
export declare function aggregateSgi(results: CaseSummary[]): SuiteMetrics;
export declare function perScenario(results: CaseSummary[]): Record<string, ScenarioFigures>;
