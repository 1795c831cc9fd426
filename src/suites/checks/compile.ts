// A suite's `checks:` made ready at load: each entry's kind found, its options applied, what it
// prepares done (a pattern compiled, a schema file read and compiled) and the columns its
// `{{column}}`s read collected. Every problem is an input problem at the check's line in the config
// (or in the schema file), all of them at once, before any request.
import { createHash } from "node:crypto";
import { relative, sep } from "node:path";
import { closest } from "../../config/did-you-mean.ts";
import type { InputProblem } from "../../config/errors.ts";
import { resolveInside } from "../../config/paths.ts";
import { MAX_PROMPT_FILE_BYTES } from "../../config/prompt-file.ts";
import { type BadLines, readTextFile } from "../../config/text-file.ts";
import { type CheckKind, CheckProblem, checkKind } from "./kinds.ts";
import { type CheckSpec, checkNames, kindKeysOf } from "./options.ts";
import { placeholders } from "./template.ts";

export interface CompiledCheck {
  name: string;
  kind: CheckKind;
  /** The value's texts as written, with their `{{column}}`s. */
  templates: string[];
  /** The columns those read, trimmed and lower case. */
  columns: string[];
  caseSensitive: boolean;
  flags: string;
  prepared: unknown;
  /** Where the check's value is in the config: for problems found later (a column the data lacks). */
  where: { file: string; line?: number; field: string };
  /** A hash of what the check is (kind, value, options, the text of a file it names): another hash is another check. */
  definition: string;
}

export interface CompileContext {
  /** Files a check names are relative to this folder (the config's). */
  configDir: string;
  /** Paths shown in messages are relative to this one (the repository's root). */
  rootDir: string;
  /** Files must resolve inside it; undefined when `allow-outside-repo: true`. */
  allowedRoot: string | undefined;
  /** The config as shown in messages, and the line of a field in it. */
  configFile: string;
  lineOf?: ((fieldPath: (string | number)[]) => number | undefined) | undefined;
  /** Where the list is in the config: ["suites", "qa", "checks"]. */
  at: (string | number)[];
  /** Notes the bad lines (NUL bytes, invalid UTF-8) of the files read, as the suite's warnings. */
  badLines?: BadLines;
}

/** "suites.qa.checks[2].regex". */
function fieldName(path: (string | number)[]): string {
  return path.map((part, i) => (typeof part === "number" ? `[${part}]` : i === 0 ? part : `.${part}`)).join("");
}

/** Compiles every check; the problems of all of them come back together (no check compiled is used then). */
export async function compileChecks(
  specs: readonly CheckSpec[],
  ctx: CompileContext,
): Promise<{ checks: CompiledCheck[]; problems: InputProblem[] }> {
  const names = checkNames(specs);
  const checks: CompiledCheck[] = [];
  const problems: InputProblem[] = [];
  for (const [index, spec] of specs.entries()) {
    const key = kindKeysOf(spec)[0]!;
    const kind = checkKind(key)!;
    const path = [...ctx.at, index, key];
    const where = { file: ctx.configFile, line: ctx.lineOf?.(path), field: fieldName(path) };
    const problem = (message: string, at?: { file: string; line?: number }) =>
      problems.push({ ...where, ...(at ? { file: at.file, line: at.line } : {}), message });
    const value = spec[key];
    const templates = kind.texts(value);
    const columns = [...new Set(templates.flatMap(placeholders))];
    if (columns.includes("")) problem('"{{}}" names no column: write {{column}}');
    const flags = spec.flags ?? "";
    const caseSensitive = spec["case-sensitive"] ?? kind.caseSensitive ?? true;
    const filesRead: string[] = [];
    const readFile = async (file: string) => {
      const read = await readCheckFile(file, ctx);
      filesRead.push(read.text);
      return read;
    };
    try {
      const prepared = await kind.prepare(value, { flags }, { readFile });
      const definition = createHash("sha256")
        .update(JSON.stringify([key, value, caseSensitive, flags, filesRead]))
        .digest("hex")
        .slice(0, 12);
      checks.push({
        name: names[index]!,
        kind,
        templates,
        columns: columns.filter(Boolean),
        caseSensitive,
        flags,
        prepared,
        where,
        definition,
      });
    } catch (error) {
      if (!(error instanceof CheckProblem)) throw error;
      problem(error.message, error.where);
    }
  }
  return { checks, problems };
}

/** A file a check names: inside the repository, a readable text file, its bad bytes noted. */
/** The largest JSON Schema a check reads: a prompt file's limit (1 MiB). */
const MAX_SCHEMA_FILE_BYTES = MAX_PROMPT_FILE_BYTES;

async function readCheckFile(path: string, ctx: CompileContext): Promise<{ text: string; file: string }> {
  const inside = resolveInside(ctx.configDir, path, ctx.allowedRoot);
  if ("error" in inside) throw new CheckProblem(inside.error);
  const file = relative(ctx.rootDir, inside.path).split(sep).join("/");
  // A check's file is a JSON Schema, capped like a prompt file: Ajv compiles a larger one for
  // minutes and gigabytes, and a schema that large is no schema a person wrote.
  const read = ctx.badLines
    ? await ctx.badLines.readWhole(inside.path, file, "a JSON Schema", MAX_SCHEMA_FILE_BYTES)
    : await readTextFile(inside.path, { what: "a JSON Schema", maxBytes: MAX_SCHEMA_FILE_BYTES });
  if ("problem" in read) {
    throw new CheckProblem(
      read.problem.missing
        ? `${JSON.stringify(path)} does not exist (paths are relative to the config's folder)`
        : `${file} ${read.problem.message}`,
    );
  }
  return { text: read.text, file };
}

/**
 * The `{{column}}`s no column of the data fills, at each check's line: "{{anwser}}: evals/qa.csv
 * has no column "anwser" (did you mean "answer"?)". `source` names the data ("the prompts CSV evals/qa.csv").
 */
export function missingColumns(checks: readonly CompiledCheck[], columns: readonly string[], source: string): InputProblem[] {
  return checks.flatMap((check) =>
    check.columns
      .filter((column) => !columns.includes(column))
      .map((column) => {
        const suggestion = closest(column, [...columns]);
        return {
          ...check.where,
          message: `{{${column}}}: ${source} has no column "${column}"${suggestion ? ` (did you mean "${suggestion}"?)` : ""}; its columns: ${columns.join(", ")}`,
        };
      }),
  );
}

/** Every column the checks read. */
export function columnsRead(checks: readonly CompiledCheck[]): string[] {
  return [...new Set(checks.flatMap((check) => check.columns))];
}
