import { type InputProblem } from "../../config/errors.ts";
import type { BadLines } from "../../config/text-file.ts";
import type { Scenario } from "./types.ts";
export interface LoadOptions {
    /** Turns an absolute path into the path shown in messages and results (relative to the repo root). */
    display(absPath: string): string;
    /** Files read must resolve inside this folder (links included); undefined when `allow-outside-repo: true`. */
    allowedRoot?: string;
}
/** `scenarios` may be one scenario folder or a folder of them; returns scenario folders, sorted. */
export declare function discoverScenarioDirs(scenariosPath: string, options: LoadOptions): Promise<string[]>;
/**
 * Loads and validates one scenario. Errors throw a ScenarioError; warnings go to `warnings` (kept
 * when errors are thrown too), and the lines with NUL bytes or invalid UTF-8 in the files read to `badLines`.
 */
export declare function loadScenario(dir: string, options: LoadOptions, badLines: BadLines, warnings: InputProblem[]): Promise<Scenario>;
/** Eunomia draws a random exercise id in [0, 2^31 - 2]; a hash of the scenario keeps runs reproducible. */
export declare function stableExerciseId(title: string, manifestText: string): number;
