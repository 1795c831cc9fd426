// What the processes of one run share: the folder a command runs in by default, where each model's
// log goes, the environment they inherit, and the list of what to stop when the run ends. Light on
// purpose: the registry holds one, and the process code (./group.ts) is loaded only when a model
// starts something.
import path from "node:path";
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

export function createProcessHost(options: ProcessHostOptions): ProcessHost {
  const stops: (() => Promise<void>)[] = [];
  const logs = new Map<string, Promise<ProcessLog>>();
  const closing = new AbortController();
  return {
    ...options,
    configDir: path.resolve(options.configDir),
    logDir: path.resolve(options.logDir),
    closing: closing.signal,
    logOf(name) {
      let log = logs.get(name);
      if (!log) {
        log = import("./log.ts").then(({ createProcessLog }) => createProcessLog(options.logDir, name));
        logs.set(name, log);
      }
      return log;
    },
    onClose(stop) {
      stops.push(stop);
    },
    async close() {
      closing.abort(new Error("the run ended"));
      await Promise.all(stops.splice(0).map((stop) => stop()));
      for (const log of await Promise.all(logs.values())) log.close();
    },
  };
}
