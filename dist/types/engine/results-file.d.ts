import { type Results, type SuiteResults } from "../results/types.ts";
export type SuiteWithoutCases = Omit<SuiteResults, "cases">;
/** Writes results.json with each suite's cases taken one line at a time from `lines` (the journal, or shard files). */
export declare function writeResultsFile(file: string, results: Pick<Results, "run" | "verdict" | "analysis">, suites: {
    name: string;
    results: SuiteWithoutCases;
    lines: AsyncIterable<string | AsyncIterable<string>>;
}[]): Promise<void>;
export declare function writeJsonFile(file: string, value: unknown): Promise<void>;
/** Why a results file could not be used: absent, not a results file, or unreadable (permissions, I/O). */
export declare class ResultsFileError extends Error {
    readonly name = "ResultsFileError";
    readonly reason: "missing" | "invalid" | "unreadable";
    constructor(reason: "missing" | "invalid" | "unreadable", message: string);
}
/** Throws the ResultsFileError readResultsFile would when `file` is absent or not a regular file; for readers that stream it. */
export declare function checkResultsFileReadable(file: string): Promise<void>;
/** Reads and checks a results file; the message names the file when it is not one. */
export declare function readResultsFile(file: string): Promise<Results>;
