import { type InputProblem } from "./errors.ts";
import { type EvalgateConfig } from "./schema.ts";
import { type PositionedYaml } from "./yaml-positions.ts";
export interface LoadedConfig {
    config: EvalgateConfig;
    /** Absolute path of the config file. */
    path: string;
    /** Its folder: suite paths are relative to it. */
    dir: string;
    /** Path as shown in messages (relative to the working directory). */
    displayPath: string;
    /** 1-based line of a field, for messages about values found valid by the schema but wrong in context. */
    lineOf(fieldPath: (string | number)[]): number | undefined;
    /** The raw text, hashed into the run's identity. */
    text: string;
    /**
     * Loaded with `salvage`: the config's own problems that did not stop it loading (schema problems,
     * unknown model references, body placeholders). The caller reports them with everything else it
     * finds, in one pass, and sends nothing. Absent when the config has none.
     */
    problems?: InputProblem[];
    /** With `salvage`: the models and suites left out because the schema refused them (their problems are in `problems`). */
    dropped?: {
        models: Set<string>;
        suites: Set<string>;
    };
}
export interface LoadOptions {
    /**
     * Go on past the config's own problems, as far as they allow, so the files, secrets and templates
     * of everything else are checked in the same pass (`evalgate validate`, and a run before any
     * request): an entry of models: or suites: the schema refuses is left out, a refused top-level
     * setting takes its default. The problems are returned in `problems`, never ignored.
     */
    salvage?: boolean;
}
/** A config larger than this is refused before it is read (configs are a few kilobytes). */
export declare const MAX_CONFIG_BYTES: number;
export declare function loadConfig(configPath: string, options?: LoadOptions): Promise<LoadedConfig>;
/**
 * A config file's text. A directory, a missing, huge or binary file is an error, and so are lines
 * with NUL bytes or invalid UTF-8: a config is never guessed at.
 */
export declare function readConfigText(absolute: string, displayPath: string): Promise<string>;
/** A config's YAML; syntax errors, duplicate keys and alias bombs are errors with file:line:column. */
export declare function parseConfigYaml(text: string, displayPath: string): PositionedYaml;
export declare function parseConfig(text: string, absolutePath: string, displayPath?: string, options?: LoadOptions): LoadedConfig;
/** Why `name` cannot be the analysis model (unknown, or not a chat model); undefined when it can. Flags and action inputs say the same. */
export declare function analysisModelProblem(models: EvalgateConfig["models"], name: string): string | undefined;
