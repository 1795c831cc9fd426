import type { EvalgateConfig } from "./config/schema.ts";
import { type CompareOptions } from "./engine/compare.ts";
import { type MergeInput } from "./engine/merge.ts";
import { type RunOptions, type RunOutcome } from "./engine/run.ts";
import { type ValidateOptions, type ValidationReport } from "./engine/validate.ts";
import type { GateVerdict } from "./gate/types.ts";
import type { Results } from "./results/types.ts";
export { ConfigError, type InputProblem } from "./config/errors.ts";
export type { EvalgateConfig, GateConfig } from "./config/schema.ts";
export type { CompareOptions } from "./engine/compare.ts";
export type { MergeInput } from "./engine/merge.ts";
export { readResultsFile } from "./engine/results-file.ts";
export type { RunOptions, RunOutcome } from "./engine/run.ts";
export type { ValidateOptions, ValidationReport } from "./engine/validate.ts";
export type { CaseChange, CaseChangeKind, GateVerdict, MetricRow, NoiseEstimate, RowStatus, SuiteVerdict } from "./gate/types.ts";
export { type CaseError, type CaseResult, type CaseStatus, type CaseSummary, type Metric, type MetricDirection, type MetricUnit, RESULTS_SCHEMA, type Results, type RunMetadata, type RunSelection, type SourceLocation, type SuiteResults, } from "./results/types.ts";
export { EXIT } from "./util/exit-codes.ts";
export { VERSION } from "./version.ts";
/** Runs the suites and writes results.json; gate the results with `compare` (or pass `decide`). */
export declare function run(options: RunOptions): Promise<RunOutcome>;
/**
 * Reads the config and every suite's files and checks the secrets, as `evalgate validate --strict`
 * (`{ missingSecrets: "warning" }`: as `evalgate validate`, an unset variable listed, not thrown); sends nothing.
 */
export declare function validate(configPath?: string, env?: NodeJS.ProcessEnv, options?: ValidateOptions): Promise<ValidationReport>;
/** The gate's verdict on head against a baseline (results objects or results.json paths; null: no baseline). */
export declare function compare(baseline: Results | string | null, head: Results | string, options?: CompareOptions): Promise<GateVerdict>;
/** Combines the results of `--shard` runs into one, metrics recomputed from the merged cases. */
export declare function merge(shards: (string | MergeInput)[], options?: {
    config?: EvalgateConfig;
    configPath?: string;
}): Promise<{
    results: Results;
    warnings: string[];
}>;
