// Reads a judged suite's CSV into cases: prompt rows × agents × runs, in the seed's task order
// (run → prompt → agent). Every problem names the CSV file, the line and the column.

import { createHash } from "node:crypto";
import { dirname, relative, resolve, sep } from "node:path";
import { ConfigError, type InputProblem } from "../../config/errors.ts";
import { resolveInside } from "../../config/paths.ts";
import { type BadLines, checkStreamedFile, TextChecker, withLoadWarnings } from "../../config/text-file.ts";
import type { Case } from "../../results/types.ts";
import { redact } from "../../util/redact.ts";
import type { LoadContext, LoadedSuite } from "../kind.ts";
import { CsvReader, type CsvRecord, CsvSyntaxError, readCsvFile } from "./csv.ts";
import { SCALES } from "./grading.ts";
import type { JudgedOptions } from "./options.ts";
import { type Attachment, judgePrompt } from "./prompt.ts";

export interface JudgedInput {
  agent: string;
  /** 1-based run number (`runs:` answers per prompt per agent). */
  run: number;
  /** 1-based index of the prompt among the CSV's usable rows. */
  row: number;
  prompt: string;
  /** The row's judge_prompt: what a good answer contains. */
  criteria: string;
  attachments: Attachment[];
  /** The judge-preamble file's text, when the suite sets one. */
  preamble?: string;
}

/** One usable CSV row. */
export interface PromptRow {
  line: number;
  prompt: string;
  criteria: string;
  /** Paths from the files column (separated by ";"), relative to the CSV's folder. */
  files: string[];
}

const REQUIRED_COLUMNS = ["prompt", "judge_prompt"] as const;
const OPTIONAL_COLUMNS = ["files"] as const;

/** Paths in results are relative to the repository root and always use "/". */
function displayPath(rootDir: string, path: string): string {
  return relative(rootDir, path).split(sep).join("/");
}

/** Parses the CSV text into usable rows; rows with an empty prompt or judge_prompt are skipped with a warning. */
export function readPromptRows(text: string, file: string): { rows: PromptRow[]; warnings: InputProblem[] } {
  const warnings: InputProblem[] = [];
  const reader = new PromptRowReader(file, warnings);
  const rows: PromptRow[] = [];
  const add = (records: CsvRecord[]) => {
    for (const record of records) {
      const row = reader.accept(record);
      if (row) rows.push(row);
    }
  };
  reader.guard(() => {
    const csv = new CsvReader();
    add(csv.push(text));
    add(csv.end());
  });
  reader.finish();
  return { rows, warnings };
}

/**
 * The same, streamed from the file: rows are handed to `onRow` as they are read, never all held.
 * Lines with NUL bytes or invalid UTF-8 are noted in `checker`; the rows' own warnings (a row
 * skipped, a column ignored) go to `warnings` as they are found, so they outlive a later row's error.
 */
export async function streamPromptRows(
  path: string,
  file: string,
  onRow: (row: PromptRow) => Promise<void> | void,
  checker: TextChecker = new TextChecker(),
  warnings: InputProblem[] = [],
): Promise<void> {
  const reader = new PromptRowReader(file, warnings);
  await reader.guardAsync(async () => {
    for await (const record of readCsvFile(path, checker)) {
      const row = reader.accept(record);
      if (row) await onRow(row);
    }
  });
  reader.finish();
}

/** Checks the header and each record of a prompts CSV; collects row problems until finish(). */
class PromptRowReader {
  private readonly file: string;
  private header: string[] | undefined;
  private headerLine = 1;
  private readonly problems: InputProblem[] = [];
  private readonly warnings: InputProblem[];

  constructor(file: string, warnings: InputProblem[]) {
    this.file = file;
    this.warnings = warnings;
  }

  /** Turns a CsvSyntaxError into a ConfigError naming the column. */
  guard(read: () => void): void {
    try {
      read();
    } catch (error) {
      throw this.syntaxProblem(error);
    }
  }

  async guardAsync(read: () => Promise<void>): Promise<void> {
    try {
      await read();
    } catch (error) {
      throw this.syntaxProblem(error);
    }
  }

  private syntaxProblem(error: unknown): unknown {
    if (!(error instanceof CsvSyntaxError)) return error;
    const header = this.header ?? error.records[0]?.fields.map((name) => name.trim().toLowerCase());
    const field = header?.[error.field - 1] ?? `column ${error.field}`;
    return new ConfigError([{ file: this.file, line: error.line, field, message: error.reason }]);
  }

