// What the processes of one run share: the folder a command runs in by default, where each model's
// log goes, the environment they inherit (evalgate's, less the other models' keys and the runner's
// tokens: the system under test never sees them), and the list of what to stop when the run ends. Light on
// purpose: the registry holds one, and the process code (./group.ts) is loaded only when a model
// starts something.
import path from "node:path";
import type { ModelConfig } from "../../config/models.ts";
import { withheldVariables } from "../env.ts";
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

export function createProcessHost(options: ProcessHostOptions): ProcessHost {
  const stops: (() => Promise<void>)[] = [];
  const logs = new Map<string, Promise<ProcessLog>>();
  const closing = new AbortController();
  return {
    ...options,
    configDir: path.resolve(options.configDir),
    logDir: path.resolve(options.logDir),
    closing: closing.signal,
    environmentOf(name, added, passEnv) {
      const withheld = withheldVariables(name, options.models, options.env, passEnv);
      if (withheld.length) {
        const names = withheld.join(", ");
        options.note(
          `withheld:${name}`,
          `model "${name}"'s processes were not given ${names} (other models' keys, the runner's tokens; \`pass-env\` passes one)`,
        );
      }
      const inherited = Object.fromEntries(Object.entries(options.env).filter(([variable]) => !withheld.includes(variable)));
      return { ...inherited, PYTHONUNBUFFERED: "1", ...added };
    },
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
      const stopped = stops.splice(0);
      await Promise.all(stopped.map((stop) => stop()));
      // What left its group (setsid, a double fork) is ended too, and named in its model's log.
      if (stopped.length) await import("./escaped.ts").then(({ endEscaped }) => endEscaped());
      for (const log of await Promise.all(logs.values())) log.close();
    },
  };
}
