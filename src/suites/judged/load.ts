// Reads a judged suite's CSV into cases: prompt rows × agents × runs, in the seed's task order
// (run → prompt → agent). Every problem names the CSV file, the line and the column.

import { createHash } from "node:crypto";
import { dirname, relative, resolve, sep } from "node:path";
import { ConfigError, excerpt, type InputProblem } from "../../config/errors.ts";
import { resolveInside } from "../../config/paths.ts";
import { type BadLines, checkStreamedFile, TextChecker, withLoadWarnings } from "../../config/text-file.ts";
import type { Case } from "../../results/types.ts";
import { redact } from "../../util/redact.ts";
import { type CompiledCheck, columnsRead, compileChecks, missingColumns } from "../checks/compile.ts";
import type { LoadContext, LoadedSuite } from "../kind.ts";
import { CsvReader, type CsvRecord, CsvSyntaxError, readCsvFile } from "./csv.ts";
import { SCALES, type Scale } from "./grading.ts";
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
  /**
   * The row's values, part of what the case is: every column besides prompt, judge_prompt, files and
   * group by its header as written (a prompt file's `{{name}}`), and the columns its checks read.
   */
  vars?: Record<string, string>;
  /** The suite's checks, compiled once and shared by its cases (not the case's content: not fingerprinted). */
  checks?: readonly CompiledCheck[];
  /** People's score of the answer (the human score column): the judge's calibration, not the case's content (not fingerprinted). */
  human?: number;
}

/** One usable CSV row. */
export interface PromptRow {
  line: number;
  prompt: string;
  criteria: string;
  /** Paths from the files column (separated by ";"), relative to the CSV's folder. */
  files: string[];
  /** The row's values (JudgedInput.vars); absent when the CSV has no such column. */
  vars?: Record<string, string>;
  /** The group column: rows of one group are compared as a cluster (questions about one document, one customer). */
  group?: string;
  /** People's score of the row's answer, on the suite's scale (the human score column); absent when unlabelled. */
  human?: number;
}

/** The columns evalgate reads itself; every other column is a value of the row's. */
export const RESERVED_COLUMNS = ["prompt", "judge_prompt", "files", "group"] as const;

/** `columns:`: which of the CSV's own columns plays each of evalgate's (prompt: question). */
export type ColumnMap = Partial<Record<(typeof RESERVED_COLUMNS)[number], string>>;

/** What a suite needs of its CSV: the columns every row must fill, and those its checks read (each with the checks reading it). */
export interface RowRules {
  required: readonly string[];
  read: ReadonlyMap<string, readonly string[]>;
  /** The CSV's own names of evalgate's columns (the suite's `columns:`). */
  columns?: ColumnMap;
  /** The names a row's values can be read by (the header, trimmed and lower case, and the mapped roles), once the reader has it. */
  header?: string[];
  /** The column of people's scores (lower case), the scale's points, and whether the config named it (then the CSV must have it). */
  human?: { column: string; named: boolean; scale: Scale };
}

/** A suite with a judge and no checks: prompt and judge_prompt. */
const JUDGED_ROWS: RowRules = { required: ["prompt", "judge_prompt"], read: new Map() };

/** Paths in results are relative to the repository root and always use "/". */
function displayPath(rootDir: string, path: string): string {
  return relative(rootDir, path).split(sep).join("/");
}

