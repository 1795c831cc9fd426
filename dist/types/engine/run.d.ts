import type { EvalgateConfig } from "../config/schema.ts";
import type { CaseError, PairedRun, Results } from "../results/types.ts";
import { type PlanOptions } from "./plan.ts";
import { type ProgressMode } from "./progress.ts";
export interface RunOptions extends PlanOptions {
    resume?: boolean;
    dryRun?: boolean;
    noCache?: boolean;
    /** Ask every cacheable request again and overwrite its entry; nothing written before this run is served. */
    refreshCache?: boolean;
    /** The models are played by the demo targets (`evalgate demo`): recorded, so such a run is never taken for a real one. */
    demo?: boolean;
    /** Where results.json is written; default <outDir>/results.json. */
    resultsPath?: string;
    progress?: ProgressMode;
    /** Wall-clock limit of the run in ms (overrides the config's run.deadline). */
    deadlineMs?: number;
    /** USD the run may spend (overrides the config's run.budget-usd). */
    budgetUsd?: number;
    /** Requests in flight across all models; overrides the config. */
    concurrency?: number;
    /** Stop cleanly on SIGINT/SIGTERM: the journal is closed and the run can be resumed. */
    handleSignals?: boolean;
    /** A signal that came before this run listened (a paired run's checkout): the run stops as if it came now. */
    signalledBefore?: () => boolean;
    /** Called once the first requests are on their way: load what the end of the run needs while they are in flight. */
    whileRunning?: () => void;
    /** The base half of a paired run: its own journal, its commit recorded (never a baseline). */
    half?: {
        commit: string;
        ref: string;
    };
    /** The base half's files as the base commit names them, not by the worktree's path: made just before results.json is written. */
    nameFiles?: (results: Results) => void;
    /** The head half of a paired run: what was paired, recorded in results.json. */
    paired?: PairedRun;
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
/** Runs the selected suites and writes results.json. Throws ConfigError on bad input, InterruptedError on a signal. */
export declare function runEvaluation(options: RunOptions): Promise<RunOutcome>;
export declare function toCaseError(error: unknown): CaseError;
