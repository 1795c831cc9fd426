// `--env-file` and `.env`: variables for the models' keys and URLs, read into the environment before
// a command runs. Without --env-file the CLI reads `.env` beside the config and `.env` in the current
// folder, when present. A variable already set (and not empty) is never replaced, so the shell and
// CI's secrets always win. The values need no handling of their own: every variable a model names
// is registered as a secret when the config is read (models/env.ts), wherever its value came from.
// The action reads no .env: its environment is the workflow's.
import { existsSync } from "node:fs";
import path from "node:path";
import { applyEnvEntries, readEnvFile } from "../config/env-file.ts";
import { UsageError } from "./errors.ts";
import type { OptionTable } from "./option-table.ts";

export const ENVIRONMENT_OPTIONS = {
  "env-file": {
    type: "string",
    arg: "<file>",
    multiple: true,
    help: "read KEY=value lines from this file (repeatable; default: .env beside the config and in the current folder); a variable already set is kept",
  },
} as const satisfies OptionTable;

export interface EnvironmentRead {
  /** The file as given or found, relative to the working folder. */
  file: string;
  /** Variables it set. */
  set: string[];
  /** Variables it also names that were already set, and kept. */
  kept: string[];
}

export async function loadEnvironment(
  explicit: string[],
  configPath: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Promise<EnvironmentRead[]> {
  const files = explicit.length ? explicit.map((file) => path.resolve(file)) : implicitEnvFiles(configPath);
  const reads: EnvironmentRead[] = [];
  for (const file of files) {
    const shown = path.relative(process.cwd(), file) || file;
    if (explicit.length && !existsSync(file)) throw new UsageError(`--env-file: ${shown} does not exist`);
    const entries = await readEnvFile(file, shown);
    reads.push({ file: shown, ...applyEnvEntries(entries, env) });
  }
  return reads;
}

/** `.env` beside the config, then in the working folder: those present, each once. */
function implicitEnvFiles(configPath: string | undefined): string[] {
  const candidates = [...(configPath ? [path.join(path.dirname(path.resolve(configPath)), ".env")] : []), path.resolve(".env")];
  return [...new Set(candidates)].filter((file) => existsSync(file));
}

/** "read .env: set OPENAI_API_KEY; kept ANTHROPIC_API_KEY (already set)": names only, never values. */
export function describeEnvironment(reads: EnvironmentRead[]): string[] {
  return reads.map(({ file, set, kept }) => {
    const parts = [set.length ? `set ${set.join(", ")}` : "set nothing", ...(kept.length ? [`kept ${kept.join(", ")} (already set)`] : [])];
    return `environment: read ${file}: ${parts.join("; ")}`;
  });
}