/** Parses the CSV text into usable rows; rows with an empty prompt or judge_prompt are skipped with a warning. */
export function readPromptRows(text: string, file: string, rules: RowRules = JUDGED_ROWS): { rows: PromptRow[]; warnings: InputProblem[] } {
  const warnings: InputProblem[] = [];
  const reader = new PromptRowReader(file, warnings, rules);
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
  rules: RowRules = JUDGED_ROWS,
): Promise<void> {
  const reader = new PromptRowReader(file, warnings, rules);
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
  /** Each name a value is read by: the header's, and evalgate's columns where `columns:` maps them. */
  private index = new Map<string, number>();
  /** The columns besides the reserved ones: their index and their header as written. */
  private extra: { index: number; name: string }[] = [];
  private headerLine = 1;
  private readonly problems: InputProblem[] = [];
  private readonly warnings: InputProblem[];
  private readonly rules: RowRules;

  constructor(file: string, warnings: InputProblem[], rules: RowRules) {
    this.file = file;
    this.warnings = warnings;
    this.rules = rules;
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
      const index = this.index.get(name);
      return index !== undefined ? (record.fields[index] ?? "").trim() : "";
    };
    const empty = this.rules.required.find((name) => !value(name));
    if (empty) {
      this.warnings.push({ file, line: record.line, message: `row skipped: "${this.shown(empty)}" is empty` });
      return undefined;
    }
    const vars = this.rowValues(record, value);
    const files = value("files")
      .split(";")
      .map((path) => path.trim())
      .filter(Boolean);
    const group = value("group");
    const human = this.humanLabel(record.line, value);
    return {
      line: record.line,
      prompt: value("prompt"),
      criteria: value("judge_prompt"),
      files,
      ...(Object.keys(vars).length ? { vars } : {}),
      ...(group ? { group } : {}),
      ...(human !== undefined ? { human } : {}),
    };
  }

  /** The row's human score, when labelled: a point of the suite's scale (any value in its range on 0-100). */
  private humanLabel(line: number, value: (name: string) => string): number | undefined {
    const human = this.rules.human;
    const text = human ? value(human.column) : "";
    if (!human || text === "") return undefined;
    const score = Number(text);
    const { scale } = human;
    const onScale = scale.continuous ? score >= scale.min && score <= scale.max : scale.labels.some((point) => point.score === score);
    if (Number.isFinite(score) && onScale) return score;
    const points = scale.continuous ? `${scale.min} to ${scale.max}` : scale.labels.map((point) => point.score).join(", ");
    this.problems.push({
      file: this.file,
      line,
      field: human.column,
      message: `${excerpt(text, 40)} is not a score on the suite's ${scale.type} scale (${points}): leave it empty for an unlabelled row`,
    });
    return undefined;
  }

  /** The row's values: its other columns as written, then any column the checks read that is not among them. */
  private rowValues(record: CsvRecord, value: (name: string) => string): Record<string, string> {
    const vars = Object.fromEntries(this.extra.map(({ index, name }) => [name, (record.fields[index] ?? "").trim()]));
    const checked = this.readVars(record.line, value);
    const named = new Set(Object.keys(vars).map((name) => name.toLowerCase()));
    for (const [column, text] of Object.entries(checked)) if (!named.has(column)) vars[column] = text;
    return vars;
  }

  /** The values the checks read; an empty one is a problem (a check against "" would pass or fail on nothing). */
  private readVars(line: number, value: (name: string) => string): Record<string, string> {
    const vars: Record<string, string> = Object.create(null); // a column "__proto__" is a column like any other
    for (const [column, checks] of this.rules.read) {
      if (!this.index.has(column)) continue; // a column the CSV lacks is the checks' problem, at their line
      vars[column] = value(column);
      if (!vars[column])
        this.problems.push({
          file: this.file,
          line,
          field: column,
          message: `empty, and the check${checks.length === 1 ? "" : "s"} ${checks.join(", ")} ${checks.length === 1 ? "fills" : "fill"} {{${column}}} from it: give every row a value`,
        });
    }
    return vars;
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
    this.index = columnIndex(header, this.rules.columns);
    const named = this.rules.human?.named ? [this.rules.human.column] : [];
    const missing = [...this.rules.required, ...named].filter((name) => !this.index.has(name));
    if (missing.length > 0) {
      throw new ConfigError(
        missing.map((name) => ({
          file,
          line: record.line,
          field: this.shown(name),
          message: `missing header column "${this.shown(name)}"${this.shown(name) === name ? "" : ` (columns: ${name}: ${this.shown(name)})`} (found: ${header.join(", ")})`,
        })),
      );
    }
    // Other columns are the row's values: a prompt file's {{name}} placeholders by their header as written, and what checks read.
    const reservedNames = [...RESERVED_COLUMNS, ...(this.rules.human ? [this.rules.human.column] : [])];
    const reserved = new Set(reservedNames.map((name) => this.index.get(name)));
    this.extra = header.flatMap((name, index) =>
      name !== "" && !reserved.has(index) ? [{ index, name: record.fields[index]!.trim() }] : [],
    );
    this.header = header;
    this.headerLine = record.line;
    this.rules.header = [...this.index.keys()];
  }

  /** The CSV's name of one of evalgate's columns: the mapped one, as problems name it. */
  private shown(name: string): string {
    return this.rules.columns?.[name as keyof ColumnMap]?.trim().toLowerCase() ?? name;
  }

  /** Throws the collected row problems. */
  finish(): void {
    if (!this.header)
      throw new ConfigError([
        {
          file: this.file,
          line: this.headerLine,
          message: `the file is empty; expected a header row ${this.rules.required.map((name) => this.shown(name)).join(",")}[,${this.shown("files")}][,${this.shown("group")}]`,
        },
      ]);
    if (this.problems.length > 0) throw new ConfigError(this.problems);
  }
}

/**
 * Where each name's value is in a row: the header's own names, then evalgate's columns where
 * `columns:` maps them (a mapped role takes the place of a column of that name, which stays a value).
 */
