import { type EvalgateConfig } from "./schema.ts";
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
}
/** A config larger than this is refused before it is read (configs are a few kilobytes). */
export declare const MAX_CONFIG_BYTES: number;
export declare function loadConfig(configPath: string): Promise<LoadedConfig>;
export declare function parseConfig(text: string, absolutePath: string, displayPath?: string): LoadedConfig;
export declare function closest(word: string, candidates: string[]): string | undefined;
/** Damerau-Levenshtein (optimal string alignment): a swap of two neighbours ("agnet") is one edit. */
export declare function editDistance(a: string, b: string): number;
