// The files a promptfoo config names with `file://` (prompts, tests, vars, schemas, scripts): each
// resolved against the config's folder, kept inside the repository like every file a config names,
// read with the same caps, and a glob expanded in path order. Every problem names the file that named it.
import path from "node:path";
import type { InputProblem } from "../../config/errors.ts";
import { parsePositionedData } from "../../config/json-positions.ts";
import { resolveInside } from "../../config/paths.ts";
import { readTextFile } from "../../config/text-file.ts";
import { yamlProblems } from "../../config/yaml-positions.ts";
import { isPathGlob, splitPathGlob } from "../../util/glob.ts";
import { promptYmlFiles } from "../prompt-yml/files.ts";

export interface PfWhere {
  /** The folder `file://` paths resolve against (the promptfoo config's). */
  baseDir: string;
  rootDir: string;
  allowedRoot?: string | undefined;
  /** Where the base folder of each glob expanded is noted (absolute): a file added or deleted there changes what is read. */
  folders?: Set<string>;
}

export interface ReadRef {
  /** Absolute. */
  absolute: string;
  /** Repository-relative, for messages and results. */
  file: string;
  text: string;
}

/** "file://a.yaml" → "a.yaml"; undefined for a value that is no file reference. */
export function fileRef(value: unknown): string | undefined {
  return typeof value === "string" && value.startsWith("file://") ? value.slice("file://".length) : undefined;
}

export const repoPath = (where: PfWhere, absolute: string) => path.relative(where.rootDir, absolute).split(path.sep).join("/");

/** The files a reference names: one path, or every file its glob matches (none matched is a problem). */
export async function expandRef(ref: string, where: PfWhere): Promise<{ files: string[] } | { problem: string }> {
  // promptfoo's `file://x.py:fn` names a function in the file: the path is before the last ':'.
  if (!isPathGlob(ref)) {
    const inside = resolveInside(where.baseDir, ref, where.allowedRoot);
    return "error" in inside ? { problem: inside.error } : { files: [inside.path] };
  }
  where.folders?.add(path.resolve(where.baseDir, splitPathGlob(ref).base));
  const found = await promptYmlFiles(path.relative(where.baseDir, path.resolve(where.baseDir, ref)), {
    configDir: where.baseDir,
    rootDir: where.rootDir,
    allowedRoot: where.allowedRoot,
  });
  return "problem" in found ? found : { files: found.files.map((file) => file.absolute) };
}

/** One named file's text, or the problem reading it (at `at`, the config line that names it). */
export async function readRef(absolute: string, where: PfWhere, at: InputProblem): Promise<ReadRef | { problem: InputProblem }> {
  const read = await readTextFile(absolute);
  const file = repoPath(where, absolute);
  if ("problem" in read) return { problem: { ...at, message: `${file} ${read.problem.message}` } };
  return { absolute, file, text: read.text };
}

/** A YAML or JSON file's data; its syntax problems at their own lines. */
export function parseData(read: ReadRef): { value: unknown } | { problems: InputProblem[] } {
  const yaml = parsePositionedData(read.text);
  if (yaml.problems.length > 0) return { problems: yamlProblems(yaml, read.file) };
  return { value: yaml.value };
}
