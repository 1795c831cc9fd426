// Where a run writes (journal, cache, results): the config's output-dir under the repository root,
// or under the working directory outside a repository.
import path from "node:path";
import type { LoadedConfig } from "../config/load.ts";
import { findRepositoryRoot } from "./git.ts";

export function engineOutputDir(loaded: Pick<LoadedConfig, "config" | "dir">): string {
  return path.resolve(findRepositoryRoot(loaded.dir) ?? process.cwd(), loaded.config["output-dir"]);
}

/** The response cache's folder inside the output folder. */
export function responseCacheDir(outDir: string): string {
  return path.join(outDir, "cache");
}

/** The logs of the processes models start (a command target's workers, a service), one file per model. */
export function processLogDir(outDir: string): string {
  return path.join(outDir, "logs");
}
