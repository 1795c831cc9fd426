import type { EvalgateConfig } from "../config/schema.ts";
import { type SuiteKinds } from "../suites/index.ts";
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
/** Loads the kinds of every suite in the shards, for mergeResults. */
export declare function kindsOfShards(inputs: MergeInput<CaseSummary>[]): Promise<SuiteKinds>;
export declare function mergeResults<C extends CaseSummary>(inputs: MergeInput<C>[], config: EvalgateConfig, 
/** The kinds of the shards' suites, loaded by the caller (loadSuiteKinds). */
kinds: SuiteKinds): {
    results: MergedResults<C>;
    warnings: string[];
};
