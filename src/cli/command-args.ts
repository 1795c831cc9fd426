// What every command does with its arguments before its own work: parse them by its option table,
// find the config when none was named (here, then at the repository root) and say where it looked
// when there is none, and read `.env` files into the environment. One function, so no command can
// skip a step.
import { existsSync } from "node:fs";
import path from "node:path";
import { findRepositoryRoot } from "../engine/git.ts";
import { type EnvironmentRead, loadEnvironment } from "./environment.ts";
import { UsageError } from "./errors.ts";
import { type OptionTable, type OptionValues, type ParsedCommand, parseOptions } from "./option-table.ts";

export interface CommandSettings<T extends OptionTable> {
  positionals?: boolean;
  /**
   * Whether this invocation reads a config. Without -c, when the default path is nowhere to be found,
   * it is then a usage error naming the paths searched. Default: always.
   */
  needsConfig?: (values: OptionValues<T>) => boolean;
  /** Checks between flags (one that needs another), made before anything is looked for: a usage error first. */
  checkFlags?: (values: OptionValues<T>) => void;
}

export interface Command<T extends OptionTable> extends ParsedCommand<T> {
  /** The .env files read, with the variables each set and kept. */
  environment: EnvironmentRead[];
}

export async function parseCommand<T extends OptionTable>(
  argv: string[],
  table: T,
  settings: CommandSettings<T> = {},
): Promise<Command<T>> {
  const parsed = parseOptions(argv, table, settings);
  if (parsed.values.help) return { ...parsed, environment: [] };
  settings.checkFlags?.(parsed.values);
  const values = parsed.values as Record<string, unknown>;
  const configPath = findConfig(table, parsed, settings);
  const envFiles = (values["env-file"] as string[] | undefined) ?? [];
  return { ...parsed, environment: await loadEnvironment(envFiles, configPath) };
}

/**
 * The config this command reads: the one given with -c, else the default path from the working
 * folder, else from the repository's root (so a command run from a subfolder finds it). Sets
 * `values.config` to what was found; undefined for a command that reads no config.
 */
function findConfig<T extends OptionTable>(table: T, parsed: ParsedCommand<T>, settings: CommandSettings<T>): string | undefined {
  const option = table.config;
  const values = parsed.values as Record<string, unknown>;
  if (option?.type !== "string") return undefined;
  if (parsed.given.has("config" as keyof T & string)) return values.config as string;
  if (option.default === undefined) return undefined;
  const searched = defaultConfigPaths(option.default);
  const found = searched.find((file) => existsSync(file));
  if (found) {
    values.config = path.relative(process.cwd(), found) || found;
    return found;
  }
  if (settings.needsConfig?.(parsed.values) ?? true) throw new UsageError(noConfigMessage(option.default, searched));
  return undefined;
}

function defaultConfigPaths(relative: string): string[] {
  const here = path.resolve(relative);
  const root = findRepositoryRoot(process.cwd());
  const atRoot = root ? path.resolve(root, relative) : undefined;
  return atRoot && atRoot !== here ? [here, atRoot] : [here];
}

function noConfigMessage(relative: string, searched: string[]): string {
  const where = searched.map((file, i) => `  ${i === 0 ? `${relative} (in the current folder)` : `${file} (at the repository's root)`}`);
  return [
    "no config found. Looked for:",
    ...where,
    'Name one with -c <file>, or write one with "evalgate init" (a config, a small dataset and, with --workflow, a GitHub workflow).',
  ].join("\n");
}
