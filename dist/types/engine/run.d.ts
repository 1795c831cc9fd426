import { type InputProblem } from "../config/errors.ts";
import { type LoadedConfig } from "../config/load.ts";
import type { EvalgateConfig, SuiteConfig } from "../config/schema.ts";
import type { CarryPlan, ChangeRequest } from "./carry.ts";
import { type ProgressMode } from "./progress.ts";
import type { Case, CaseError, CaseSummary, LoadedSuite, Results, RunSelection, SuiteKind, SuiteResults } from "./types.ts";
export interface RunOptions {
    configPath: string;
    selection: RunSelection;
    resume?: boolean;
    dryRun?: boolean;
    noCache?: boolean;
    /** Ask every cacheable request again and overwrite its entry; nothing written before this run is served. */
    refreshCache?: boolean;
    /** Journal, cache and results go here; default: the config's output-dir under the repository root. */
    outDir?: string;
    /** Where results.json is written; default <outDir>/results.json. */
    resultsPath?: string;
    env?: NodeJS.ProcessEnv;
    progress?: ProgressMode;
    /** baseCommit: a PR's base, from which `sample` without a seed derives its seed. */
    git?: {
        commit?: string;
        branch?: string;
        event?: string;
        baseCommit?: string;
    };
    /** Wall-clock limit of the run in ms (overrides the config's run.deadline). */
    deadlineMs?: number;
    /** USD the run may spend (overrides the config's run.budget-usd). */
    budgetUsd?: number;
    /** Requests in flight across all models; overrides the config. */
    concurrency?: number;
    /** Run a plan past MAX_PLANNED_REQUESTS (./plan-size.ts) anyway: the user means it. */
    allowLargePlan?: boolean;
    /** Stop cleanly on SIGINT/SIGTERM: the journal is closed and the run can be resumed. */
    handleSignals?: boolean;
    /** Loads the config instead of reading configPath (CLI flags that override or replace evalgate.yml). */
    loadConfig?: () => Promise<LoadedConfig>;
    /** Called once the first requests are on their way: load what the end of the run needs while they are in flight. */
    whileRunning?: () => void;
    /** --changed-since or a pull request: suites whose inputs did not change are carried from the baseline, not run. */
    changes?: ChangeRequest;
    /** Decides the verdict before results.json is written, so the file carries it. */
    decide?: (results: Results, context: {
        config: EvalgateConfig;
        rootDir: string;
        configDir?: string;
    }) => unknown | Promise<unknown>;
}
export interface RunOutcome {
    /** Cases carry their summaries here; results.json on disk also has each case's details. */
    results: Results;
    resultsPath: string;
    config: EvalgateConfig;
    configPath: string;
    rootDir: string;
}
export interface PlannedSuite {
    name: string;
    kind: string;
    options: SuiteConfig;
    suiteKind: SuiteKind;
    cases: Case[];
    warnings: InputProblem[];
    judge?: LoadedSuite["judge"];
}
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
}
/** Loads the config and every selected suite's cases, and checks secrets: no request is sent. */
export declare function planEvaluation(options: RunOptions): Promise<RunPlan>;
/** Runs the selected suites and writes results.json. Throws ConfigError on bad input, InterruptedError on a signal. */
export declare function runEvaluation(options: RunOptions): Promise<RunOutcome>;
export declare function toCaseError(error: unknown): CaseError;
/** Suite metrics; with repeats, each metric also carries its spread across the repeats. */
/** A suite's case counts: all, scored, errored. */
export declare function caseCounts(cases: readonly Pick<CaseSummary, "status">[]): SuiteResults["counts"];
export declare function aggregateSuite(suite: Pick<PlannedSuite, "suiteKind" | "options">, summaries: CaseSummary[], repeat: number): import("./types.ts").SuiteMetrics;
export declare function sumKnown(values: (number | null)[]): number | null;