  accept(record: CsvRecord): PromptRow | undefined {
    const { file } = this;
    if (!this.header) {
      this.readHeader(record);
      return undefined;
    }
    const header = this.header;
    if (record.fields.length !== header.length) {
      this.problems.push({
        file,
        line: record.line,
        field: "row",
        message: `expected ${header.length} fields (${header.join(", ")}), found ${record.fields.length}`,
      });
      return undefined;
    }
    const value = (name: string) => {
      const index = header.indexOf(name);
      return index >= 0 ? (record.fields[index] ?? "").trim() : "";
    };
    const prompt = value("prompt");
    const criteria = value("judge_prompt");
    const empty = !prompt ? "prompt" : !criteria ? "judge_prompt" : undefined;
    if (empty) {
      this.warnings.push({ file, line: record.line, message: `row skipped: "${empty}" is empty` });
      return undefined;
    }
    const files = value("files")
      .split(";")
      .map((path) => path.trim())
      .filter(Boolean);
    return { line: record.line, prompt, criteria, files };
  }

  private readHeader(record: CsvRecord): void {
    const { file } = this;
    const header = record.fields.map((name) => name.trim().toLowerCase());
    // A column named twice would silently read the first: which one is meant cannot be guessed.
    const repeated = [...new Set(header.filter((name, i) => name !== "" && header.indexOf(name) !== i))];
    if (repeated.length > 0) {
      throw new ConfigError(
        repeated.map((name) => ({
          file,
          line: record.line,
          field: name,
          message: `header column "${name}" appears ${header.filter((other) => other === name).length} times (columns ${header.flatMap((other, i) => (other === name ? [i + 1] : [])).join(" and ")}); name each column once`,
        })),
      );
    }
    const missing = REQUIRED_COLUMNS.filter((name) => !header.includes(name));
    if (missing.length > 0) {
      throw new ConfigError(
        missing.map((name) => ({
          file,
          line: record.line,
          field: name,
          message: `missing header column "${name}" (found: ${header.join(", ")})`,
        })),
      );
    }
    const known: readonly string[] = [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS];
    const unknown = header.filter((name) => !known.includes(name));
    if (unknown.length > 0) this.warnings.push({ file, line: record.line, message: `ignoring unknown column(s) ${unknown.join(", ")}` });
    this.header = header;
    this.headerLine = record.line;
  }

  /** Throws the collected row problems. */
  finish(): void {
    if (!this.header)
      throw new ConfigError([
        { file: this.file, line: this.headerLine, message: "the file is empty; expected a header row prompt,judge_prompt[,files]" },
      ]);
    if (this.problems.length > 0) throw new ConfigError(this.problems);
  }
}

/**
 * Reads a row's attached files; a missing, binary or unreadable file names the CSV line and the path.
 * Each file is read once per suite (`texts`, by resolved path): rows naming the same file share its
 * text, and its lines with NUL bytes or invalid UTF-8 are warned about once.
 */
async function readAttachments(
  row: PromptRow,
  csvPath: string,
  where: { file: string; rootDir: string; allowedRoot: string | undefined },
  texts: Map<string, string>,
  badLines: BadLines,
): Promise<Attachment[]> {
  const { file } = where;
  const attachments: Attachment[] = [];
  for (const path of row.files) {
    const inside = resolveInside(dirname(csvPath), path, where.allowedRoot);
    if ("error" in inside) throw new ConfigError([{ file, line: row.line, field: "files", message: `attached file ${inside.error}` }]);
    let text = texts.get(inside.path);
    if (text === undefined) {
      const read = await badLines.readWhole(inside.path, displayPath(where.rootDir, inside.path), "a text file");
      if ("problem" in read) {
        const reason = read.problem.missing ? "does not exist (paths are relative to the CSV's folder)" : read.problem.message;
        throw new ConfigError([{ file, line: row.line, field: "files", message: `attached file "${path}" ${reason}` }]);
      }
      text = read.text;
      texts.set(inside.path, text);
    }
    attachments.push({ path, text });
  }
  return attachments;
}

function shortHash(text: string): string {
  return createHash("sha1").update(text).digest("hex").slice(0, 8);
}

/** The judge prompt with placeholders where each answer's own text goes: a change to it is a change of judge. */
function judgePromptHash(options: JudgedOptions, preamble: string | undefined): string {
  const template = judgePrompt({
    prompt: "{prompt}",
    response: "{response}",
    criteria: "{criteria}",
    scale: SCALES[options.scale],
    ...(preamble !== undefined ? { preamble } : {}),
  });
  return createHash("sha256").update(template).digest("hex").slice(0, 12);
}

export function loadJudgedSuite(ctx: LoadContext & { options: JudgedOptions }): Promise<LoadedSuite<JudgedInput>> {
  return withLoadWarnings((badLines, warnings) => readJudgedSuite(ctx, badLines, warnings));
}

type JudgedContext = LoadContext & { options: JudgedOptions };

/** A usable prompt row this run keeps, with its content-stable key and its attached files read. */
interface KeptRow {
  row: PromptRow;
  index: number;
  key: string;
  attachments: Attachment[];
}

