// Which suites a change touches: the files changed since a ref (committed since the merge base, plus
// uncommitted and untracked ones) against everything a suite reads (carry.ts lists it) and its
// `paths:` globs. A suite is carried only when evalgate is sure: a file it reads that git does not
// track (ignored, or never added) or that lies outside the repository cannot be diffed, so the suite
// runs. git is spawned only when asked (--changed-since, a pull request): git.ts stays spawn-free.
//
// Names are git's bytes: `-z` output split on NUL and kept one byte per character (latin1), so a
// name with a line break, a space or bytes that are not UTF-8 is compared exactly; globs see the
// name decoded as UTF-8 (a bad byte as U+FFFD, which `*` and `?` match).
import { execFile } from "node:child_process";
import { lstatSync, readlinkSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { isPathGlob } from "../util/glob.ts";
import { matchPathFilters, pathGlob } from "../util/path-glob.ts";

const run = promisify(execFile);

/** Why the changed files could not be listed (an unknown ref, a shallow clone without the base, no git). */
export class ChangesUnknownError extends Error {
  override readonly name = "ChangesUnknownError";
}

async function git(rootDir: string, args: string[]): Promise<Buffer> {
  const { stdout } = await run("git", args, { cwd: rootDir, maxBuffer: 256 * 2 ** 20, encoding: "buffer" });
  return stdout;
}

/** A git `-z` list as names of raw bytes, one byte per character. */
function nameList(output: Buffer): string[] {
  return output
    .toString("latin1")
    .split("\0")
    .filter((name) => name !== "");
}

/** A repository-relative path as the bytes git names it by (one byte per character). */
export function gitName(relative: string): string {
  return Buffer.from(relative, "utf8").toString("latin1");
}

/** A git name shown to people and matched by globs: its bytes read as UTF-8. */
export function displayName(name: string): string {
  return Buffer.from(name, "latin1").toString("utf8");
}

export interface ChangedFiles {
  /** The merge base of `ref` and HEAD: what the files changed since. */
  base: string;
  /** Changed names (gitName form): both sides of every rename, the work tree, untracked files not ignored. */
  files: string[];
  /** Names git tracks now (the index): a file read that is not among them cannot be diffed. */
  tracked: Set<string>;
}

export async function changedFilesSince(rootDir: string, ref: string): Promise<ChangedFiles> {
  // A ref is never an option: "--output=…" must not reach git as one.
  if (ref.startsWith("-") || ref.trim() === "") throw new ChangesUnknownError(`"${ref}" is not a git ref`);
  try {
    const base = (await git(rootDir, ["merge-base", ref, "HEAD"])).toString("utf8").trim();
    const [tracked, untracked, index] = await Promise.all([
      // --no-renames: a rename is its old name deleted and its new name added, so both sides count.
      git(rootDir, ["diff", "--name-only", "-z", "--no-renames", "--no-relative", "--no-ext-diff", base, "--"]),
      git(rootDir, ["ls-files", "-z", "--others", "--exclude-standard"]),
      git(rootDir, ["ls-files", "-z", "-v"]),
    ]);
    const { names, hidden } = indexNames(index);
    return { base, files: [...new Set([...nameList(tracked), ...nameList(untracked), ...hidden])], tracked: names };
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? (error as Error).message).trim();
    throw new ChangesUnknownError(`the files changed since ${ref} could not be listed: ${stderr.split("\n")[0] || "git failed"}`);
  }
}

/**
 * The index's names from `ls-files -v`, and those whose work-tree changes git hides from diff
 * (assume-unchanged: a lower-case tag; skip-worktree: "S"): counted as changed, since no one can tell.
 */
function indexNames(output: Buffer): { names: Set<string>; hidden: string[] } {
  const names = new Set<string>();
  const hidden: string[] = [];
  for (const entry of nameList(output)) {
    const tag = entry.slice(0, 1);
    const name = entry.slice(2);
    names.add(name);
    if (tag === "S" || tag !== tag.toUpperCase()) hidden.push(name);
  }
  return { names, hidden };
}

