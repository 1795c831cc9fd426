import { type InputProblem } from "../config/errors.ts";
import { type LoadedConfig } from "../config/load.ts";
import type { PromptFile } from "../config/prompt-file.ts";
import type { Results, RunSelection } from "../results/types.ts";
import type { CarryPlan, ChangeRequest } from "./carry.ts";
import type { PlannedSuite } from "./planned-suite.ts";
export type { PlannedSuite } from "./planned-suite.ts";
export interface RunPlan {
    loaded: LoadedConfig;
    rootDir: string;
    outDir: string;
    suites: PlannedSuite[];
    /** Models the selected suites call. */
    models: string[];
    /** The selection as run: with the derived sample seed when none was given. */
    selection: RunSelection;
    /** Why the run is not the whole config (RunMetadata.partial); empty for a whole run. */
    partial: string[];
    /** With `changes`: the suites carried from the baseline instead of run. */
    carry?: CarryPlan;
    /** The prompt files of the models that carry `prompt:`, read and checked, by model name. */
    prompts: Map<string, PromptFile>;
    /** With `missingSecrets: "warning"`: the variables the models need that are not set. */
    secretWarnings: InputProblem[];
}
/** What planning reads of the run's options. */
export interface PlanOptions {
    configPath: string;
    selection: RunSelection;
    /** Journal, cache and results go here; default: the config's output-dir under the repository root. */
    outDir?: string;
    env?: NodeJS.ProcessEnv;
    /** baseCommit: a PR's base, from which `sample` without a seed derives its seed. */
    git?: {
        commit?: string;
        branch?: string;
        event?: string;
        baseCommit?: string;
    };
    /** Run a plan past MAX_PLANNED_REQUESTS (./plan-size.ts) anyway: the user means it. */
    allowLargePlan?: boolean;
    /** Loads the config instead of reading configPath (CLI flags that override or replace evalgate.yml). */
    loadConfig?: () => Promise<LoadedConfig>;
    /** --changed-since or a pull request: suites whose inputs did not change are carried from the baseline, not run. */
    changes?: ChangeRequest;
    /** Where `--verbose` details go (each prompt target's file and where its settings come from). */
    log?: (line: string) => void;
    /** A variable a model needs that is not set: an error (a run, the default) or a warning (`evalgate validate` without --strict). */
    missingSecrets?: "error" | "warning";
    /** `validate` and `run --dry-run`: the files are checked as they are, nothing is started (an agent suite's MCP server is not asked for its tools). */
    startsNothing?: boolean;
    /** With --shard: the baseline whose per-case durations balance the shards (read only for a shard; null: by hash). */
    shardBaseline?: (config: LoadedConfig["config"], rootDir: string) => Promise<Results | null>;
}
/** Loads the config and every selected suite's cases, and checks secrets: no request is sent. */
export declare function planEvaluation(options: PlanOptions): Promise<RunPlan>;
