// `init --prompt FILE --dataset FILE [--column prompt=question …]`: the suite is built around the
// project's own files, named by the config where they are (nothing copied, nothing replaced). They
// are checked before anything is written: each exists inside the repository, and the dataset's
// header has every column the suite reads (through the mapping), so a refused init writes nothing.
import path from "node:path";
import { ConfigError, type InputProblem } from "../../config/errors.ts";
import { readTextFile } from "../../config/text-file.ts";
import { type ColumnMap, RESERVED_COLUMNS, readPromptRows } from "../../suites/judged/load.ts";
import { InvalidValue } from "../option-table.ts";
import { INIT_KINDS, type InitKindName } from "./templates.ts";

/** The project's files the config names, as paths from the config's folder, and the dataset's column mapping. */
export interface OwnFiles {
  prompt?: string;
  dataset?: string;
  columns?: ColumnMap;
  /** What init's summary says of each: the file as shown, and what it is used as. */
  notes: [string, string][];
}

/** `--column prompt=question`: one of evalgate's columns, and the dataset's own name for it. */
export function columnMapping(raw: string): [keyof ColumnMap, string] {
  const match = /^([a-z_]+)=(.*\S.*)$/.exec(raw);
  const role = match?.[1] as keyof ColumnMap | undefined;
  if (!match || !role || !(RESERVED_COLUMNS as readonly string[]).includes(role))
    throw new InvalidValue(`<column>=<your column>, the column one of ${RESERVED_COLUMNS.join(", ")} (e.g. prompt=question)`);
  return [role, match[2]!.trim()];
}

interface OwnFileFlags {
  kind: InitKindName;
  prompt?: string | undefined;
  dataset?: string | undefined;
  column?: [keyof ColumnMap, string][] | undefined;
}

export async function ownFiles(flags: OwnFileFlags, configDir: string, root: string): Promise<OwnFiles> {
  const problems: InputProblem[] = [];
  const own: OwnFiles = { notes: [] };
  const kind = INIT_KINDS[flags.kind];
  const hasPrompt = kind.models.some((model) => "prompt" in model);
  if (flags.prompt !== undefined) {
    if (!hasPrompt) problems.push({ file: "--prompt", message: `--kind ${flags.kind} has no system under test with a prompt file` });
    else own.prompt = await inside(flags.prompt, "--prompt", configDir, root, problems);
    if (own.prompt) own.notes.push([shown(flags.prompt), "your prompt file, the system under test's: named by its model's prompt:"]);
  }
  const columns = Object.fromEntries(flags.column ?? []) as ColumnMap;
  if (flags.column?.length && flags.dataset === undefined)
    problems.push({ file: "--column", message: "--column maps the columns of your dataset: give it with --dataset" });
  if (flags.dataset !== undefined) {
    if (flags.kind !== "judged")
      problems.push({
        file: "--dataset",
        message: `--dataset takes a judged suite's CSV; --kind ${flags.kind} starts from the example files`,
      });
    else own.dataset = await inside(flags.dataset, "--dataset", configDir, root, problems);
    if (own.dataset) {
      const rows = await datasetRows(path.resolve(flags.dataset), shown(flags.dataset), columns, problems);
      const mapped = Object.entries(columns).map(([role, column]) => `${role}: ${column}`);
      own.notes.push([
        shown(flags.dataset),
        `your dataset, used as it is: ${rows} prompts${mapped.length ? `; columns ${mapped.join(", ")}` : ""}`,
      ]);
      if (mapped.length) own.columns = columns;
    }
  }
  if (problems.length) throw new ConfigError(problems);
  return own;
}

/** The file as a path from the config's folder, when it is a file inside the repository; else a problem. */
async function inside(file: string, flag: string, configDir: string, root: string, problems: InputProblem[]): Promise<string | undefined> {
  const absolute = path.resolve(file);
  const fromRoot = path.relative(root, absolute);
  if (fromRoot.startsWith("..") || path.isAbsolute(fromRoot)) {
    problems.push({ file: shown(file), field: flag, message: "is outside the repository: the workflow's checkout could not read it" });
    return undefined;
  }
  const read = await readTextFile(absolute, { what: "a text file" });
  if ("problem" in read) {
    problems.push({ file: shown(file), field: flag, message: read.problem.missing ? "does not exist" : read.problem.message });
    return undefined;
  }
  return path.relative(configDir, absolute).split(path.sep).join("/");
}

/** The dataset's usable rows, read as the suite will read them (its header through the mapping, with a judge). */
async function datasetRows(absolute: string, file: string, columns: ColumnMap, problems: InputProblem[]): Promise<number> {
  const read = await readTextFile(absolute, { what: "a CSV file" });
  if ("problem" in read) return 0; // said by inside()
  try {
    return readPromptRows(read.text, file, { required: ["prompt", "judge_prompt"], read: new Map(), columns }).rows.length;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const hint = "name your columns with --column prompt=<column> and --column judge_prompt=<column> (what a good answer contains)";
    problems.push(...error.problems.map((problem) => ({ ...problem, message: `${problem.message}: ${hint}` })));
    return 0;
  }
}

const shown = (file: string) => path.relative(process.cwd(), path.resolve(file)).split(path.sep).join("/") || file;
