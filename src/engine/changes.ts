// Which suites a change touches: the files changed since a ref (committed since the merge base, plus
// uncommitted and untracked ones), matched against each suite's `paths:` globs, its own eval files
// and its block in the config file (carry.ts). git is spawned only when asked (--changed-since, a pull
// request): git.ts stays spawn-free.
import { execFile } from "node:child_process";
import { statSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { isPathGlob, matchFilters, matchGlob } from "../util/glob.ts";

const run = promisify(execFile);

/** Why the changed files could not be listed (an unknown ref, a shallow clone without the base, no git). */
export class ChangesUnknownError extends Error {
  override readonly name = "ChangesUnknownError";
}

async function git(rootDir: string, args: string[]): Promise<string> {
  const { stdout } = await run("git", args, { cwd: rootDir, maxBuffer: 256 * 2 ** 20 });
  return stdout;
}

export interface ChangedFiles {
  /** The merge base of `ref` and HEAD: what the files changed since. */
  base: string;
  /** Repository-relative paths: the commits since the merge base, the work tree and untracked files. */
  files: string[];
}

export async function changedFilesSince(rootDir: string, ref: string): Promise<ChangedFiles> {
  // A ref is never an option: "--output=…" must not reach git as one.
  if (ref.startsWith("-") || ref.trim() === "") throw new ChangesUnknownError(`"${ref}" is not a git ref`);
  try {
    const base = (await git(rootDir, ["merge-base", ref, "HEAD"])).trim();
    const [tracked, untracked] = await Promise.all([
      git(rootDir, ["diff", "--name-only", "-z", "--no-renames", base, "--"]),
      git(rootDir, ["ls-files", "-z", "--others", "--exclude-standard"]),
    ]);
    return { base, files: [...new Set([...tracked.split("\0"), ...untracked.split("\0")].filter(Boolean))] };
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? (error as Error).message).trim();
    throw new ChangesUnknownError(`the files changed since ${ref} could not be listed: ${stderr.split("\n")[0] || "git failed"}`);
  }
}

/** A file's text at a commit; undefined when it did not exist there or cannot be read. */
export async function fileAtCommit(rootDir: string, commit: string, file: string): Promise<string | undefined> {
  return git(rootDir, ["show", `${commit}:${file}`]).catch(() => undefined);
}

/** A file the suite reads by itself: matched literally (a file, everything under a folder) or as its `*` glob. */
interface OwnInput {
  kind: "file" | "folder" | "glob";
  path: string;
}

export interface SuiteInputs {
  /** The suite's `paths:`; undefined: it did not declare them and always runs. */
  declared: string[] | undefined;
  own: OwnInput[];
  /** The config file, repository-relative: only the suite's block in it counts (carry.ts compares it). */
  configFile: string;
}

/**
 * The suite's inputs, repository-relative: its `paths:` and, always, the config file and the files its
 * config block names (`pathValues`, relative to the config's folder). Paths outside the repository are dropped: no diff names them.
 */
export function suiteInputs(
  declared: string[] | undefined,
  pathValues: string[],
  where: { rootDir: string; configDir: string; configFile: string },
): SuiteInputs {
  const relative = (absolute: string) => path.relative(where.rootDir, absolute).split(path.sep).join("/");
  const own: OwnInput[] = [];
  for (const value of pathValues) {
    const absolute = path.resolve(where.configDir, value);
    const inRepo = relative(absolute);
    if (inRepo.startsWith("../") || path.isAbsolute(inRepo)) continue;
    const kind = isPathGlob(value) ? "glob" : isFolder(absolute) ? "folder" : "file";
    own.push({ kind, path: inRepo });
  }
  return { declared, own, configFile: relative(where.configFile) };
}

function isFolder(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}

function matchesOwn(input: OwnInput, file: string): boolean {
  if (input.kind === "folder") return file.startsWith(`${input.path}/`);
  return input.kind === "glob" ? matchGlob(input.path, file) : file === input.path;
}

/** The changed files that are among the suite's inputs: its own files, and what its `paths:` match. */
export function changedInputs(inputs: SuiteInputs, changed: readonly string[]): string[] {
  const declared = inputs.declared ?? [];
  return changed.filter((file) => inputs.own.some((input) => matchesOwn(input, file)) || matchFilters(declared, file));
}

/** Whether `file` is one the pattern (a path or glob relative to the config's folder) names, repository-relative. */
export function namesFile(value: string, file: string, where: { rootDir: string; configDir: string }): boolean {
  const absolute = path.resolve(where.configDir, value);
  const inRepo = path.relative(where.rootDir, absolute).split(path.sep).join("/");
  return isPathGlob(value) ? matchGlob(inRepo, file) : file === inRepo;
}

/** Whether any changed file is one of the suite's inputs, or its config block changed. A suite without `paths:` is always touched. */
export function touchesSuite(inputs: SuiteInputs, changed: readonly string[], blockChanged: boolean): boolean {
  if (!inputs.declared || blockChanged) return true;
  const declared = inputs.declared;
  return changed.some((file) => inputs.own.some((input) => matchesOwn(input, file)) || matchFilters(declared, file));
}

/** "prompts/**, evals/qa.csv or its block in evals/evalgate.yml": what a carried suite's marker names. */
export function describeInputs(inputs: SuiteInputs): string {
  const names = [...(inputs.declared ?? []), ...inputs.own.map((input) => (input.kind === "folder" ? `${input.path}/` : input.path))];
  return `${names.join(", ")} or its block in ${inputs.configFile}`;
}
