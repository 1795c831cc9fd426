// Which dataset format a problem found loading a suite is about, so the error names the schema that
// describes the line (schemas/<format>.schema.json). Apart from dataset-schemas.ts, whose zod
// schemas a run never needs to build.
import path from "node:path";
import type { InputProblem } from "../config/errors.ts";
import type { DatasetFormat } from "./dataset-schemas.ts";

/**
 * The problems found loading a suite, each dataset line's problem naming its format (so the error
 * points at the schema). Which format a file follows is read from the suite's kind and options, and
 * for a function-call file in `format: auto`, from the fields BFCL's questions have. Problems of other
 * files (a judged row's attachments, tool schemas, rubrics) name none.
 */
export function withDatasetFormats(
  problems: InputProblem[],
  suite: SuiteFiles,
  dirs: { rootDir: string; configDir: string },
): InputProblem[] {
  return problems.map((problem) => {
    const format = datasetFormatOf(problem, suite, dirs);
    return format ? { ...problem, schema: format } : problem;
  });
}

interface SuiteFiles {
  kind: string;
  format?: string;
  /** A judged suite's prompts CSV, relative to the config's folder. */
  prompts?: string;
}

function datasetFormatOf(
  problem: InputProblem,
  suite: SuiteFiles,
  dirs: { rootDir: string; configDir: string },
): DatasetFormat | undefined {
  if (problem.line === undefined) return undefined;
  if (suite.kind === "judged") {
    if (problem.field === "files") return undefined; // about an attached file, not the row's format
    const promptsCsv =
      suite.prompts !== undefined && path.resolve(dirs.rootDir, problem.file) === path.resolve(dirs.configDir, suite.prompts);
    return promptsCsv ? "judged-csv" : undefined;
  }
  if (suite.kind === "conversations" && problem.file.endsWith(".jsonl")) return "conversations";
  if (suite.kind === "agent" && problem.file.endsWith(".jsonl")) return "agent";
  if (suite.kind !== "function-calls" || !problem.file.endsWith(".jsonl")) return undefined;
  if (/(^|\/)possible_answer\//.test(problem.file)) return "bfcl-answer";
  const bfclField = /^(question|function)(\.|$)/.test(problem.field ?? "");
  return suite.format === "bfcl" || (suite.format !== "evalgate" && bfclField) ? "bfcl-question" : "function-calls";
}
