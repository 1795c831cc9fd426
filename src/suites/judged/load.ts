// Reads a judged suite's CSV into cases: prompt rows × agents × runs, in the seed's task order
// (run → prompt → agent). Every problem names the CSV file, the line and the column.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { dirname, relative, resolve, sep } from "node:path";
import { ConfigError, excerpt, type InputProblem } from "../../config/errors.ts";
import { resolveInside } from "../../config/paths.ts";
import { readTextFile } from "../../config/text-file.ts";
import type { Case, LoadContext, LoadedSuite } from "../../engine/types.ts";
import { CsvSyntaxError, parseCsv } from "./csv.ts";
import type { JudgedOptions } from "./options.ts";
import type { Attachment } from "./prompt.ts";

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
export function readPromptRows(text: string, file: string): { rows: PromptRow[]; warnings: string[] } {
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    const header = error.records[0]?.fields.map((name) => name.trim());
    const field = header?.[error.field - 1] ?? `column ${error.field}`;
    throw new ConfigError([{ file, line: error.line, field, message: error.reason }]);
  }
  const headerRecord = records[0];
  if (!headerRecord)
    throw new ConfigError([{ file, line: 1, message: "the file is empty; expected a header row prompt,judge_prompt[,files]" }]);

  const header = headerRecord.fields.map((name) => name.trim().toLowerCase());
  const missing = REQUIRED_COLUMNS.filter((name) => !header.includes(name));
  if (missing.length > 0) {
    throw new ConfigError(
      missing.map((name) => ({
        file,
        line: headerRecord.line,
        field: name,
        message: `missing header column "${name}" (found: ${excerpt(header.join(", "), 80)})`,
      })),
    );
  }
  const warnings: string[] = [];
  const known: readonly string[] = [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS];
  const unknown = header.filter((name) => !known.includes(name));
  if (unknown.length > 0) warnings.push(`${file}:${headerRecord.line}: ignoring unknown column(s) ${unknown.join(", ")}`);

  const column = (name: string) => header.indexOf(name);
  const problems: InputProblem[] = [];
  const rows: PromptRow[] = [];
  for (const record of records.slice(1)) {
    if (record.fields.length !== header.length) {
      problems.push({
        file,
        line: record.line,
        field: "row",
        message: `expected ${header.length} fields (${header.join(", ")}), found ${record.fields.length}`,
      });
      continue;
    }
    const value = (name: string) => (column(name) >= 0 ? (record.fields[column(name)] ?? "").trim() : "");
    const prompt = value("prompt");
    const criteria = value("judge_prompt");
    const empty = !prompt ? "prompt" : !criteria ? "judge_prompt" : undefined;
    if (empty) {
      warnings.push(`${file}:${record.line}: row skipped: "${empty}" is empty`);
      continue;
    }
    const files = value("files")
      .split(";")
      .map((path) => path.trim())
      .filter(Boolean);
    rows.push({ line: record.line, prompt, criteria, files });
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return { rows, warnings };
}

/** Reads a row's attached files; a missing file names the CSV line and the path. */
async function readAttachments(row: PromptRow, csvPath: string, file: string, allowedRoot: string | undefined): Promise<Attachment[]> {
  const attachments: Attachment[] = [];
  for (const path of row.files) {
    const inside = resolveInside(dirname(csvPath), path, allowedRoot);
    if ("error" in inside) throw new ConfigError([{ file, line: row.line, field: "files", message: `attached file ${inside.error}` }]);
    try {
      attachments.push({ path, text: await readFile(inside.path, "utf8") });
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "does not exist" : `cannot be read (${(error as Error).message})`;
      throw new ConfigError([
        { file, line: row.line, field: "files", message: `attached file "${path}" ${reason} (paths are relative to the CSV's folder)` },
      ]);
    }
  }
  return attachments;
}

function shortHash(text: string): string {
  return createHash("sha1").update(text).digest("hex").slice(0, 8);
}

export async function loadJudgedSuite(ctx: LoadContext & { options: JudgedOptions }): Promise<LoadedSuite<JudgedInput>> {
  const { options } = ctx;
  const csvPath = resolve(ctx.configDir, options.prompts);
  const file = displayPath(ctx.rootDir, csvPath);
  const read = await readTextFile(csvPath, { what: "a CSV file" });
  if ("problem" in read) {
    throw new ConfigError([
      { file, line: read.problem.line, field: `suites.${ctx.suiteName}.prompts`, message: `the prompts CSV ${read.problem.message}` },
    ]);
  }
  const { rows, warnings } = readPromptRows(read.text, file);
  warnings.unshift(...read.warnings.map((warning) => `${file}:${warning.line}: ${warning.message}`));
  if (rows.length === 0) warnings.push(`${file}: no usable prompt rows`);

  let preamble: string | undefined;
  if (options["judge-preamble"]) {
    const preamblePath = resolve(ctx.configDir, options["judge-preamble"]);
    try {
      preamble = await readFile(preamblePath, "utf8");
    } catch (error) {
      throw new ConfigError([
        {
          file: displayPath(ctx.rootDir, preamblePath),
          field: `suites.${ctx.suiteName}.judge-preamble`,
          message: `cannot read the judge preamble: ${(error as Error).message}`,
        },
      ]);
    }
  }

  // Content-stable ids: the same prompt keeps its id when rows are added or reordered.
  const seen = new Map<string, number>();
  const prepared: { row: PromptRow; key: string; attachments: Attachment[] }[] = [];
  for (const row of rows) {
    const hash = shortHash(row.prompt);
    const count = (seen.get(hash) ?? 0) + 1;
    seen.set(hash, count);
    prepared.push({
      row,
      key: count === 1 ? hash : `${hash}-${count}`,
      attachments: await readAttachments(row, csvPath, file, ctx.allowedRoot),
    });
  }

  const cases: Case<JudgedInput>[] = [];
  for (let run = 1; run <= options.runs; run++) {
    prepared.forEach(({ row, key, attachments }, index) => {
      for (const agent of options.agents) {
        cases.push({
          id: `${agent}/${key}/r${run}`,
          title: row.prompt.replace(/\s+/g, " ").slice(0, 80),
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
        });
      }
    });
  }
  return { cases, warnings };
}
