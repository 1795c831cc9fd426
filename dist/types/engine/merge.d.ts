import type { EvalgateConfig } from "../config/schema.ts";
import { type CaseSummary, type Results, type SuiteResults } from "./types.ts";
/** A shard's results; `C` is what a case is in memory (the full result, or a summary when streamed). */
export interface MergeInput<C extends CaseSummary = CaseSummary> {
    file: string;
    results: Omit<Results, "suites"> & {
        suites: Record<string, Omit<SuiteResults, "cases"> & {
            cases: C[];
        }>;
    };
}
export type MergedResults<C extends CaseSummary> = Omit<Results, "suites"> & {
    suites: Record<string, Omit<SuiteResults, "cases"> & {
        cases: C[];
    }>;
};
export declare function mergeResults<C extends CaseSummary>(inputs: MergeInput<C>[], config: EvalgateConfig): {
    results: MergedResults<C>;
    warnings: string[];
};