/**
 * Of `names` (gitName form: files a suite looked for that do not exist), those git would ignore:
 * such a file may have been there when the baseline ran, and no diff can show its deletion.
 */
export async function ignoredNames(rootDir: string, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const input = Buffer.from(`${names.join("\0")}\0`, "latin1");
  return new Promise((resolve) => {
    // check-ignore exits 1 when none is ignored: its output, not its status, is the answer.
    const child = execFile("git", ["check-ignore", "-z", "--stdin"], { cwd: rootDir, encoding: "buffer" }, (error, stdout) => {
      const failed = error && (error as { code?: unknown }).code !== 1;
      // git failing here is not knowing: every name counts as ignored (the suite runs).
      resolve(failed ? new Set(names) : new Set(nameList(stdout)));
    });
    child.stdin?.end(input);
  });
}

/** A file's text at a commit; undefined when it did not exist there or cannot be read. */
export async function fileAtCommit(rootDir: string, commit: string, file: string): Promise<string | undefined> {
  return git(rootDir, ["show", `${commit}:${file}`]).then(
    (bytes) => bytes.toString("utf8"),
    () => undefined,
  );
}

/**
 * What git knows of a path the suite reads: every symlink on the way to it (each is a file of its
 * own) and the file or folder at the end, as gitNames; `outside` when it leads out of the repository
 * (or loops), where no diff can see it.
 */
export function namesBehind(absolute: string, rootDir: string): { names: string[]; last: string; outside: boolean } {
  const roots = [...new Set([path.resolve(rootDir), realOrSelf(rootDir)])];
  const names: string[] = [];
  let current = path.resolve(absolute);
  for (let hops = 0; hops < 40; hops++) {
    const relative = roots.map((root) => inside(root, current)).find((rel) => rel !== undefined);
    if (relative === undefined) return { names, last: "", outside: true };
    const root = roots[roots.map((r) => inside(r, current)).indexOf(relative)]!;
    const parts = relative === "" ? [] : relative.split(path.sep);
    const link = parts.findIndex((_, i) => isSymlink(path.join(root, ...parts.slice(0, i + 1))));
    if (link < 0) {
      const last = gitName(parts.join("/"));
      names.push(last);
      return { names, last, outside: false };
    }
    const linkPath = path.join(root, ...parts.slice(0, link + 1));
    names.push(gitName(parts.slice(0, link + 1).join("/")));
    current = path.resolve(path.dirname(linkPath), readlinkSync(linkPath), ...parts.slice(link + 1));
  }
  return { names, last: "", outside: true };
}

function inside(root: string, target: string): string | undefined {
  const relative = path.relative(root, target);
  return relative === ".." || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative) ? undefined : relative;
}

function isSymlink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

function realOrSelf(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return path.resolve(dir);
  }
}

export function exists(file: string): boolean {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
}

/** What a suite reads, absolute: files (datasets, attachments, preambles, a model's files) and folders (a whole scenarios folder). */
export interface SuiteReads {
  files: string[];
  folders: string[];
}

export interface SuiteInputs {
  /** The suite's `paths:`; undefined: it did not declare them and always runs. */
  declared: string[] | undefined;
  reads: SuiteReads;
  rootDir: string;
  /** The config file, repository-relative: only the suite's block in it counts (carry.ts compares it). */
  configFile: string;
  /** What the marker of a carried suite names, besides `paths:` (its own eval files as the config writes them). */
  shown: string[];
  /** Files (repository-relative) the kind said run on their own (LoadedSuite.units). */
  units?: string[];
}

/** Why a suite runs: a file it reads or a name its globs match changed, or (not `sure`) git cannot tell. */
export interface Touched {
  why: string;
  /** False when nothing is known to have changed but a file read cannot be diffed (untracked, outside the repository). */
  sure: boolean;
}

