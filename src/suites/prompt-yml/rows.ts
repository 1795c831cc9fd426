// What each testData row must give: a value for every `{{name}}` of the file's messages and of its
// evaluators. gh models eval sends a placeholder no row fills as it is written; evalgate refuses it
// before any request, naming the placeholder's line and the first row's (exit 2).
import { closest } from "../../config/did-you-mean.ts";
import type { InputProblem } from "../../config/errors.ts";
import type { PromptFile } from "../../config/prompt-file.ts";
import { firstPlaceholderUses, templateValue } from "../../config/prompt-template.ts";
import { columnName } from "../checks/template.ts";
import type { CompiledEvaluator } from "./evaluators.ts";

type Row = PromptFile["testData"][number];

/** The row's values as placeholders take them: texts, numbers and booleans (lists, mappings and null fill none). */
export function rowValues(values: Record<string, unknown>): Record<string, string> {
  const filled: Record<string, string> = Object.create(null); // a key "__proto__" is a value like any other
  for (const [key, value] of Object.entries(values)) {
    const text = templateValue(value);
    if (text !== undefined) filled[key] = text;
  }
  return filled;
}

/** The same keyed as a string evaluator reads them (the check engine's `{{column}}`: trimmed, lower case). */
export function checkValues(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [columnName(key), value]));
}

/** Every placeholder some row leaves without a value, and every row a string evaluator would read an empty or ambiguous value in. */
export function rowProblems(prompt: PromptFile, evaluators: readonly CompiledEvaluator[]): InputProblem[] {
  const rows = prompt.testData.map((row, index) => ({ row, index, values: rowValues(row.values) }));
  const problems: InputProblem[] = [];
  for (const { name, line, message } of firstPlaceholderUses(prompt.messages)) {
    const lacking = rows.filter(({ values }) => !Object.hasOwn(values, name));
    if (lacking.length)
      problems.push({ file: prompt.file, line, field: `messages[${message}].content`, message: missing(name, lacking, prompt.file) });
  }
  for (const evaluator of evaluators) problems.push(...evaluatorProblems(prompt.file, evaluator, rows));
  return problems;
}

interface ReadRow {
  row: Row;
  index: number;
  values: Record<string, string>;
}

function evaluatorProblems(file: string, evaluator: CompiledEvaluator, rows: readonly ReadRow[]): InputProblem[] {
  const at = { file, line: evaluator.line, field: `evaluators[${evaluator.index}]` };
  const builtIn =
    evaluator.kind === "builtin"
      ? ` (github/${evaluator.builtin} reads ${evaluator.reads.map((name) => `{{${name}}}`).join(" and ")})`
      : "";
  const problems: InputProblem[] = [];
  const lower = evaluator.kind === "string";
  for (const name of evaluator.reads) {
    const has = (values: Record<string, string>) =>
      lower ? Object.keys(values).some((key) => columnName(key) === name) : Object.hasOwn(values, name);
    const lacking = rows.filter(({ values }) => !has(values));
    if (lacking.length) {
      const keys = [...new Set(rows.flatMap(({ row }) => Object.keys(row.values)))];
      const suggestion = closest(name, keys);
      const hint = suggestion && suggestion !== name ? ` (did you mean "${suggestion}"?)` : "";
      problems.push({ ...at, message: `"${evaluator.label}"${builtIn}: ${missing(name, lacking, file)}${hint}` });
      continue;
    }
    if (lower) problems.push(...stringValueProblems(file, evaluator, name, rows));
  }
  return problems;
}

/** A string evaluator against "" would pass or fail on nothing; two keys differing only in case cannot be told apart. */
function stringValueProblems(file: string, evaluator: CompiledEvaluator, name: string, rows: readonly ReadRow[]): InputProblem[] {
  return rows.flatMap(({ row, index, values }) => {
    const keys = Object.keys(values).filter((key) => columnName(key) === name);
    const at = { file, line: row.line, field: `testData[${index}].${keys[0]}` };
    if (keys.length > 1)
      return [
        {
          ...at,
          message: `the keys ${keys.join(", ")} differ only in case, and the evaluator "${evaluator.label}" reads {{${name}}}: rename one`,
        },
      ];
    if (values[keys[0]!] === "")
      return [{ ...at, message: `empty, and the evaluator "${evaluator.label}" fills {{${name}}} from it: give every row a value` }];
    return [];
  });
}

function missing(name: string, lacking: readonly ReadRow[], file: string): string {
  const { row, index, values } = lacking[0]!;
  const more = lacking.length > 1 ? ` (and ${lacking.length - 1} more row${lacking.length > 2 ? "s" : ""})` : "";
  const why = Object.hasOwn(row.values, name) ? " (its value is not text, a number or a boolean)" : "";
  const given = Object.keys(values);
  return `{{${name}}} has no value in testData[${index}] at ${file}:${row.line}${more}${why}; the row gives ${given.length ? given.map((key) => `{{${key}}}`).join(", ") : "no values"}`;
}
