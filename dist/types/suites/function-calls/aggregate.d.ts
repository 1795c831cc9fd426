import type { CaseSummary, SuiteMetrics } from "../../engine/types.ts";
export declare function aggregateFunctionCalls(results: CaseSummary[]): SuiteMetrics;