/** The first reason a suite must run, if any: a file it reads changed or cannot be diffed, or a `paths:` glob matches a changed name. */
export function whyTouched(
  inputs: SuiteInputs,
  changes: Pick<ChangedFiles, "files" | "tracked"> & { ignored?: ReadonlySet<string> },
): Touched | undefined {
  const changed = new Set(changes.files);
  const { rootDir, reads } = inputs;
  const notSure = (why: string): Touched => ({ why, sure: false });
  for (const file of reads.files) {
    const behind = namesBehind(file, rootDir);
    if (behind.outside) return notSure(`reads ${path.relative(rootDir, file)}, outside the repository (no diff can show a change)`);
    // A folder on the way that changed is a link that was removed or replaced: the path leads elsewhere now.
    const hit = behind.names.flatMap(withFolders).find((name) => changed.has(name));
    if (hit !== undefined) return { why: `${displayName(hit)} changed`, sure: true };
    const untracked = behind.names.find((name, i) => !changes.tracked.has(name) && (i < behind.names.length - 1 || exists(file)));
    if (untracked !== undefined) return notSure(`reads ${displayName(untracked)}, which git does not track (no diff can show a change)`);
    if (changes.ignored?.has(behind.last))
      return notSure(`looks for ${displayName(behind.last)}, which git ignores (no diff can show it gone)`);
  }
  for (const folder of reads.folders) {
    const behind = namesBehind(folder, rootDir);
    if (behind.outside) return notSure(`reads ${path.relative(rootDir, folder)}/, outside the repository (no diff can show a change)`);
    const under = (name: string) => behind.last === "" || name.startsWith(`${behind.last}/`);
    const hit = behind.names.flatMap(withFolders).find((name) => changed.has(name)) ?? changes.files.find(under);
    if (hit !== undefined) return { why: `${displayName(hit)} changed`, sure: true };
  }
  const declared = inputs.declared ?? [];
  const matched = changes.files.find((name) => matchPathFilters(declared, displayName(name)));
  return matched === undefined ? undefined : { why: `${displayName(matched)} changed`, sure: true };
}

/**
 * Every changed name among what the suite reads, repository-relative: a file it reads (or a link on
 * the way to it), a name under a folder it reads, a name its `paths:` match. For a suite whose files
 * run on their own (a prompt-yml suite's `files:`): which of them changed.
 */
export function changedReads(inputs: SuiteInputs, changes: Pick<ChangedFiles, "files">): string[] {
  const changed = new Set(changes.files);
  const hits = new Set<string>();
  for (const read of [...inputs.reads.files, ...inputs.reads.folders]) {
    for (const name of namesBehind(read, inputs.rootDir).names.flatMap(withFolders)) if (changed.has(name)) hits.add(name);
  }
  for (const folder of inputs.reads.folders) {
    const { last } = namesBehind(folder, inputs.rootDir);
    for (const name of changes.files) if (last === "" || name.startsWith(`${last}/`)) hits.add(name);
  }
  const declared = inputs.declared ?? [];
  for (const name of changes.files) if (matchPathFilters(declared, displayName(name))) hits.add(name);
  return [...hits].map(displayName);
}

/** Whether `file` (repository-relative) is one `value` names: a path or a glob relative to the config's folder. */
export function namesFile(value: string, file: string, where: { rootDir: string; configDir: string }): boolean {
  const inRepo = path.relative(where.rootDir, path.resolve(where.configDir, value)).split(path.sep).join("/");
  return isPathGlob(value) ? pathGlob(inRepo)(file) : file === inRepo;
}

/** A name and the folders it lies in: "a/b/c" gives "a", "a/b", "a/b/c". */
function withFolders(name: string): string[] {
  const parts = name.split("/");
  return parts.map((_, i) => parts.slice(0, i + 1).join("/"));
}

/** "prompts/**, evals/qa.csv or its block in evals/evalgate.yml": what a carried suite's marker names. */
export function describeInputs(inputs: SuiteInputs): string {
  return `${[...(inputs.declared ?? []), ...inputs.shown].join(", ")} or its block in ${inputs.configFile}`;
}
