import type { RunSelection } from "./types.ts";
/** A seed from a commit sha: the first 32 bits of its hash. */
export declare function seedFromCommit(commit: string): number;
/** The selection with a seed for --sample: the given one, else one derived from the base or head commit. */
export declare function withSampleSeed(selection: RunSelection, commits: {
    base?: string;
    head?: string;
}): {
    selection: RunSelection;
    seedSource?: string;
};
/** Why the selection is not the whole config: a suite subset, and a filter, sample or shard that left cases out. */
export declare function partialReasons(selection: RunSelection, allSuites: string[], counts: {
    selected: number;
    total: number;
}, seedSource?: string): string[];
/** "deadline reached (30m): 412 of 1000 cases not run", when the run guard stopped before every case ran. */
export declare function stoppedRunReasons(stopped: string | null, ran: number, planned: number): string[];
