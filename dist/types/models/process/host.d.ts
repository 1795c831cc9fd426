import type { ProcessLog } from "./log.ts";
export interface ProcessHostOptions {
    /** The config's folder: a command's default working folder, and what a relative `cwd` is relative to. */
    configDir: string;
    /** Where each model's log is written (<output-dir>/logs). */
    logDir: string;
    /** The environment every process inherits (a model's `env` is added to it). */
    env: NodeJS.ProcessEnv;
}
export interface ProcessHost extends ProcessHostOptions {
    /** Aborted when the run ends: a service still starting stops waiting, a worker pool starts nothing new. */
    readonly closing: AbortSignal;
    /** The log of model `name`, shared by all of its processes. */
    logOf(name: string): Promise<ProcessLog>;
    /** Registers what to stop when the run ends (a worker pool, a service). */
    onClose(stop: () => Promise<void>): void;
    /** Stops everything registered (each group: SIGTERM, then SIGKILL after 5 s) and closes the logs. */
    close(): Promise<void>;
}
export declare function createProcessHost(options: ProcessHostOptions): ProcessHost;