function columnIndex(header: readonly string[], columns: ColumnMap | undefined): Map<string, number> {
  const index = new Map(header.flatMap((name, i) => (name === "" ? [] : [[name, i] as const])));
  const byRole = new Map<string, number>();
  for (const [role, column] of Object.entries(columns ?? {})) {
    const at = header.indexOf(column.trim().toLowerCase());
    if (at >= 0) byRole.set(role, at);
    else index.delete(role); // mapped to a column the CSV lacks: missing, never the column of that name
  }
  for (const [role, at] of byRole) index.set(role, at);
  return index;
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
export function judgePromptHash(options: Pick<JudgedOptions, "scale">, preamble: string | undefined): string {
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
  const { checks, kept, usable } = await readChecksAndRows(ctx, { csvPath, file }, badLines, warnings);
  if (usable === 0) warnings.push({ file, message: "no usable prompt rows" });

  const cases: Case<JudgedInput>[] = [];
  for (let run = 1; run <= options.runs; run++) {
    for (const row of kept) {
      for (const agent of options.agents) {
        const testCase = judgedCase(row, { file, run, agent, preamble, checks });
        if (!ctx.keep || ctx.keep(testCase.id)) cases.push(testCase);
      }
    }
  }
  const judge = options.judge
    ? { judge: { name: options.judge, promptHash: judgePromptHash(options, preamble), scale: options.scale, runs: options["judge-runs"] } }
    : {};
  const identities = checks ? { checks: Object.fromEntries(checks.map((check) => [check.name, check.definition])) } : {};
  return { cases, ...judge, ...identities, ...(ctx.keep ? { total: usable * options.runs * options.agents.length } : {}) };
}

/**
 * The suite's checks compiled and its CSV's rows read, with the problems of both reported together:
 * a check that cannot be evaluated, a `{{column}}` the CSV lacks, a row that leaves one empty.
 */
async function readChecksAndRows(
  ctx: JudgedContext,
  csv: { csvPath: string; file: string },
  badLines: BadLines,
  warnings: InputProblem[],
): Promise<{ checks: readonly CompiledCheck[] | undefined; kept: KeptRow[]; usable: number }> {
  const { options } = ctx;
  const compiled = options.checks
    ? await compileChecks(options.checks, {
        configDir: ctx.configDir,
        rootDir: ctx.rootDir,
        allowedRoot: ctx.allowedRoot,
        configFile: ctx.configFile ?? "evalgate.yml",
        lineOf: ctx.lineOf,
        at: ["suites", ctx.suiteName, "checks"],
        badLines,
      })
    : { checks: [], problems: [] };
  const rules = rowRules(options, compiled.checks);
  const checkProblems = () => [
    ...compiled.problems,
    ...(rules.header ? missingColumns(compiled.checks, rules.header, `the prompts CSV ${csv.file}`) : []),
  ];
  let rows: { kept: KeptRow[]; usable: number };
  try {
    rows = await readKeptRows(ctx, csv, badLines, warnings, rules);
  } catch (error) {
    if (error instanceof ConfigError) throw new ConfigError([...checkProblems(), ...error.problems]);
    throw error;
  }
  const problems = checkProblems();
  if (problems.length > 0) throw new ConfigError(problems);
  return { checks: options.checks ? compiled.checks : undefined, ...rows };
}

/** The columns the suite needs: prompt, judge_prompt with a judge, and each column a check reads (with the checks reading it). */
function rowRules(options: JudgedOptions, checks: readonly CompiledCheck[]): RowRules {
  const read = new Map<string, string[]>();
  for (const column of columnsRead(checks)) {
    read.set(
      column,
      checks.filter((check) => check.columns.includes(column)).map((check) => check.name),
    );
  }
  const named = options["human-score-column"];
  const human = options.judge
    ? { column: (named ?? "human_score").trim().toLowerCase(), named: named !== undefined, scale: SCALES[options.scale] }
    : undefined;
  return {
    required: options.judge ? ["prompt", "judge_prompt"] : ["prompt"],
    read,
    ...(options.columns ? { columns: options.columns } : {}),
    ...(human ? { human } : {}),
  };
}

/** The judge-preamble file's text, when the suite sets one. */
export async function readPreamble(
  ctx: LoadContext & { options: { "judge-preamble"?: string | undefined } },
  badLines: BadLines,
): Promise<string | undefined> {
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
  rules: RowRules,
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
      rules,
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
  where: { file: string; run: number; agent: string; preamble: string | undefined; checks: readonly CompiledCheck[] | undefined },
): Case<JudgedInput> {
  const { file, run, agent, preamble, checks } = where;
  return {
    id: `${agent}/${key}/r${run}`,
    // Redacted whole, then from a short head of it: a slice of the whole prompt would keep all of it alive per summary.
    title: redact(row.prompt).slice(0, 200).replace(/\s+/g, " ").slice(0, 80),
    source: { file, line: row.line },
    position: index + 1,
    ...(row.group !== undefined ? { cluster: row.group } : {}),
    input: {
      agent,
      run,
      row: index + 1,
      prompt: row.prompt,
      criteria: row.criteria,
      attachments,
      ...(preamble !== undefined ? { preamble } : {}),
      ...(row.vars ? { vars: row.vars } : {}),
      ...(checks ? { checks } : {}),
      ...(row.human !== undefined ? { human: row.human } : {}),
    },
  };
}