async function readJudgedSuite(
  ctx: JudgedContext,
  badLines: BadLines,
  warnings: InputProblem[],
): Promise<Omit<LoadedSuite<JudgedInput>, "warnings">> {
  const { options } = ctx;
  const csvPath = resolve(ctx.configDir, options.prompts);
  const file = displayPath(ctx.rootDir, csvPath);
  const unreadable = await checkStreamedFile(csvPath, "a CSV file");
  if (unreadable) {
    throw new ConfigError([
      { file, line: unreadable.line, field: `suites.${ctx.suiteName}.prompts`, message: `the prompts CSV ${unreadable.message}` },
    ]);
  }
  // Lines with NUL bytes or invalid UTF-8, first among the warnings: the preamble's, the CSV's, then the attached files'.
  const preamble = await readPreamble(ctx, badLines);
  const { kept, usable } = await readKeptRows(ctx, { csvPath, file }, badLines, warnings);
  if (usable === 0) warnings.push({ file, message: "no usable prompt rows" });

  const cases: Case<JudgedInput>[] = [];
  for (let run = 1; run <= options.runs; run++) {
    for (const row of kept) {
      for (const agent of options.agents) {
        const testCase = judgedCase(row, { file, run, agent, preamble });
        if (!ctx.keep || ctx.keep(testCase.id)) cases.push(testCase);
      }
    }
  }
  const judge = { name: options.judge, promptHash: judgePromptHash(options, preamble), scale: options.scale, runs: options["judge-runs"] };
  return { cases, judge, ...(ctx.keep ? { total: usable * options.runs * options.agents.length } : {}) };
}

/** The judge-preamble file's text, when the suite sets one. */
async function readPreamble(ctx: JudgedContext, badLines: BadLines): Promise<string | undefined> {
  if (!ctx.options["judge-preamble"]) return undefined;
  const preamblePath = resolve(ctx.configDir, ctx.options["judge-preamble"]);
  const preambleFile = displayPath(ctx.rootDir, preamblePath);
  const read = await badLines.readWhole(preamblePath, preambleFile, "a text file");
  if ("problem" in read) {
    throw new ConfigError([
      {
        file: preambleFile,
        line: read.problem.line,
        field: `suites.${ctx.suiteName}.judge-preamble`,
        message: `cannot read the judge preamble: ${read.problem.message}`,
      },
    ]);
  }
  return read.text;
}

/**
 * The CSV's usable rows this run keeps, streamed: only the rows with a case this run keeps (its
 * shard) stay in memory. Content-stable keys: the same prompt keeps its id when rows are added or reordered.
 */
async function readKeptRows(
  ctx: JudgedContext,
  { csvPath, file }: { csvPath: string; file: string },
  badLines: BadLines,
  warnings: InputProblem[],
): Promise<{ kept: KeptRow[]; usable: number }> {
  const { options } = ctx;
  const seen = new Map<string, number>();
  const kept: KeptRow[] = [];
  let usable = 0;
  const ids = (key: string) =>
    options.agents.flatMap((agent) => Array.from({ length: options.runs }, (_, r) => `${agent}/${key}/r${r + 1}`));
  const where = { file, rootDir: ctx.rootDir, allowedRoot: ctx.allowedRoot };
  const attachedTexts = new Map<string, string>();
  try {
    await streamPromptRows(
      csvPath,
      file,
      async (row) => {
        const index = usable++;
        const hash = shortHash(row.prompt);
        const count = (seen.get(hash) ?? 0) + 1;
        seen.set(hash, count);
        const key = count === 1 ? hash : `${hash}-${count}`;
        if (ctx.keep && !ids(key).some((id) => ctx.keep!(id))) return;
        kept.push({ row, index, key, attachments: await readAttachments(row, csvPath, where, attachedTexts, badLines) });
      },
      badLines.checkerFor(file, csvPath),
      warnings,
    );
  } catch (error) {
    if (error instanceof ConfigError || !(error as NodeJS.ErrnoException).code) throw error;
    throw new ConfigError([
      { file, field: `suites.${ctx.suiteName}.prompts`, message: `cannot read the prompts CSV: ${(error as Error).message}` },
    ]);
  }
  return { kept, usable };
}

function judgedCase(
  { row, index, key, attachments }: KeptRow,
  { file, run, agent, preamble }: { file: string; run: number; agent: string; preamble: string | undefined },
): Case<JudgedInput> {
  return {
    id: `${agent}/${key}/r${run}`,
    // Redacted whole, then from a short head of it: a slice of the whole prompt would keep all of it alive per summary.
    title: redact(row.prompt).slice(0, 200).replace(/\s+/g, " ").slice(0, 80),
    source: { file, line: row.line },
    position: index + 1,
    input: {
      agent,
      run,
      row: index + 1,
      prompt: row.prompt,
      criteria: row.criteria,
      attachments,
      ...(preamble !== undefined ? { preamble } : {}),
    },
  };
}
