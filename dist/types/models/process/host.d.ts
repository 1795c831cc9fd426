import type { ModelConfig } from "../../config/models.ts";
import type { ProcessLog } from "./log.ts";
export interface ProcessHostOptions {
    /** The config's folder: a command's default working folder, and what a relative `cwd` is relative to. */
    configDir: string;
    /** Where each model's log is written (<output-dir>/logs). */
    logDir: string;
    /** The environment processes inherit, less what each is withheld (a model's `env` is added to it). */
    env: NodeJS.ProcessEnv;
    /** Every model of the config: whose keys a process must not see. */
    models: Record<string, ModelConfig>;
    /** Says once, for the run's notes, which variables a model's processes do not get. */
    note(key: string, text: string): void;
    /** The run's requests in flight at most: as many processes that each serve one case at a time (an agent suite's MCP servers) at most. */
    concurrency: number;
}
export interface ProcessHost extends ProcessHostOptions {
    /** Aborted when the run ends: a service still starting stops waiting, a worker pool starts nothing new. */
    readonly closing: AbortSignal;
    /**
     * The environment of a process model `name` starts: evalgate's, less the other models' secret
     * variables and the runner's tokens (except those in `passEnv`), Python's output unbuffered (a log
     * line is not held back), then `added` (the model's `env`).
     */
    environmentOf(name: string, added: Record<string, string>, passEnv?: string[]): NodeJS.ProcessEnv;
    /** The log of model `name`, shared by all of its processes. */
    logOf(name: string): Promise<ProcessLog>;
    /** Registers what to stop when the run ends (a worker pool, a service). */
    onClose(stop: () => Promise<void>): void;
    /** Stops everything registered (each group: SIGTERM, then SIGKILL after 5 s), then what escaped its group, and closes the logs. */
    close(): Promise<void>;
}
export declare function createProcessHost(options: ProcessHostOptions): ProcessHost;
