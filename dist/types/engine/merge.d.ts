import type { EvalgateConfig } from "../config/schema.ts";
import { type CaseSummary, type Results, type SuiteResults } from "../results/types.ts";
import { type SuiteKinds } from "../suites/index.ts";
import { type BuiltSuite } from "./suite-results.ts";
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
    suites: Record<string, BuiltSuite<C>>;
};
/** Loads the kinds of every suite in the shards, for mergeResults. */
export declare function kindsOfShards(inputs: MergeInput<CaseSummary>[]): Promise<SuiteKinds>;
export declare function mergeResults<C extends CaseSummary>(inputs: MergeInput<C>[], config: EvalgateConfig, 
/** The kinds of the shards' suites, loaded by the caller (loadSuiteKinds). */
kinds: SuiteKinds): {
    results: MergedResults<C>;
    warnings: string[];
};
/**
 * A shard checked against itself and the config before its cases are trusted (a ConfigError, exit 2,
 * when it contradicts itself); its own metrics and rules are never used.
 */
export declare function checkShard(input: MergeInput<CaseSummary>, config: EvalgateConfig, kinds: SuiteKinds): void;
/** mergeResults for shards that each passed checkShard (a streamed merge checks each as it reads it). */
export declare function mergeCheckedShards<C extends CaseSummary>(inputs: MergeInput<C>[], config: EvalgateConfig, kinds: SuiteKinds): {
    results: MergedResults<C>;
    warnings: string[];
};
