// The programmatic API (`import { run, validate, compare, merge } from "evalgate"`): the CLI's
// commands as functions that return data instead of printing. Built into dist/api.js, types into
// dist/types/. Bad input throws ConfigError (its `problems` carry file, line and field).
import { DEFAULT_CONFIG_PATH as DEFAULT_CONFIG } from "./config/default-path.ts";
import { loadConfig } from "./config/load.ts";
import type { EvalgateConfig } from "./config/schema.ts";
import { type CompareOptions, compareResults } from "./engine/compare.ts";
import { kindsOfShards, type MergeInput, mergeResults } from "./engine/merge.ts";
import { readResultsFile } from "./engine/results-file.ts";
import { type RunOptions, type RunOutcome, runEvaluation } from "./engine/run.ts";
import { type ValidateOptions, type ValidationReport, validateConfig } from "./engine/validate.ts";
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
export {
  type CaseError,
  type CaseResult,
  type CaseStatus,
  type CaseSummary,
  type Metric,
  type MetricDirection,
  type MetricUnit,
  RESULTS_SCHEMA,
  type Results,
  type RunMetadata,
  type RunSelection,
  type SourceLocation,
  type SuiteResults,
} from "./results/types.ts";
export { EXIT } from "./util/exit-codes.ts";
export { VERSION } from "./version.ts";

/** Runs the suites and writes results.json; gate the results with `compare` (or pass `decide`). */
export function run(options: RunOptions): Promise<RunOutcome> {
  return runEvaluation(options);
}

/**
 * Reads the config and every suite's files and checks the secrets, as `evalgate validate --strict`
 * (`{ missingSecrets: "warning" }`: as `evalgate validate`, an unset variable listed, not thrown); sends nothing.
 */
export function validate(
  configPath: string = DEFAULT_CONFIG,
  env: NodeJS.ProcessEnv = process.env,
  options: ValidateOptions = {},
): Promise<ValidationReport> {
  return validateConfig(configPath, env, options);
}

/** The gate's verdict on head against a baseline (results objects or results.json paths; null: no baseline). */
export async function compare(
  baseline: Results | string | null,
  head: Results | string,
  options: CompareOptions = {},
): Promise<GateVerdict> {
  return (await compareResults(baseline, head, options)).verdict;
}

/** Combines the results of `--shard` runs into one, metrics recomputed from the merged cases. */
export async function merge(
  shards: (string | MergeInput)[],
  options: { config?: EvalgateConfig; configPath?: string } = {},
): Promise<{ results: Results; warnings: string[] }> {
  const config = options.config ?? (await loadConfig(options.configPath ?? DEFAULT_CONFIG)).config;
  const inputs = await Promise.all(
    shards.map(async (shard) => (typeof shard === "string" ? { file: shard, results: await readResultsFile(shard) } : shard)),
  );
  return mergeResults(inputs, config, await kindsOfShards(inputs));
}
