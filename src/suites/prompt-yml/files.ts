// The files a prompt-yml suite's `files:` names: one path, or a glob walked from its static folder
// (every file it matches, in path order). Each file stays inside the repository like any file a
// config names, and each gets the short key its metrics are grouped under.
import type { Dirent } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { resolveInside } from "../../config/paths.ts";
import { isPathGlob, matchGlob, splitPathGlob } from "../../util/glob.ts";

/** Folders a glob never descends into: dependencies and git's own files hold no prompt of the project's. */
const SKIPPED_FOLDERS = new Set(["node_modules", ".git"]);

export interface PromptYmlFile {
  absolute: string;
  /** Repository-relative, with "/". */
  file: string;
  /** The metrics' group: the path under the glob's folder without its .prompt.yml ("support/greet"). */
  key: string;
}

export type FilesFound = { files: PromptYmlFile[] } | { problem: string };

/** The files `files:` names, sorted by path; a problem when a path leaves the repository or nothing matches. */
export async function promptYmlFiles(
  value: string,
  where: { configDir: string; rootDir: string; allowedRoot?: string | undefined },
): Promise<FilesFound> {
  const written = value.split(path.sep).join("/");
  const { base, pattern } = isPathGlob(written) ? splitPathGlob(written) : { base: path.posix.dirname(written), pattern: "" };
  const baseDir = resolveInside(where.configDir, base, where.allowedRoot);
  if ("error" in baseDir) return { problem: baseDir.error };
  const candidates = pattern ? await walk(baseDir.path, pattern) : [path.resolve(where.configDir, written)];
  const files: PromptYmlFile[] = [];
  for (const absolute of candidates.sort()) {
    const inside = resolveInside(where.configDir, absolute, where.allowedRoot);
    if ("error" in inside) return { problem: inside.error };
    const relative = path.relative(baseDir.path, absolute).split(path.sep).join("/");
    files.push({ absolute, file: path.relative(where.rootDir, absolute).split(path.sep).join("/"), key: fileKey(relative) });
  }
  if (pattern && files.length === 0)
    return { problem: `${JSON.stringify(value)} matches no file (globs are relative to the config's folder)` };
  return { files };
}

/** Every file under `dir` whose path relative to it matches `pattern`; SKIPPED_FOLDERS and linked folders are not entered. */
async function walk(dir: string, pattern: string, prefix = ""): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(path.join(dir, prefix), { withFileTypes: true });
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) found.push(...(await walk(dir, pattern, relative)));
      continue;
    }
    if (!matchGlob(pattern, relative)) continue;
    const absolute = path.join(dir, relative);
    // A linked file is followed to what it names (resolveInside then checks where that is).
    if (entry.isFile() || (entry.isSymbolicLink() && (await stat(absolute).catch(() => undefined))?.isFile())) found.push(absolute);
  }
  return found;
}

/** "support/greet.prompt.yml" → "support/greet": the metrics' group, letters, digits, _ . - and /. */
export function fileKey(relative: string): string {
  const stem = relative.replace(/\.prompt\.ya?ml$/i, "").replace(/\.(ya?ml|json)$/i, "");
  return stem.replace(/[^A-Za-z0-9_./-]+/g, "-");
}
