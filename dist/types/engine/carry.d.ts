import { type LoadedConfig } from "../config/load.ts";
import type { EvalgateConfig } from "../config/schema.ts";
import type { Results, RunMetadata, SuiteResults } from "../results/types.ts";
import type { UnchangedFiles } from "../suites/kind.ts";
export interface ChangeRequest {
    /** The ref the changes are counted from: --changed-since, or a pull request's base commit. */
    since: string;
    /** The CLI: a ref git cannot read throws ChangesUnknownError (a usage error). The action: run everything, with a notice. */
    ifUnknown: "error" | "run-all";
    /** The baseline the untouched suites are carried from; read only when a suite could be skipped. */
    baseline: (config: EvalgateConfig, rootDir: string) => Promise<Results | null>;
}
export interface CarryPlan {
    /** Suites carried, by name, with their baseline results marked. */
    carried: Map<string, SuiteResults>;
    changedSince: NonNullable<RunMetadata["changedSince"]>;
    /** The run.partial reason when a suite is carried: such a run is never a baseline. */
    partialReason: string;
    /**
     * Suites touched only through files that run on their own (SUITE_UNIT_KEYS): the files of theirs
     * that did not change and that the baseline measured, which the suite may leave out.
     */
    unchangedFiles?: Map<string, UnchangedFiles>;
}
/** Which of `names` are carried: declared `paths:`, nothing they read changed (sure of it), and a measured baseline to carry. */
export declare function planCarried(loaded: LoadedConfig, where: {
    rootDir: string;
    allowedRoot: string | undefined;
}, names: string[], request: ChangeRequest): Promise<CarryPlan>;
/** Which suites a change since `since` touches (`--pair base` pairs them), and why; `unknown` when git cannot tell (every suite is touched). */
export interface TouchedSuites {
    touched: Map<string, string>;
    untouched: string[];
    unknown?: string;
}
/**
 * The same detection as carrying, for every suite (declared `paths:` or not): a suite is touched when
 * its config block, a file it reads (a target's prompt file, its datasets) or a name its `paths:` match
 * changed, or git cannot tell. Throws ChangesUnknownError when the changed files cannot be listed.
 */
export declare function touchedSuites(loaded: LoadedConfig, where: {
    rootDir: string;
    allowedRoot: string | undefined;
}, names: string[], since: string): Promise<TouchedSuites>;
